// A file rewritten with the same size within the file system's mtime granularity: the stat
// cannot tell, so the bytes are read again and compared; the same object is kept only when
// they are the same, so the core's per-content caches hit without serving stale text.
import assert from 'node:assert';
import { FileContent, keepIfUnchanged } from '../../src/core';

const bytes = (text: string, symlink?: boolean): FileContent => ({ kind: 'bytes', bytes: new TextEncoder().encode(text), size: text.length, ...(symlink && { symlink }) });

describe('content read again after a change', () => {
  it('is the earlier object when the bytes are the same, and the new one when only the stat is', () => {
    const before = bytes('Calm and precise.');
    assert.strictEqual(keepIfUnchanged(before, bytes('Calm and precise.')), before);
    const rewritten = bytes('Warm and precise.'); // same size, same mtime second
    assert.strictEqual(keepIfUnchanged(before, rewritten), rewritten);
    const linked = bytes('Calm and precise.', true);
    assert.strictEqual(keepIfUnchanged(before, linked), linked, 'now a link: OpenClaw reads it differently');
    const longer: FileContent = { kind: 'bytes', bytes: before.kind === 'bytes' ? before.bytes : new Uint8Array(), size: 5_000_000 };
    assert.strictEqual(keepIfUnchanged(before, longer), longer, 'the same first bytes of a file that grew past the read');
    const unreadable: FileContent = { kind: 'unreadable', reason: 'EACCES' };
    assert.strictEqual(keepIfUnchanged(unreadable, { kind: 'unreadable', reason: 'EACCES' }), unreadable);
    assert.strictEqual(keepIfUnchanged(undefined, before), before);
    assert.strictEqual(keepIfUnchanged(before, undefined), undefined, 'deleted');
  });
});
