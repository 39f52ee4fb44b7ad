// The runtimes the manifest offers are the ones the core has profiles for: the setting's enum,
// a description of each in package.nls.json, a name in sentences, and a line in the runtime picker.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { RUNTIME_IDS, RUNTIME_NAMES, runtimeProfile } from '../../src/core';

const ROOT = path.resolve(__dirname, '../..');
const json = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

describe('runtimes in the manifest', () => {
  const manifest = json('package.json');
  const sections = ([] as { properties: Record<string, { enum: string[]; enumDescriptions: string[]; default: string }> }[]).concat(manifest.contributes.configuration);
  const setting = sections.map((section) => section.properties['personaStudio.runtime']).find(Boolean)!;
  const nls = json('package.nls.json');

  it("personaStudio.runtime's enum is RUNTIME_IDS, in order, default first", () => {
    assert.deepStrictEqual(setting.enum, [...RUNTIME_IDS]);
    assert.strictEqual(setting.default, RUNTIME_IDS[0]);
  });

  it('each runtime has its description in package.nls.json, naming the runtime', () => {
    assert.deepStrictEqual(
      setting.enumDescriptions,
      RUNTIME_IDS.map((id) => `%config.runtime.${id}%`),
    );
    for (const id of RUNTIME_IDS) {
      const text = nls[`config.runtime.${id}`] as string | undefined;
      assert.ok(text && text.length > 20, `config.runtime.${id} is described`);
    }
  });

  it('each runtime has a name for sentences and a profile label', () => {
    for (const id of RUNTIME_IDS) {
      assert.ok(RUNTIME_NAMES[id], id);
      assert.strictEqual(runtimeProfile(id).id, id);
    }
  });

  it('the runtime picker describes each runtime, in the l10n bundle', () => {
    const picker = fs.readFileSync(path.join(ROOT, 'src/extension/commands/chooseRuntime.ts'), 'utf8');
    const bundle = json('l10n/bundle.l10n.json') as Record<string, string>;
    for (const id of RUNTIME_IDS) {
      const match = new RegExp(`case '${id}':\\s*return vscode\\.l10n\\.t\\('([^']+)'\\)`).exec(picker);
      assert.ok(match, `chooseRuntime describes ${id}`);
      assert.ok(match[1] in bundle, `the description of ${id} is in l10n/bundle.l10n.json`);
    }
  });
});
