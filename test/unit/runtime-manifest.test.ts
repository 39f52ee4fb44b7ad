// The runtimes the manifest offers are the ones the core has profiles for: the setting's enum,
// a description of each in package.nls.json, a name in sentences, and a line in the runtime picker
// (from the profile); the lazily required ones get their bundles from the registry itself.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { RUNTIME_IDS, RUNTIME_NAMES, runtimeProfile } from '../../src/core';
import { RUNTIME_BUNDLES } from '../../scripts/nodeBuild.mjs';

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

  it('the runtime picker shows each profile with its own description (no list of its own)', () => {
    const picker = fs.readFileSync(path.join(ROOT, 'src/extension/commands/chooseRuntime.ts'), 'utf8');
    for (const id of RUNTIME_IDS) {
      const { description } = runtimeProfile(id);
      assert.ok(description.length > 20 && !description.includes('\n'), `${id} has a one-line description`);
      assert.ok(!picker.includes(`'${id}'`), `chooseRuntime names no runtime (${id})`);
    }
  });

  it('each profile required on first use has its bundle, read from the registry', () => {
    const lazy = RUNTIME_IDS.filter((id) => fs.existsSync(path.join(ROOT, 'src/core/runtimes', `${id}.ts`)) && !['toolnexus', 'openclaw'].includes(id));
    assert.deepStrictEqual(Object.keys(RUNTIME_BUNDLES), lazy);
  });
});
