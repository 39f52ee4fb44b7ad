// The detector's bundles, made as scripts/build.mjs makes them: secretlint's profiler and
// debug logger are no-ops in them, extension.js holds none of it, and the browser bundle
// finds secrets with no Node module and no `require` at all.
import assert from 'node:assert';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { nodeExtensionBuild } from '../../scripts/nodeBuild.mjs';
import { secretsBuild, secretsWebBuild } from '../../scripts/secretsBuild.mjs';

const ROOT = path.join(__dirname, '..', '..');
const KEY = 'ghp_FAKEa1B2c3D4e5a1B2c3D4e5a1B2c3D4e5xY';

async function bundle(options: esbuild.BuildOptions): Promise<{ code: string; inputs: string[] }> {
  const result = await esbuild.build({ ...options, absWorkingDir: ROOT, write: false, metafile: true, logLevel: 'silent' });
  return { code: result.outputFiles![0].text, inputs: Object.keys(result.metafile!.inputs) };
}

describe('Secrets: the bundles', function () {
  this.timeout(60_000);

  it('dist/secrets.js: secretlint in, its profiler and debug logger no-ops', async () => {
    const { code, inputs } = await bundle(secretsBuild());
    assert.ok(inputs.some((input) => input.includes('secretlint-rule-preset-recommend')));
    assert.deepStrictEqual(
      inputs.filter((input) => /node_modules[\\/](@secretlint[\\/]profiler|debug)[\\/]/.test(input)),
      [],
    );
    assert.doesNotMatch(code, /perf_hooks|process\.env\.DEBUG/);
  });

  it('dist/extension.js holds none of it: the extension requires the detector on first use', async () => {
    const { inputs } = await bundle(nodeExtensionBuild());
    assert.deepStrictEqual(
      inputs.filter((input) => /secretlint|src[\\/]core[\\/]secrets[\\/]/.test(input)),
      [],
    );
  });

  it('dist/web/secrets.js finds a secret where there is no Node', async () => {
    const { code } = await bundle(secretsWebBuild());
    const module = { exports: {} as { detectSecrets(text: string): Promise<{ kind: string; start: number; end: number; line: number }[]> } };
    new Function('module', 'exports', code)(module, module.exports);
    assert.deepStrictEqual(await module.exports.detectSecrets(`# Tools\nGITHUB_TOKEN=${KEY}`), [{ kind: 'github-token', start: 21, end: 21 + KEY.length, line: 1 }]);
  });
});
