// The Node build of the extension (package.json's `main`): what it leaves to bundles of
// their own (JSON5, the scaffolding, the preview's session, the secrets UI and its detector, the skills UI), loaded on first use rather than at activation. build.mjs and the unit tests
// share these options.

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

/** The runtime profiles required on first use (core/runtimes/index.ts), by module name: their bundles. */
export const RUNTIME_BUNDLES = { zeroclaw: 'runtimeZeroclaw.js', codex: 'runtimeCodex.js', hermes: 'runtimeHermes.js' };

/** The comparison with a revision, needed only when one is asked for. */
export const COMPARE_BUNDLE = 'compare.js';

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

// extension.js requires the skills UI (catalog, rows, Problems) once an OpenClaw persona is found.
const separateSkillsUi = {
  name: 'separate-skills-ui',
  setup(build) {
    build.onResolve({ filter: /^\.\/skillsUi$/ }, () => ({ path: `./${SKILLS_UI_BUNDLE}`, external: true }));
  },
};

// extension.js requires the preview's session from its own bundle when the first preview opens.
const separatePreviewSession = {
  name: 'separate-preview-session',
  setup(build) {
    build.onResolve({ filter: /^\.\/previewSession$/ }, () => ({ path: `./${PREVIEW_SESSION_BUNDLE}`, external: true }));
  },
};

// extension.js requires ZeroClaw's, Codex's and Hermes's profiles from their own bundles when a persona first uses one.
const separateRuntimes = {
  name: 'separate-runtimes',
  setup(build) {
    build.onResolve({ filter: /^\.\/(zeroclaw|codex|hermes)$/ }, ({ path, importer }) =>
      importer.replace(/\\/g, '/').endsWith('src/core/runtimes/index.ts') ? { path: `./${RUNTIME_BUNDLES[path.slice(2)]}`, external: true } : undefined,
    );
  },
};

/** esbuild options of the bundles of the runtime profiles required on first use, beside extension.js. */
export function runtimeBuilds(common = {}) {
  return Object.entries(RUNTIME_BUNDLES).map(([name, bundle]) => ({
    ...common,
    entryPoints: [`src/core/runtimes/${name}.ts`],
    outfile: `dist/${bundle}`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
  }));
}

// extension.js requires the scaffolding from its own bundle on the first scaffold command.
const separateScaffolding = {
  name: 'separate-scaffolding',
  setup(build) {
    build.onResolve({ filter: /^\.\/scaffolding$/ }, () => ({ path: `./${SCAFFOLDING_BUNDLE}`, external: true }));
  },
};

// extension.js requires doctor's migrations from their own bundle on the first persona that needs them.
const separateDoctor = {
  name: 'separate-doctor',
  setup(build) {
    build.onResolve({ filter: /^\.\/chunk$/ }, (args) => (args.importer.includes('doctor') ? { path: `./${DOCTOR_BUNDLE}`, external: true } : undefined));
  },
};

// extension.js requires the agents' resolution from its own bundle on the first openclaw.json read.
const separateAgents = {
  name: 'separate-agents',
  setup(build) {
    build.onResolve({ filter: /^\.\/chunk$/ }, (args) =>
      args.importer.replace(/\\/g, '/').includes('/extension/agents/') ? { path: `./${AGENTS_BUNDLE}`, external: true } : undefined,
    );
  },
};

// extension.js requires the comparison with a revision from its own bundle on the first compare command.
const separateCompare = {
  name: 'separate-compare',
  setup(build) {
    build.onResolve({ filter: /^\.\/compare$/ }, () => ({ path: `./${COMPARE_BUNDLE}`, external: true }));
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
      separateSecrets,
      separateSecretsUi,
      separatePreviewSession,
      separateSkillsUi,
      separateDoctor,
      separateAgents,
      separateRuntimes,
      separateCompare,
    ],
  };
}

/** esbuild options of the skills UI's own bundle, beside extension.js. */
export function skillsUiBuild(common = {}) {
  return {
    ...common,
    entryPoints: ['src/extension/model/skillsUi.ts'],
    outfile: `dist/${SKILLS_UI_BUNDLE}`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    plugins: [...(common.plugins ?? []), oneVscode(), separateJson5],
  };
}

/** esbuild options of the comparison's own bundle, beside extension.js. */
export function compareBuild(common = {}) {
  return {
    ...common,
    entryPoints: ['src/extension/compare/compare.ts'],
    outfile: `dist/${COMPARE_BUNDLE}`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    plugins: [...(common.plugins ?? []), oneVscode(), separateJson5, separateSecrets],
  };
}

/** esbuild options of the scaffolding's own bundle, beside extension.js. */
export function scaffoldingBuild(common = {}) {
  return {
    ...common,
    entryPoints: ['src/extension/commands/scaffolding.ts'],
    outfile: `dist/${SCAFFOLDING_BUNDLE}`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    plugins: [...(common.plugins ?? []), oneVscode(), separateJson5, separateSecrets],
  };
}

/** esbuild options of the secrets UI's own bundle, beside extension.js. */
export function secretsUiBuild(common = {}) {
  return {
    ...common,
    entryPoints: ['src/extension/model/secretsUi.ts'],
    outfile: `dist/${SECRETS_UI_BUNDLE}`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    plugins: [...(common.plugins ?? []), oneVscode(), separateSecrets],
  };
}

/** esbuild options of the preview session's own bundle, beside extension.js. */
export function previewSessionBuild(common = {}) {
  return {
    ...common,
    entryPoints: ['src/extension/preview/previewSession.ts'],
    outfile: `dist/${PREVIEW_SESSION_BUNDLE}`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    plugins: [...(common.plugins ?? []), oneVscode(), separateSecrets],
  };
}

/** esbuild options of the doctor bundle, beside extension.js. */
export function doctorBuild(common = {}) {
  return {
    ...common,
    entryPoints: ['src/extension/doctor/chunk.ts'],
    outfile: `dist/${DOCTOR_BUNDLE}`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
    plugins: [...(common.plugins ?? []), oneVscode()],
  };
}

/** esbuild options of the agents' own bundle, beside extension.js. */
export function agentsBuild(common = {}) {
  return { ...common, entryPoints: ['src/extension/agents/chunk.ts'], outfile: `dist/${AGENTS_BUNDLE}`, bundle: true, platform: 'node', format: 'cjs' };
}

/** esbuild options of the parser's own bundle, beside extension.js. */
export function json5Build(common = {}) {
  return { ...common, entryPoints: ['node_modules/json5/lib/index.js'], outfile: `dist/${JSON5_BUNDLE}`, bundle: true, platform: 'node', format: 'cjs' };
}
