import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { HERMES_DEFAULT_IDENTITY } from '../../src/core/runtimes/hermesEngine';
import { cases, composeCase } from './hermes-cases';

const FIXTURES = path.resolve(__dirname, '../fixtures/hermes');

/** What Hermes's own functions gave for a case (scripts/golden/hermes.mjs). */
function expected(name: string): { soul: string | null; context: string } {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.expected.json`), 'utf8')) as { soul: string | null; context: string };
}

describe("hermes runtime: golden outputs of Hermes 0.21.3's own functions", () => {
  it('has at least 30 cases, each with its expected output', () => {
    assert.ok(cases.length >= 30);
    for (const item of cases) assert.ok(fs.existsSync(path.join(FIXTURES, `${item.name}.expected.json`)), item.name);
  });

  for (const item of cases) {
    it(`${item.name}: byte for byte`, () => {
      const golden = expected(item.name);
      const composition = composeCase(item);
      const want = [golden.soul ?? HERMES_DEFAULT_IDENTITY, golden.context].filter((part) => part !== '').join('\n\n');
      assert.strictEqual(composition.text, want);
      // Every section sent is where its offset says.
      for (const file of composition.files)
        if (file.offset >= 0) assert.strictEqual(composition.text.slice(file.offset, file.offset + file.section.length), file.section, file.name);
    });
  }
});
