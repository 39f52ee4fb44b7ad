// The quick fix of dropped rules: the rule lines a cut drops move above the cut, where the
// runtime keeps them, and not one character of the file is lost.
import assert from 'node:assert';
import { FileContent, openclaw, PersonaInput, zeroclaw } from '../../src/core';
import { droppedRules, moveRulesAboveCut, TextEdit } from '../../src/core/secrets';
import type { RuntimeProfile } from '../../src/core';

const text = (value: string): FileContent => ({ kind: 'text', text: value });
const persona = (name: string, body: string): PersonaInput => ({ dir: '/persona', files: new Map([[name, text(body)]]) });

/** The edits applied from the end, as an editor applies one workspace edit. */
function apply(source: string, edits: readonly TextEdit[]): string {
  let result = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

const sorted = (value: string) => [...value].sort().join('');

function measure(profile: RuntimeProfile, name: string, body: string) {
  const file = profile.compose(persona(name, body)).files.find((candidate) => candidate.name === name)!;
  return { file, rules: droppedRules(file, profile.label) };
}

const filler = 'plain prose about the day, nothing more\n'.repeat(700);

describe('Dropped rules: the move above the cut', () => {
  it("OpenClaw's dropped middle: the rules reach the model after the move, and the text is the same text reordered", () => {
    const body = `# Memory\n${filler}- Never push to main without a review.\nplain line\n- Do not share the user's address.\n${filler}The end, without a line break`;
    const before = measure(openclaw, 'MEMORY.md', body);
    assert.strictEqual(before.file.status, 'cut');
    assert.deepStrictEqual(
      before.rules.map((rule) => rule.text),
      ['- Never push to main without a review.', "- Do not share the user's address."],
    );
    const edits = moveRulesAboveCut(before.file, before.rules);
    assert.ok(edits);
    const after = apply(body, edits);
    assert.strictEqual(after.length, body.length);
    assert.strictEqual(sorted(after), sorted(body), 'a move: every character stays');
    assert.deepStrictEqual(after.split('\n').sort(), body.split('\n').sort(), 'whole lines move');
    const moved = measure(openclaw, 'MEMORY.md', after);
    assert.deepStrictEqual(moved.rules, [], 'no rule is dropped any more');
    const sent = openclaw.compose(persona('MEMORY.md', after)).text;
    assert.ok(sent.includes('- Never push to main without a review.\n') && sent.includes("- Do not share the user's address.\n"));
  });

  it('a rule on the last line, with no break after it, takes the break before it along', () => {
    const body = `# Memory\n${filler}${filler}- Never delete the backups.`;
    const before = measure(zeroclaw, 'MEMORY.md', body);
    assert.deepStrictEqual(
      before.rules.map((rule) => rule.text),
      ['- Never delete the backups.'],
    );
    const after = apply(body, moveRulesAboveCut(before.file, before.rules)!);
    assert.strictEqual(sorted(after), sorted(body));
    assert.ok(!after.endsWith('backups.'), 'the line moved away from the end');
    assert.deepStrictEqual(measure(zeroclaw, 'MEMORY.md', after).rules, []);
  });

  it('nothing to offer for a file sent whole, or dropped whole', () => {
    const whole = measure(openclaw, 'MEMORY.md', '- Never push to main.\n');
    assert.strictEqual(moveRulesAboveCut(whole.file, whole.rules), undefined);
    const dropped = { ...whole.file, status: 'dropped' as const, dropped: [{ start: 0, end: 22 }] };
    assert.strictEqual(moveRulesAboveCut(dropped, droppedRules(dropped, openclaw.label)), undefined);
  });
});
