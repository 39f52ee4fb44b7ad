// The secret detector's own bundles (src/core/secrets/bundle.ts: detectSecrets with
// secretlint's rules, and every helper that reads its findings): dist/secrets.js for Node
// and dist/web/secrets.js for the browser, which extension.js can require on first use, as
// it does the scaffolding. build.mjs and the unit tests share these options.
import { nodeFree } from './nodeFree.mjs';

export const SECRETS_BUNDLE = 'secrets.js';
const ENTRY = 'src/core/secrets/bundle.ts';

/**
 * secretlint's profiler keeps every performance mark it makes (dozens a scan: a leak when
 * the scan runs on every keystroke), and its debug logger prints whatever DEBUG asks for:
 * in our bundles both are no-ops. Only imports from secretlint's own packages are swapped.
 */
export function quietSecretlint() {
  const stubs = { debug: 'export default () => () => {};', '@secretlint/profiler': 'export const secretLintProfiler = { mark() {} };' };
  return {
    name: 'quiet-secretlint',
    setup(build) {
      build.onResolve({ filter: /^(debug|@secretlint\/profiler)$/ }, (args) =>
        /[\\/]@secretlint[\\/]/.test(args.importer) ? { path: args.path, namespace: 'quiet-secretlint' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'quiet-secretlint' }, (args) => ({ contents: stubs[args.path], loader: 'js' }));
    },
  };
}

// The preset names a file with node:path and reads a `.p12` one with node:fs, neither of
// which a persona's Markdown reaches: a browser gets a basename and no file system.
const noFileSystem = {
  name: 'no-file-system',
  setup(build) {
    build.onResolve({ filter: /^node:(path|fs)$/ }, (args) => ({ path: args.path, namespace: 'no-file-system' }));
    build.onLoad({ filter: /.*/, namespace: 'no-file-system' }, () => ({
      contents: `const basename = (p) => p.split(/[\\\\/]/).pop();
export default { basename };
export { basename };
export function readFileSync() { throw new Error('no file system here'); }`,
      loader: 'js',
    }));
  },
};

/** esbuild options of dist/secrets.js, over the build's `common` ones. */
export function secretsBuild(common = {}) {
  return {
    ...common,
    entryPoints: [ENTRY],
    outfile: `dist/${SECRETS_BUNDLE}`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    plugins: [...(common.plugins ?? []), quietSecretlint()],
  };
}

/** esbuild options of dist/web/secrets.js: the same, with no Node module in it. */
export function secretsWebBuild(common = {}) {
  return {
    ...common,
    entryPoints: [ENTRY],
    outfile: `dist/web/${SECRETS_BUNDLE}`,
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    plugins: [...(common.plugins ?? []), quietSecretlint(), noFileSystem, nodeFree()],
  };
}
