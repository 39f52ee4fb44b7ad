import assert from 'node:assert';
import { FileMeasure, openclaw } from '../../src/core';

const compose = (files: Record<string, string>, openclawRelease = '2026.9.6') =>
  openclaw.compose({ dir: '/w', files: new Map(Object.entries(files).map(([name, text]) => [name, { kind: 'text' as const, text }])) }, { openclawRelease });
const file = (files: Record<string, string>, name: string, release?: string): FileMeasure => compose(files, release).files.find((measure) => measure.name === name)!;

describe("OpenClaw's own numbers: the size it reports and doctor's near-limit line", () => {
  it("a file's size is its text without trailing white space, the number the cap message states", () => {
    const soul = file({ 'SOUL.md': `${'a'.repeat(33_063)}\n` }, 'SOUL.md');
    assert.strictEqual(soul.size, 33_063);
    assert.match(soul.note!, /of 33,063 chars$/);
  });

  it('says "near configured limits" from 85 % of the cap, where ours says near from 90 %', () => {
    const soul = file({ 'SOUL.md': `${'a'.repeat(17_000)}\n\n` }, 'SOUL.md');
    assert.strictEqual(soul.state, 'ok');
    assert.strictEqual(soul.doctorNote, 'Workspace bootstrap files are near configured limits: SOUL.md: 17,000 chars (85% of max/file 20,000)');
    assert.strictEqual(file({ 'SOUL.md': 'a'.repeat(16_999) }, 'SOUL.md').doctorNote, undefined);
  });

  it('says a cut file "will be truncated", raw against injected, with the limit that cut it', () => {
    const soul = file({ 'SOUL.md': 'a'.repeat(30_000) }, 'SOUL.md');
    assert.strictEqual(soul.status, 'cut');
    // 2026.6+ send 19,999 chars of a 30,000-char SOUL.md (OPENCLAW-VERSIONS.md, from the releases' own output).
    assert.strictEqual(soul.doctorNote, 'Workspace bootstrap files exceed limits and will be truncated: SOUL.md: 30,000 raw / 19,999 injected (33% truncated; max/file)');
  });

  it('gives USER.md its own 4,000 cap as the limit from 9.x, and max/file in 8.x', () => {
    const user = { 'USER.md': 'u'.repeat(3_500) };
    assert.strictEqual(file(user, 'USER.md').doctorNote, 'Workspace bootstrap files are near configured limits: USER.md: 3,500 chars (88% of max/file 4,000)');
    assert.strictEqual(file(user, 'USER.md', '2026.8.2').doctorNote, 'Workspace bootstrap files are near configured limits: USER.md: 3,500 chars (18% of max/file 20,000)');
  });

  it('has no such note before 3.x, whose doctor has none', () => {
    assert.strictEqual(file({ 'SOUL.md': 'a'.repeat(19_000) }, 'SOUL.md', '2026.2.26').doctorNote, undefined);
    assert.ok(file({ 'SOUL.md': 'a'.repeat(19_000) }, 'SOUL.md', '2026.3.31').doctorNote);
  });
});
