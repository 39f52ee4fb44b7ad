// The Node build of the extension (package.json's `main`): what it leaves to bundles of
// their own, loaded on first use rather than at activation. build.mjs and the unit tests
// share these options.
import fs from 'node:fs';

/** The JSON5 parser, needed only when the user names an openclaw.json. */
export const JSON5_BUNDLE = 'json5.js';

/** The secrets UI, needed only once a persona is found; the detector it loads is dist/secrets.js. */
export const SECRETS_UI_BUNDLE = 'secretsUi.js';

/** The skills UI and the YAML parser of SKILL.md frontmatter, needed only once an OpenClaw persona is found. */
export const SKILLS_UI_BUNDLE = 'skillsUi.js';

/** The preview's session and what only it uses, needed when the first preview opens. */
export const PREVIEW_SESSION_BUNDLE = 'previewSession.js';

/** The prompt after `openclaw doctor --fix`, needed only for a persona holding a file doctor moves. */
export const DOCTOR_BUNDLE = 'doctor.js';

/** The agents of an openclaw.json resolved, needed only when the user names one. */
export const AGENTS_BUNDLE = 'agents.js';

/** Hermes's scanner in the editor (its Errors' quick fixes), needed only on the first file it would block. */
export const HERMES_EDITOR_BUNDLE = 'hermesEditor.js';

/**
 * The runtime profiles required on first use, by module name: their bundles (`hermes` →
 * runtimeHermes.js). Read from the registry itself (core/runtimes/index.ts), so a runtime added
 * there as `require('./NAME')` gets its bundle with no other edit.
 */
export const RUNTIME_BUNDLES = Object.fromEntries(
  [...fs.readFileSync(new URL('../src/core/runtimes/index.ts', import.meta.url), 'utf8').matchAll(/\brequire\('\.\/(\w+)'\)/g)].map(([, name]) => [
    name,
    `runtime${name[0].toUpperCase()}${name.slice(1)}.js`,
  ]),
);

/** The comparison with a revision, needed only when one is asked for. */
export const COMPARE_BUNDLE = 'compare.js';

/** The code of the commands registered at activation, needed when the first one runs. */
export const COMMANDS_BUNDLE = 'commands.js';

/** The scaffolding commands and their templates, needed only when files are created. */
export const SCAFFOLDING_BUNDLE = 'scaffolding.js';

/**
 * A plugin that leaves the imports matching `filter` (from an importer `from` accepts, its path
 * with `/`) to a bundle of their own, required at run time from beside extension.js.
 */
function separate(name, filter, bundle, from = () => true) {
  return {
    name: `separate-${name}`,
    setup(build) {
      build.onResolve({ filter }, ({ path, importer }) =>
        from(importer.replace(/\\/g, '/')) ? { path: `./${typeof bundle === 'function' ? bundle(path) : bundle}`, external: true } : undefined,
      );
    },
  };
}

// extension.js requires each of these from its own bundle on first use: the secret detector
// (scripts/secretsBuild.mjs) on the first scan; the secrets UI and the skills UI once a
// persona (an OpenClaw one) is found; the preview's session when the first preview opens;
// ZeroClaw's, Codex's and Hermes's profiles when a persona first uses one; the scaffolding on
// the first scaffold command; doctor's migrations for the first persona that needs them; the
// agents' resolution and the JSON5 parser on the first openclaw.json read; the comparison on
// the first compare command; the other commands' code when the first one runs; Hermes's
// scanner fixes on the first file it would block.
const separateSecrets = separate('secrets', /\/secretsDetector$/, 'secrets.js');
const separateSecretsUi = separate('secrets-ui', /^\.\/secretsUi$/, SECRETS_UI_BUNDLE);
const separateSkillsUi = separate('skills-ui', /^\.\/skillsUi$/, SKILLS_UI_BUNDLE);
const separatePreviewSession = separate('preview-session', /^\.\/previewSession$/, PREVIEW_SESSION_BUNDLE);
const separateRuntimes = separate(
  'runtimes',
  new RegExp(`^\\./(${Object.keys(RUNTIME_BUNDLES).join('|')})$`),
  (path) => RUNTIME_BUNDLES[path.slice(2)],
  (importer) => importer.endsWith('src/core/runtimes/index.ts'),
);
const separateScaffolding = separate('scaffolding', /^\.\/scaffolding$/, SCAFFOLDING_BUNDLE);
const separateCommands = separate('commands', /^\.\/handlers$/, COMMANDS_BUNDLE, (importer) => importer.endsWith('src/extension/commands/index.ts'));
const separateDoctor = separate('doctor', /^\.\/chunk$/, DOCTOR_BUNDLE, (importer) => importer.includes('/extension/doctor/'));
const separateAgents = separate('agents', /^\.\/chunk$/, AGENTS_BUNDLE, (importer) => importer.includes('/extension/agents/'));
const separateHermesEditor = separate('hermes-editor', /^\.\/chunk$/, HERMES_EDITOR_BUNDLE, (importer) => importer.includes('/extension/hermes/'));
const separateCompare = separate('compare', /^\.\/compare$/, COMPARE_BUNDLE);
const separateJson5 = separate('json5', /^json5$/, JSON5_BUNDLE);

/** esbuild options of the bundles of the runtime profiles required on first use, beside extension.js. */
export function runtimeBuilds(common = {}) {
  return Object.entries(RUNTIME_BUNDLES).map(([name, bundle]) => ownBundle(common, `src/core/runtimes/${name}.ts`, bundle));
}

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
  return {
    ...common,
    entryPoints: ['src/extension/extension.ts'],
    outfile: 'dist/extension.js',
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    plugins: [
      ...(common.plugins ?? []),
      oneVscode(),
      separateJson5,
      separateScaffolding,
      separateCommands,
      separateSecrets,
      separateSecretsUi,
      separatePreviewSession,
      separateSkillsUi,
      separateDoctor,
      separateAgents,
      separateHermesEditor,
      separateRuntimes,
      separateCompare,
    ],
  };
}

/**
 * esbuild options of a bundle of its own beside extension.js, `entry` to `dist/<bundle>`; one
 * with `editor` code shares the vscode module as extension.js does.
 */
function ownBundle(common, entry, bundle, plugins = [], editor = false) {
  return {
    ...common,
    entryPoints: [entry],
    outfile: `dist/${bundle}`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    ...(editor && { external: ['vscode'] }),
    plugins: [...(common.plugins ?? []), ...(editor ? [oneVscode()] : []), ...plugins],
  };
}

export const skillsUiBuild = (common = {}) => ownBundle(common, 'src/extension/model/skillsUi.ts', SKILLS_UI_BUNDLE, [separateJson5], true);
export const compareBuild = (common = {}) => ownBundle(common, 'src/extension/compare/compare.ts', COMPARE_BUNDLE, [separateJson5, separateSecrets], true);
export const commandsBuild = (common = {}) =>
  ownBundle(
    common,
    'src/extension/commands/handlers.ts',
    COMMANDS_BUNDLE,
    [separateJson5, separateSecrets, separatePreviewSession, separateSkillsUi, separateSecretsUi, separateDoctor, separateAgents, separateRuntimes],
    true,
  );
export const scaffoldingBuild = (common = {}) => ownBundle(common, 'src/extension/commands/scaffolding.ts', SCAFFOLDING_BUNDLE, [separateJson5, separateSecrets], true);
export const secretsUiBuild = (common = {}) => ownBundle(common, 'src/extension/model/secretsUi.ts', SECRETS_UI_BUNDLE, [separateSecrets], true);
export const previewSessionBuild = (common = {}) => ownBundle(common, 'src/extension/preview/previewSession.ts', PREVIEW_SESSION_BUNDLE, [separateSecrets, separateJson5], true);
export const doctorBuild = (common = {}) => ownBundle(common, 'src/extension/doctor/chunk.ts', DOCTOR_BUNDLE, [], true);
export const agentsBuild = (common = {}) => ownBundle(common, 'src/extension/agents/chunk.ts', AGENTS_BUNDLE, [separateJson5], true);
export const hermesEditorBuild = (common = {}) => ownBundle(common, 'src/extension/hermes/chunk.ts', HERMES_EDITOR_BUNDLE, [], true);
export const json5Build = (common = {}) => ownBundle(common, 'node_modules/json5/lib/index.js', JSON5_BUNDLE);
