// The Node build of the extension (package.json's `main`), made as scripts/build.mjs makes
// it: what activation loads holds neither the tokenizer, the JSON5 parser nor the
// scaffolding and its templates, nor the preview's session, nor the secrets UI and its detector; they are bundles of
// their own, required on first use.
import assert from 'node:assert';
import path from 'node:path';
import * as esbuild from 'esbuild';
import {
  AGENTS_BUNDLE,
  COMMANDS_BUNDLE,
  agentsBuild,
  COMPARE_BUNDLE,
  DOCTOR_BUNDLE,
  HERMES_EDITOR_BUNDLE,
  doctorBuild,
  JSON5_BUNDLE,
  nodeExtensionBuild,
  PREVIEW_SESSION_BUNDLE,
  RUNTIME_BUNDLES,
  SCAFFOLDING_BUNDLE,
  SECRETS_UI_BUNDLE,
  secretsUiBuild,
  SKILLS_UI_BUNDLE,
  skillsUiBuild,
} from '../../scripts/nodeBuild.mjs';
import { SECRETS_BUNDLE } from '../../scripts/secretsBuild.mjs';

const ROOT = path.join(__dirname, '..', '..');

/** Inputs that must never be in extension.js: each is loaded only where it is needed. */
const LAZY = [
  /^src\/extension\/compare\/(compare|comparisons|compareCommands|compareDocuments|compareText|fileHistory|gitApi|revisionInput)\.ts$/,
  /^src\/extension\/commands\/(scaffolding|newPersona|createFiles|handlers|soul|fixes|chooseRuntime|selectDropped|pickPersona)\.ts$/,
  /^node_modules\/json5\//,
  /^node_modules\/gpt-tokenizer\//,
  /^node_modules\/picomatch\//,
  /^src\/core\/tokensCount\.ts$/,
  /^src\/extension\/tokens\/worker\.ts$/,
  /secretlint/,
  /^src\/core\/secrets\//,
  /^node_modules\/yaml\//,
  /^src\/core\/skills\/(?!messages)/,
  /^src\/extension\/(model\/skills(Model|Ui)|model\/skillFiles|model\/machineSkills|model\/skillSection|problems\/skill\w+|tree\/skillItems|util\/skillMessages)\.ts$/,
  /^src\/extension\/(model\/secretScans|model\/secretsUi|problems\/secret\w+|tree\/secretDecorations|preview\/secretMasks|util\/secretMessages|commands\/secretCopy)\.ts$/,
  /^src\/extension\/preview\/(previewSession|soulModel|blocks|sync|droppedText|maskedModel)\.ts$/,
  /^src\/extension\/agents\/(userConfig|items)\.ts$/,
  /^src\/extension\/hermes\/(?!load)\w+\.ts$/,
  // Each profile required on first use (RUNTIME_BUNDLES reads them from the registry), and what only Hermes's composing uses.
  new RegExp(`^src/core/runtimes/(${Object.keys(RUNTIME_BUNDLES).join('|')})\\.ts$`),
  /^src\/core\/runtimes\/hermes(Compose|Engine|Memory|Rewording|Scan|Section|Text)\.ts$/,
];

describe('node: the Node build of the extension', () => {
  let metafile: esbuild.Metafile;
  let code: string;

  before(async function () {
    this.timeout(60_000);
    const result = await esbuild.build({
      ...nodeExtensionBuild(),
      absWorkingDir: ROOT,
      write: false,
      metafile: true,
      logLevel: 'silent',
      outfile: path.join(ROOT, 'dist', 'extension.js'),
    });
    metafile = result.metafile!;
    code = result.outputFiles[0].text;
  });

  it('copies the vscode API once, not once for each file that imports it', () => {
    const requires = code.match(/require\("vscode"\)/g) ?? [];
    assert.strictEqual(requires.length, 1, `${requires.length} requires of vscode in extension.js`);
    assert.ok(
      metafile.inputs['src/extension/extension.ts'].imports.some((imported) => imported.path === 'one-vscode:vscode'),
      'extension.ts imports the shared module',
    );
  });

  it('holds neither the tokenizer nor the JSON5 parser', () => {
    const inputs = Object.keys(metafile.inputs);
    assert.deepStrictEqual(
      inputs.filter((input) => LAZY.some((pattern) => pattern.test(input))),
      [],
    );
  });

  it("requires the scaffolding, the other commands' code, the preview session, the comparison, the secrets UI, the skills UI, the detector, doctor's migrations and the agents of an openclaw.json (which read it: the JSON5 parser is theirs) from their own bundles beside it", () => {
    // The output's imports: esbuild lists type-only imports it dropped among the inputs'.
    const external = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((imported) => imported.external).map((imported) => imported.path));
    assert.deepStrictEqual(
      [...new Set(external.filter((name) => !name.startsWith('node:') && name !== 'vscode'))].sort(),
      [
        `./${COMMANDS_BUNDLE}`,
        `./${COMPARE_BUNDLE}`,
        `./${PREVIEW_SESSION_BUNDLE}`,
        `./${SCAFFOLDING_BUNDLE}`,
        `./${SECRETS_BUNDLE}`,
        `./${SECRETS_UI_BUNDLE}`,
        `./${SKILLS_UI_BUNDLE}`,
        `./${DOCTOR_BUNDLE}`,
        `./${AGENTS_BUNDLE}`,
        `./${HERMES_EDITOR_BUNDLE}`,
        ...Object.values(RUNTIME_BUNDLES).map((bundle) => `./${bundle}`),
      ].sort(),
    );
  });

  it('holds none of the templates the scaffolding writes', () => {
    const inputs = metafile.inputs['src/core/templates.ts'];
    assert.ok(inputs, 'the file purposes of the tree come from templates.ts');
    const output = Object.values(metafile.outputs)[0];
    assert.ok(output.inputs['src/core/templates.ts'].bytesInOutput < 1500, `${output.inputs['src/core/templates.ts'].bytesInOutput} bytes of templates.ts in extension.js`);
  });

  it("holds none of doctor's migrations, and the doctor bundle carries no runtime profile", async function () {
    this.timeout(60_000);
    const output = Object.values(metafile.outputs)[0];
    assert.strictEqual(output.inputs['src/core/runtimes/openclawDoctor.ts'], undefined);
    const result = await esbuild.build({ ...doctorBuild(), absWorkingDir: ROOT, write: false, metafile: true, logLevel: 'silent' });
    const inputs = Object.keys(result.metafile!.inputs);
    assert.ok(inputs.includes('src/core/runtimes/openclawDoctor.ts'));
    assert.deepStrictEqual(
      inputs.filter((input) => /runtimes[\\/](openclaw|codex|zeroclaw|toolnexus)\.ts$/.test(input)),
      [],
    );
  });

  it("puts the config's reading and the agents' tree rows in the agents bundle, which leaves the JSON5 parser to dist/json5.js", async function () {
    this.timeout(60_000);
    const result = await esbuild.build({ ...agentsBuild(), absWorkingDir: ROOT, write: false, metafile: true, logLevel: 'silent' });
    const inputs = Object.keys(result.metafile!.inputs);
    assert.ok(inputs.includes('src/extension/agents/userConfig.ts') && inputs.includes('src/extension/agents/items.ts'));
    assert.deepStrictEqual(
      inputs.filter((input) => input.startsWith('node_modules/json5/')),
      [],
    );
    const external = Object.values(result.metafile!.outputs).flatMap((output) => output.imports.filter((imported) => imported.external).map((imported) => imported.path));
    assert.ok(external.includes(`./${JSON5_BUNDLE}`), JSON.stringify(external));
  });

  it('leaves the detector to dist/secrets.js from the secrets UI too', async function () {
    this.timeout(60_000);
    const result = await esbuild.build({ ...secretsUiBuild(), absWorkingDir: ROOT, write: false, metafile: true, logLevel: 'silent' });
    const inputs = Object.keys(result.metafile!.inputs);
    assert.deepStrictEqual(
      inputs.filter((input) => /secretlint|src[\\/]core[\\/]secrets[\\/]/.test(input)),
      [],
    );
    assert.ok(inputs.includes('src/extension/problems/secretProblems.ts'));
  });

  it("puts the YAML parser and the skill catalog in the skills UI's bundle", async function () {
    this.timeout(60_000);
    const result = await esbuild.build({ ...skillsUiBuild(), absWorkingDir: ROOT, write: false, metafile: true, logLevel: 'silent' });
    const inputs = Object.keys(result.metafile!.inputs);
    assert.ok(
      inputs.some((input) => input.startsWith('node_modules/yaml/')),
      'the YAML parser is in dist/skillsUi.js',
    );
    assert.ok(inputs.includes('src/core/skills/catalog.ts'));
    assert.ok(inputs.includes('src/extension/problems/skillProblems.ts'));
  });
});
