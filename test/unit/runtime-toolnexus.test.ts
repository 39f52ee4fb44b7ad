import assert from 'node:assert';
import fc from 'fast-check';
import { composeFromSources, composeSoul, FileContent, MAX_FILE_BYTES, readPersonaInput, runtimeProfile, toolnexus } from '../../src/core';
import { personaFolder } from './helpers';

describe('toolnexus runtime profile', () => {
  it('is the default and composes exactly what composeSoul does', () => {
    assert.strictEqual(runtimeProfile(), toolnexus);
    const dir = personaFolder({ 'MEMORY.md': 'The team prefers metric units.', 'AGENTS.md': 'Be concise.\r\n', 'USER.md': '  \n' });
    const composition = toolnexus.compose(readPersonaInput(dir, toolnexus));
    assert.strictEqual(composition.text, composeSoul(dir).soul);
    assert.deepStrictEqual(composition.found, composeSoul(dir).found);
    const memory = composition.files.find((file) => file.name === 'MEMORY.md')!;
    assert.strictEqual(composition.text.slice(memory.offset, memory.offset + memory.section.length), memory.section);
    assert.strictEqual(composition.files.find((file) => file.name === 'SOUL.md')!.status, 'absent');
  });

  it('measures a file past the cap from its stat size, with the dropped span at the cut', () => {
    const bytes = new Uint8Array(MAX_FILE_BYTES + 1).fill(0x78);
    const content: FileContent = { kind: 'bytes', bytes, size: 100 * 1024 * 1024 };
    const composition = toolnexus.compose({ dir: '/p', files: new Map([['MEMORY.md', content]]) });
    const memory = composition.files.find((file) => file.name === 'MEMORY.md')!;
    assert.strictEqual(memory.status, 'cut');
    assert.strictEqual(memory.size, 100 * 1024 * 1024);
    assert.strictEqual(memory.droppedSize, 100 * 1024 * 1024 - MAX_FILE_BYTES);
    assert.strictEqual(memory.dropped[0].start, MAX_FILE_BYTES);
    assert.strictEqual(composition.total.state, 'over');
    assert.ok(composition.text.endsWith('[truncated: exceeds 2 MB bootstrap cap]'));
  });

  it('agrees with composeFromSources for any text', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('AGENTS.md', 'SOUL.md', 'MEMORY.md'), fc.string({ unit: 'grapheme' })), (record) => {
        const files = new Map(Object.entries(record).map(([name, text]) => [name, { kind: 'text', text } as FileContent]));
        assert.strictEqual(toolnexus.compose({ dir: '/p', files }).text, composeFromSources(record).soul);
      }),
    );
  });
});
