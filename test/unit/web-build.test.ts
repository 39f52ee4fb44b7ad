// The browser build of the extension (package.json's `browser` entry), made as
// scripts/build.mjs makes it: no Node module anywhere in it, no Node global in our code,
// and the web side of each seam in place of the Node side.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { isNodeBuiltin } from '../../scripts/nodeFree.mjs';
import { webExtensionBuild, webGlobalsCheck } from '../../scripts/webBuild.mjs';

const ROOT = path.join(__dirname, '..', '..');

async function build(options: esbuild.BuildOptions): Promise<esbuild.BuildResult & { metafile: esbuild.Metafile }> {
  return esbuild.build({ ...options, write: false, metafile: true, logLevel: 'silent' }) as Promise<esbuild.BuildResult & { metafile: esbuild.Metafile }>;
}

describe('web: the browser build of the extension', () => {
  it('is what package.json names as its browser entry, beside a Node one', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.strictEqual(path.normalize(manifest.browser), path.normalize(`./${webExtensionBuild().outfile}`));
    assert.strictEqual(manifest.main, './dist/extension.js');
    // `web` is not a value the packager accepts: with a `browser` entry beside `main`, the
    // web worker host is chosen where there is no Node host (or by remote.extensionKind).
    assert.deepStrictEqual(manifest.extensionKind, ['workspace']);
  });

  it('bundles with no Node module, the web platform and the pure core in place of the Node ones', async function () {
    this.timeout(60_000);
    const { metafile } = await build(webExtensionBuild());
    const inputs = Object.keys(metafile.inputs);
    assert.ok(inputs.includes('src/extension/platform/web.ts') && !inputs.includes('src/extension/platform/index.ts'), 'the web platform, not the Node one');
    assert.ok(inputs.includes('src/core/pure.ts') && !inputs.includes('src/core/index.ts') && !inputs.includes('src/core/nodeFs.ts'), 'the pure core, not the Node barrel');
    for (const [file, input] of Object.entries(metafile.inputs)) {
      for (const imported of input.imports) {
        assert.ok(!isNodeBuiltin(imported.path), `${file} imports ${imported.path}`);
        // esbuild lists type-only imports it dropped as external relative paths.
        assert.ok(!imported.external || imported.path === 'vscode' || imported.path.startsWith('.'), `${file} imports ${imported.path} from outside the bundle`);
      }
    }
  });

  it('our code in it uses no Node global', async function () {
    this.timeout(60_000);
    const { errors } = await build(webGlobalsCheck());
    assert.deepStrictEqual(errors, []);
  });

  it('puts platform/web.ts where the extension imports its platform folder, wherever the importer is', async function () {
    const hostKind = async (importer: string, plugins: esbuild.Plugin[], platform: esbuild.Platform = 'browser') => {
      const source = `import { HOST_KIND } from '${path.relative(path.dirname(importer), 'src/extension/platform').replace(/^(?!\.)/, './')}'; console.log(HOST_KIND);`;
      const result = await build({ stdin: { contents: source, resolveDir: path.join(ROOT, path.dirname(importer)), loader: 'ts' }, bundle: true, platform, plugins });
      return Object.keys(result.metafile.inputs).filter((input) => /platform/.test(input));
    };
    const web = webExtensionBuild().plugins!;
    assert.deepStrictEqual(await hostKind('src/extension/extension.ts', web), ['src/extension/platform/web.ts']);
    assert.deepStrictEqual(await hostKind('src/extension/tokens/engine.ts', web), ['src/extension/platform/web.ts']);
    assert.deepStrictEqual(await hostKind('src/extension/extension.ts', [], 'node'), ['src/extension/platform/index.ts']);
  });
});
