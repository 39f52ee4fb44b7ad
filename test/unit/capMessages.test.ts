import assert from 'node:assert';
import {
  composeFromSources,
  composeSection,
  fileCapProblem,
  heartwoodCapProblem,
  MAX_FILE_BYTES,
  measureCapProblem,
  miscasedMessage,
  openclaw,
  reportFile,
  reportHeartwood,
  splitsCharacter,
  english,
  toolnexus,
} from '../../src/core';

const CAP = 2_097_152;

describe('cap problems of a bootstrap file', () => {
  it('says nothing below the warning threshold', () => {
    assert.strictEqual(fileCapProblem(reportFile('SOUL.md', 'a'.repeat(1000))), undefined);
    assert.strictEqual(fileCapProblem(reportFile('SOUL.md', undefined)), undefined);
  });

  it('warns once the file passes warnAt of its cap, with how full it is and the bytes left', () => {
    const bytes = Math.ceil(CAP * 0.9);
    const problem = fileCapProblem(reportFile('SOUL.md', 'a'.repeat(bytes), 0.9));
    assert.ok(problem);
    assert.strictEqual(problem.kind, 'near');
    assert.strictEqual(problem.cutIndex, undefined);
    assert.strictEqual(
      problem.message,
      `SOUL.md is near the 2 MB bootstrap cap: ${bytes.toLocaleString('en-US')} of 2,097,152 bytes (90.0 %), ${(CAP - bytes).toLocaleString('en-US')} bytes left before the runtime cuts it.`,
    );
    // One byte under the threshold is not near.
    assert.strictEqual(fileCapProblem(reportFile('SOUL.md', 'a'.repeat(bytes - 1), 0.9)), undefined);
  });

  it('follows a configured threshold', () => {
    assert.strictEqual(fileCapProblem(reportFile('SOUL.md', 'a'.repeat(CAP / 2), 0.5))?.kind, 'near');
    assert.strictEqual(fileCapProblem(reportFile('SOUL.md', 'a'.repeat(CAP / 2), 0.6)), undefined);
  });

  it('a file of exactly the cap is near, with 0 bytes left, and not cut', () => {
    const problem = fileCapProblem(reportFile('MEMORY.md', 'a'.repeat(CAP)));
    assert.strictEqual(problem?.kind, 'near');
    assert.match(problem.message, /2,097,152 of 2,097,152 bytes \(100 %\), 0 bytes left/);
  });

  it('errs past the cap: how many bytes over, where the cut falls, what the runtime appends', () => {
    const text = 'a'.repeat(CAP) + 'b'.repeat(1234);
    const problem = fileCapProblem(reportFile('MEMORY.md', text), text);
    assert.ok(problem);
    assert.strictEqual(problem.kind, 'over');
    assert.strictEqual(problem.cutIndex, CAP);
    assert.strictEqual(
      problem.message,
      'MEMORY.md is 1,234 bytes over the 2 MB bootstrap cap (2,098,386 bytes): the runtime drops everything from here to the end of the file (1,234 bytes) and appends "[truncated: exceeds 2 MB bootstrap cap]".',
    );
  });

  it('puts the cut at the first character the runtime loses, in UTF-16 units', () => {
    // 'é' is 2 bytes and 1 unit; '😀' is 4 bytes and 2 units.
    const text = 'é'.repeat(CAP / 2 - 2) + '😀' + 'tail';
    const problem = fileCapProblem(reportFile('SOUL.md', text), text);
    assert.strictEqual(problem?.cutIndex, CAP / 2 - 2 + 2);
    // What comes before the cut is exactly what the section keeps.
    const kept = composeSection('SOUL.md', text).body;
    assert.ok(kept.startsWith(text.slice(0, problem.cutIndex)));
    assert.ok(!problem.message.includes('splits'));
  });

  it('says so when the cap splits a character', () => {
    const text = 'a'.repeat(CAP - 1) + 'é' + 'tail';
    const problem = fileCapProblem(reportFile('SOUL.md', text), text);
    assert.strictEqual(problem?.cutIndex, CAP - 1);
    assert.match(problem.message, /splits the character here: the part kept becomes "\uFFFD"/);
    assert.ok(composeFromSources({ 'SOUL.md': text }).soul.includes('a\uFFFD\n[truncated'));
  });

  it('gives the same cut for disk bytes and editor text', () => {
    const text = 'line\n'.repeat(CAP / 5) + 'more\n';
    const fromText = fileCapProblem(reportFile('TOOLS.md', text), text);
    const fromBytes = fileCapProblem(reportFile('TOOLS.md', Buffer.from(text)), text);
    assert.deepStrictEqual(fromBytes, fromText);
    assert.strictEqual(fromText?.cutIndex, CAP);
  });

  it('passes its words through the renderer, by message id', () => {
    const seen: string[] = [];
    const problem = fileCapProblem(reportFile('SOUL.md', 'a'.repeat(CAP)), undefined, (id, ...args) => {
      seen.push(id);
      return english(id, ...args).toUpperCase();
    });
    assert.deepStrictEqual(seen, ['fileNear']);
    assert.ok(problem?.message.startsWith('SOUL.MD IS NEAR THE 2 MB BOOTSTRAP CAP: 2,097,152'));
  });
});

describe('splitsCharacter', () => {
  it('is false at a character boundary and true inside a character', () => {
    assert.strictEqual(splitsCharacter('a'.repeat(MAX_FILE_BYTES + 1), MAX_FILE_BYTES), false);
    assert.strictEqual(splitsCharacter('a'.repeat(MAX_FILE_BYTES - 1) + '€x', MAX_FILE_BYTES - 1), true);
    assert.strictEqual(splitsCharacter('abc', 3), false);
  });
});

describe('cap problems of HEARTWOOD.md', () => {
  it('warns near the loader cap, in characters', () => {
    const problem = heartwoodCapProblem(reportHeartwood('x'.repeat(1900)));
    assert.deepStrictEqual(problem, {
      kind: 'near',
      message: "HEARTWOOD.md is near its cap of 2,000 characters (the loader's maxChars): 1,900 characters (95 %), 100 left before it is cut.",
    });
  });

  it('errs past the cap, with the cut after the leading whitespace the section trims', () => {
    const text = '\n\n  ' + 'x'.repeat(2000) + 'y'.repeat(312) + '\n';
    const problem = heartwoodCapProblem(reportHeartwood(text));
    assert.ok(problem);
    assert.strictEqual(problem.kind, 'over');
    assert.strictEqual(problem.cutIndex, 4 + 2000);
    assert.strictEqual(text[problem.cutIndex], 'y');
    assert.strictEqual(
      problem.message,
      "HEARTWOOD.md is 312 characters over its cap of 2,000 characters (the loader's maxChars): the identity section keeps the first 2,000 characters of the trimmed text and drops everything from here to the end of the file.",
    );
  });

  it('names the ceiling when it is the tighter cap', () => {
    const problem = heartwoodCapProblem(reportHeartwood('x'.repeat(120), { maxChars: 2000, ceiling: 100 }));
    assert.match(problem?.message ?? '', /20 characters over its cap of 100 characters \(the route's heartwoodMaxChars ceiling\)/);
  });

  it('says nothing of a small or absent file', () => {
    assert.strictEqual(heartwoodCapProblem(reportHeartwood('short')), undefined);
    assert.strictEqual(heartwoodCapProblem(reportHeartwood(undefined)), undefined);
  });
});

describe('mis-cased bootstrap names', () => {
  it('explains why the file is not read and what to rename it to', () => {
    assert.strictEqual(
      miscasedMessage('soul.md', 'SOUL.md'),
      'soul.md is not read as SOUL.md on a case-sensitive file system: the runtime matches bootstrap file names exactly. Rename it to SOUL.md.',
    );
  });
});

describe('cap problems over a runtime measure', () => {
  const text = (sources: Record<string, string>) => new Map(Object.entries(sources).map(([name, value]) => [name, { kind: 'text' as const, text: value }]));

  it('keeps the seed texts for toolnexus, from the measure', () => {
    for (const body of ['a'.repeat(CAP) + 'b'.repeat(1234), 'a'.repeat(CAP - 1) + 'é' + 'tail', 'a'.repeat(Math.ceil(CAP * 0.95))]) {
      const measure = toolnexus.compose({ dir: '/p', files: text({ 'MEMORY.md': body }) }).files.find((file) => file.name === 'MEMORY.md')!;
      const problem = measureCapProblem(measure, 'toolnexus', 'bytes');
      const seed = fileCapProblem(reportFile('MEMORY.md', body), body);
      assert.ok(problem && seed);
      assert.strictEqual(problem.message, seed.message);
      assert.strictEqual(problem.kind, seed.kind);
      assert.deepStrictEqual(problem.spans, seed.kind === 'over' ? [{ start: seed.cutIndex, end: Number.MAX_SAFE_INTEGER }] : []);
    }
  });

  it('says what OpenClaw keeps of a cut file, over exactly the dropped middle', () => {
    const soul = 'x'.repeat(30_000);
    const composition = openclaw.compose({ dir: '/p', files: text({ 'SOUL.md': soul, 'TOOLS.md': 'grep\n' }) });
    const measure = composition.files.find((file) => file.name === 'SOUL.md')!;
    const problem = measureCapProblem(measure, 'openclaw', 'chars');
    assert.ok(problem);
    assert.strictEqual(problem.kind, 'over');
    assert.deepStrictEqual(problem.spans, measure.dropped);
    assert.strictEqual(problem.spans.length, 1);
    assert.ok(problem.spans[0].start > 0 && problem.spans[0].end < soul.length, 'the middle, not the tail');
    assert.strictEqual(
      problem.message,
      `SOUL.md is over OpenClaw's cap of 20,000 chars: ${measure.note}. The marked text (${measure.droppedSize.toLocaleString('en-US')} chars) is not sent.`,
    );
    // A file OpenClaw does not load, and a missing one it marks, are not problems of the file.
    for (const name of ['TOOLS.md', 'IDENTITY.md']) {
      assert.strictEqual(
        measureCapProblem(
          composition.files.find((file) => file.name === name)!,
          'openclaw',
          'chars',
        ),
        undefined,
      );
    }
  });

  it('warns near an OpenClaw cap in chars, and says a file the total budget leaves out is not sent', () => {
    const near = openclaw.compose({ dir: '/p', files: text({ 'SOUL.md': 's'.repeat(19_000) }) }).files.find((file) => file.name === 'SOUL.md')!;
    assert.deepStrictEqual(measureCapProblem(near, 'openclaw', 'chars'), {
      kind: 'near',
      message: "SOUL.md is near OpenClaw's cap of 20,000 chars: 19,000 (95 %), 1,000 left before OpenClaw cuts it.",
      spans: [],
    });
    const full = 'f'.repeat(20_000);
    const spent = openclaw.compose({ dir: '/p', files: text({ 'AGENTS.md': full, 'SOUL.md': full, 'IDENTITY.md': full, 'MEMORY.md': 'memory' }) });
    const memory = spent.files.find((file) => file.name === 'MEMORY.md')!;
    assert.strictEqual(memory.status, 'dropped');
    const problem = measureCapProblem(memory, 'openclaw', 'chars');
    assert.strictEqual(problem?.kind, 'over');
    assert.strictEqual(problem.message, "MEMORY.md is not sent: OpenClaw's total budget is spent before it (6 chars dropped).");
  });
});
