// Bundles the extension (for Node and for the browser), the pure core, the CLI and the
// webview script with esbuild.
import fs from 'node:fs';
import * as esbuild from 'esbuild';
import {
  agentsBuild,
  commandsBuild,
  compareBuild,
  doctorBuild,
  hermesEditorBuild,
  json5Build,
  nodeExtensionBuild,
  previewSessionBuild,
  runtimeBuilds,
  scaffoldingBuild,
  secretsUiBuild,
  skillsUiBuild,
} from './nodeBuild.mjs';
import { quietSecretlint, secretsBuild, secretsWebBuild } from './secretsBuild.mjs';
import { webExtensionBuild, webGlobalsCheck } from './webBuild.mjs';
import { ENCODINGS, ranksFile } from './ranksFile.mjs';

const watch = process.argv.includes('--watch');
// A published build is minified and carries no source maps.
const production = process.argv.includes('--production');
const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning', target: 'node20' };

const builds = [
  // The JSON5 parser, too, is a bundle of its own, required on the first openclaw.json read.
  nodeExtensionBuild(common),
  json5Build(common),
  // So are the scaffolding commands and their templates, required on the first scaffold.
  scaffoldingBuild(common),
  // And the code of the other commands, for the first one run.
  commandsBuild(common),
  // And the comparison with a revision, for the first compare command.
  compareBuild(common),
  // And the secret detector with secretlint's rules, for the first check of a persona's secrets.
  secretsBuild(common),
  secretsWebBuild(common),
  // And the secrets UI that shows its findings, required once a persona is found.
  secretsUiBuild(common),
  // And the skills UI with the YAML parser, required once an OpenClaw persona is found.
  skillsUiBuild(common),
  // And the preview's session, required when the first preview opens.
  previewSessionBuild(common),
  // And ZeroClaw's and Codex's profiles, required when a persona first uses one.
  ...runtimeBuilds(common),
  // And the prompt after openclaw doctor --fix, required for a persona holding a file doctor moves.
  doctorBuild(common),
  // And the resolution of an openclaw.json's agents, required on the first read of one.
  agentsBuild(common),
  // And Hermes's scanner fixes in the editor, required on the first file its scanner would block.
  hermesEditorBuild(common),
  // The token worker reads the tokenizer's ranks (below); extension.js loads it on the first count.
  { ...common, entryPoints: ['src/extension/tokens/worker.ts'], outfile: 'dist/tokenWorker.js', platform: 'node', format: 'cjs' },
  { ...common, entryPoints: ['src/core/index.ts'], outfile: 'dist/core.js', platform: 'node', format: 'cjs' },
  {
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    platform: 'node',
    format: 'cjs',
    banner: { js: '#!/usr/bin/env node' },
    plugins: [quietSecretlint()],
  },
  { ...common, entryPoints: ['src/webview/main.ts'], outfile: 'dist/webview/webview.js', platform: 'browser', format: 'iife', target: 'es2022' },
  // The `browser` entry: the same extension for the web worker host, without Node.
  webExtensionBuild(common),
  webGlobalsCheck(),
];

// A published build starts from an empty dist/, so nothing stale (old maps, removed
// bundles) reaches the VSIX.
if (production) fs.rmSync('dist', { recursive: true, force: true });

// Each encoding's ranks, as bytes the CLI and the token worker read beside them on first use:
// only the chosen ranks load, and they ship once.
fs.mkdirSync('dist', { recursive: true });
for (const name of ENCODINGS) fs.writeFileSync(`dist/${name}.ranks`, ranksFile(name));

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
