// The Node build of the extension (package.json's `main`): what it leaves to bundles of
// their own (JSON5, the scaffolding, the preview's session, the secrets UI and its detector), loaded on first use rather than at activation. build.mjs and the unit tests
// share these options.

/** The JSON5 parser, needed only when the user names an openclaw.json. */
export const JSON5_BUNDLE = 'json5.js';

/** The secrets UI, needed only once a persona is found; the detector it loads is dist/secrets.js. */
export const SECRETS_UI_BUNDLE = 'secretsUi.js';

/** The preview's session and what only it uses, needed when the first preview opens. */
export const PREVIEW_SESSION_BUNDLE = 'previewSession.js';

/** Hermes's composing, scanner and memory blocks, needed only when a persona is composed as Hermes. */
export const HERMES_BUNDLE = 'hermes.js';

/** Which files Hermes reads, and where: small, required at activation (extension.js is at its budget). */
export const HERMES_FILES_BUNDLE = 'hermesFiles.js';

/** The scaffolding commands and their templates, needed only when files are created. */
export const SCAFFOLDING_BUNDLE = 'scaffolding.js';

// extension.js requires the secret detector from its own bundle (scripts/secretsBuild.mjs) on the first scan.
const separateSecrets = {
  name: 'separate-secrets',
  setup(build) {
    build.onResolve({ filter: /\/secretsDetector$/ }, () => ({ path: './secrets.js', external: true }));
  },
};

// extension.js requires the secrets UI (Problems, badge, masks of what the text carries) once a persona is found.
const separateSecretsUi = {
  name: 'separate-secrets-ui',
  setup(build) {
    build.onResolve({ filter: /^\.\/secretsUi$/ }, () => ({ path: `./${SECRETS_UI_BUNDLE}`, external: true }));
  },
};

// extension.js requires the preview's session from its own bundle when the first preview opens.
const separatePreviewSession = {
  name: 'separate-preview-session',
  setup(build) {
    build.onResolve({ filter: /^\.\/previewSession$/ }, () => ({ path: `./${PREVIEW_SESSION_BUNDLE}`, external: true }));
  },
};

// extension.js requires the scaffolding from its own bundle on the first scaffold command.
const separateScaffolding = {
  name: 'separate-scaffolding',
  setup(build) {
    build.onResolve({ filter: /^\.\/scaffolding$/ }, () => ({ path: `./${SCAFFOLDING_BUNDLE}`, external: true }));
  },
};

// Every bundle requires Hermes's engine from its own bundle on the first Hermes composition.
const separateHermes = {
  name: 'separate-hermes',
  setup(build) {
    build.onResolve({ filter: /^\.\/hermesEngine$/ }, () => ({ path: `./${HERMES_BUNDLE}`, external: true }));
    // Only what the extension's own code imports: the engine's bundle keeps its copy inline.
    build.onResolve({ filter: /^\.\/hermesFiles$/ }, (args) => (/runtimes[\\/](hermes|index)\.ts$/.test(args.importer) ? { path: `./${HERMES_FILES_BUNDLE}`, external: true } : undefined));
  },
};

// extension.js requires the parser from its own bundle on the first config read.
const separateJson5 = {
  name: 'separate-json5',
  setup(build) {
    build.onResolve({ filter: /^json5$/ }, () => ({ path: `./${JSON5_BUNDLE}`, external: true }));
  },
};

/**
 * Every file's `import * as vscode from 'vscode'` would become a copy of the whole API
 * object (esbuild's __toESM, one property at a time, about 40 times), all at activation:
 * they share one module that re-exports it instead, copied once.
 */
export function oneVscode() {
  return {
    name: 'one-vscode',
    setup(build) {
      build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'one-vscode' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'one-vscode' }));
      build.onLoad({ filter: /.*/, namespace: 'one-vscode' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
    },
  };
}

/** esbuild options of dist/extension.js, over the build's `common` ones. */
export function nodeExtensionBuild(common = {}) {
  return { ...common, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', bundle: true, platform: 'node', format: 'cjs', external: ['vscode'], plugins: [...(common.plugins ?? []), oneVscode(), separateJson5, separateScaffolding, separateSecrets, separateSecretsUi, separatePreviewSession, separateHermes] };
}

/** esbuild options of the scaffolding's own bundle, beside extension.js. */
export function scaffoldingBuild(common = {}) {
  return { ...common, entryPoints: ['src/extension/commands/scaffolding.ts'], outfile: `dist/${SCAFFOLDING_BUNDLE}`, bundle: true, platform: 'node', format: 'cjs', external: ['vscode'], plugins: [...(common.plugins ?? []), oneVscode(), separateJson5, separateSecrets, separateHermes] };
}

/** esbuild options of the secrets UI's own bundle, beside extension.js. */
export function secretsUiBuild(common = {}) {
  return { ...common, entryPoints: ['src/extension/model/secretsUi.ts'], outfile: `dist/${SECRETS_UI_BUNDLE}`, bundle: true, platform: 'node', format: 'cjs', external: ['vscode'], plugins: [...(common.plugins ?? []), oneVscode(), separateSecrets, separateHermes] };
}

/** esbuild options of the preview session's own bundle, beside extension.js. */
export function previewSessionBuild(common = {}) {
  return { ...common, entryPoints: ['src/extension/preview/previewSession.ts'], outfile: `dist/${PREVIEW_SESSION_BUNDLE}`, bundle: true, platform: 'node', format: 'cjs', external: ['vscode'], plugins: [...(common.plugins ?? []), oneVscode(), separateSecrets, separateHermes] };
}

/** esbuild options of the parser's own bundle, beside extension.js. */
export function json5Build(common = {}) {
  return { ...common, entryPoints: ['node_modules/json5/lib/index.js'], outfile: `dist/${JSON5_BUNDLE}`, bundle: true, platform: 'node', format: 'cjs' };
}

/** esbuild options of Hermes's engine, beside extension.js (the CLI and the web build hold it inline). */
export function hermesBuild(common = {}) {
  return { ...common, entryPoints: ['src/core/runtimes/hermesEngine.ts'], outfile: `dist/${HERMES_BUNDLE}`, bundle: true, platform: 'node', format: 'cjs' };
}

/** esbuild options of the bundle of which files Hermes reads, beside extension.js. */
export function hermesFilesBuild(common = {}) {
  return { ...common, entryPoints: ['src/core/runtimes/hermesFiles.ts'], outfile: `dist/${HERMES_FILES_BUNDLE}`, bundle: true, platform: 'node', format: 'cjs' };
}
