import assert from 'node:assert';
import { agentsAfterToolsMigration, doctorSummary, FileContent, openclaw, openclawAfterDoctor, PersonaInput } from '../../src/core';

const text = (value: string): FileContent => ({ kind: 'text', text: value });
const bytes = (value: string): FileContent => {
  const encoded = new TextEncoder().encode(value);
  return { kind: 'bytes', bytes: encoded, size: encoded.byteLength };
};

function persona(files: Record<string, FileContent>): PersonaInput {
  return { dir: '/home/ana/persona', files: new Map(Object.entries(files)) };
}

const agents = `# Agents\n\n## Tools\n\n${'Use the skills you have. '.repeat(760)}\n\n## Safety\n\nAsk first.\n`;
const tools = `# Tools\n\n${'- camera: living-room\n'.repeat(150)}`;

describe('the persona after openclaw doctor --fix', () => {
  it('is not shown for a release that still loads TOOLS.md', () => {
    assert.strictEqual(openclawAfterDoctor(persona({ 'AGENTS.md': text(agents), 'TOOLS.md': text(tools) }), { openclawRelease: '2026.7.35' }), undefined);
  });

  it('is not shown when the workspace holds none of the files doctor moves', () => {
    assert.strictEqual(openclawAfterDoctor(persona({ 'AGENTS.md': text(agents), 'MEMORY.md': text('# M\n') }), { openclawRelease: '2026.9.6' }), undefined);
  });

  it('composes AGENTS.md with TOOLS.md merged: its new size over the cap, and what is then cut', () => {
    const input = persona({ 'AGENTS.md': bytes(agents), 'TOOLS.md': bytes(tools) });
    const options = { openclawRelease: '2026.9.6' };
    const before = openclaw.compose(input, options);
    const preview = openclawAfterDoctor(input, options)!;
    const merged = agentsAfterToolsMigration(agents, tools);
    assert.deepStrictEqual(preview.moves, [{ file: 'TOOLS.md', outcome: 'merged into AGENTS.md' }]);
    assert.strictEqual(preview.input.files.has('TOOLS.md'), false);
    const after = preview.composition.files.find((file) => file.name === 'AGENTS.md')!;
    assert.strictEqual(after.text, merged);
    assert.strictEqual(before.files.find((file) => file.name === 'AGENTS.md')!.status, 'sent');
    assert.strictEqual(after.status, 'cut');
    const summary = doctorSummary(before, preview);
    assert.strictEqual(summary.agentsChars, merged.trimEnd().length);
    assert.strictEqual(summary.agentsCap, 20_000);
    assert.ok(summary.cutChars > 0 && summary.cutChars === after.droppedSize);
    // The input is left as it was: nothing is written, nothing replaced.
    assert.strictEqual(input.files.has('TOOLS.md'), true);
    assert.deepStrictEqual(
      preview.changed.map((change) => [change.name, change.before?.status, change.after.status]),
      [['AGENTS.md', 'sent', 'cut']],
    );
  });

  it('merges memory.md into MEMORY.md with the archive path under ~, and moves HEARTBEAT.md out', () => {
    const input = persona({ 'MEMORY.md': text('# MEMORY\n'), 'memory.md': text('old fact\n'), 'HEARTBEAT.md': text('# Heartbeat\n') });
    const preview = openclawAfterDoctor(input, { openclawRelease: '2026.8.2' }, { at: new Date('2026-12-02T05:52:47.049Z'), home: '/home/ana' })!;
    assert.deepStrictEqual(
      preview.moves.map((move) => move.file),
      ['HEARTBEAT.md', 'memory.md'],
    );
    const memory = preview.composition.files.find((file) => file.name === 'MEMORY.md')!;
    assert.match(memory.text, /archived=~\/persona\/\.openclaw-repair\/root-memory\/2026-12-02T05-52-47-049Z\/memory\.md -->\n/);
    assert.ok(preview.composition.text.includes('old fact'));
    assert.strictEqual(preview.input.files.has('HEARTBEAT.md'), false);
    assert.strictEqual(preview.input.files.has('memory.md'), false);
  });

  it('leaves a lone memory.md, and a TOOLS.md behind a link, as they are', () => {
    const link: FileContent = { kind: 'text', text: tools, symlink: true, linkTarget: 'notes/TOOLS.md' };
    const preview = openclawAfterDoctor(persona({ 'AGENTS.md': text('# A\n'), 'memory.md': text('x\n'), 'TOOLS.md': link }), { openclawRelease: '2026.9.6' })!;
    assert.deepStrictEqual(preview.moves, [
      { file: 'memory.md', outcome: 'left as it is' },
      { file: 'TOOLS.md', outcome: 'left as it is' },
    ]);
    assert.deepStrictEqual(preview.changed, []);
    assert.strictEqual(preview.input.files.get('TOOLS.md'), link);
  });

  it('leaves TOOLS.md when AGENTS.md is a link doctor will not write through', () => {
    const agentsLink: FileContent = { kind: 'text', text: '# A\n', symlink: true, linkTarget: 'shared/AGENTS.md' };
    const preview = openclawAfterDoctor(persona({ 'AGENTS.md': agentsLink, 'TOOLS.md': text(tools) }), { openclawRelease: '2026.9.6' })!;
    assert.deepStrictEqual(preview.moves, [{ file: 'TOOLS.md', outcome: 'left as it is' }]);
    assert.strictEqual(preview.input.files.get('AGENTS.md'), agentsLink);
  });
});
