// The browser build of the extension (the `browser` entry, for the web worker extension host
// of github.dev and vscode.dev): its platform seam swapped for the web side, and a failure
// if anything in it imports a Node module, or if our own code in it uses a Node global
// (dependencies may feature-check one: picomatch asks `typeof process`). build.mjs and
// the unit tests share these options.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeFree } from './nodeFree.mjs';
import { oneVscode } from './nodeBuild.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXTENSION_DIR = path.join(ROOT, 'src', 'extension');
const CORE_DIR = path.join(ROOT, 'src', 'core');

/**
 * The two swaps of the browser build: the extension's `platform` folder (platform/index.ts, Node)
 * becomes platform/web.ts, and the core's barrel (src/core/index.ts, which adds reading
 * from disk) becomes its pure one (src/core/pure.ts). An extension file that used a
 * Node-only export of the core fails this build with esbuild's "No matching export".
 */
export function webPlatform() {
  const swaps = new Map([
    [path.join(EXTENSION_DIR, 'platform'), path.join(EXTENSION_DIR, 'platform', 'web.ts')],
    [path.join(CORE_DIR), path.join(CORE_DIR, 'pure.ts')],
    [path.join(CORE_DIR, 'index'), path.join(CORE_DIR, 'pure.ts')],
  ]);
  return {
    name: 'web-platform',
    setup(build) {
      build.onResolve({ filter: /^\.\.?(\/.*)?\/(platform|core|core\/index)$/ }, (args) => {
        const swapped = swaps.get(path.resolve(args.resolveDir, args.path));
        return swapped ? { path: swapped } : undefined;
      });
    },
  };
}

/** esbuild options of the browser bundle, over the build's `common` ones. */
export function webExtensionBuild(common = {}) {
  return {
    ...common,
    absWorkingDir: ROOT,
    entryPoints: ['src/extension/extension.ts'],
    outfile: 'dist/web/extension.js',
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    external: ['vscode'],
    plugins: [...(common.plugins ?? []), oneVscode(), webPlatform(), nodeFree()],
  };
}

/** Our own code of the browser bundle (packages left out), checked for Node globals; writes nothing. */
export function webGlobalsCheck() {
  return { ...webExtensionBuild(), write: false, sourcemap: false, logLevel: 'silent', packages: 'external', plugins: [webPlatform(), nodeFree({ globals: true })] };
}
