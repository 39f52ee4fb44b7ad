// Runs one published OpenClaw release's own functions over laid-out case folders; started
// by scripts/golden/openclaw-releases.mjs under the Node that release needs.
//   node openclaw-releases-run.mjs JOB.json   (JOB: { packageDir, release, cases, out })
// For each case, as a run of the agent does: loadWorkspaceBootstrapFiles (real reads of
// the case folder) → filterBootstrapFilesForSession → filterCompletedWorkspaceBootstrapFile
// (5.20+, with the case's setup state) → sanitizeBootstrapFiles (where there is one) →
// the paths moved to the fixed workspace path → buildBootstrapContextFiles → the system
// prompt (buildAgentSystemPrompt). The Project Context block is what the files add to
// the prompt: the prompt with them, less the prompt without them. From 4.10 to 7.x,
// HEARTBEAT.md goes in a second block below the cache boundary: it is found the same way,
// as what it adds to the prompt of the other files, and the two are joined by a blank line.
import fs from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const dist = path.join(job.packageDir, 'dist');
const [, minor, patch] = job.release.split('.').map(Number);
const since = (m, p) => minor > m || (minor === m && patch >= p);

/** The file (the shallowest, then by name) that defines `fn`, outside the worker and SDK copies. */
function fileDefining(fn, optional = false) {
  const found = fs
    .readdirSync(dist, { recursive: true })
    .map(String)
    .filter((file) => /\.m?js$/.test(file) && !/^(?:worker|plugin-sdk|extensions)\//.test(file) && fs.statSync(path.join(dist, file)).isFile())
    .filter((file) => fs.readFileSync(path.join(dist, file), 'utf8').includes(`function ${fn}(`))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  if (found.length === 0 && !optional) throw new Error(`${job.release}: no file defines ${fn}`);
  return found[0];
}

const wanted = {
  loadWorkspaceBootstrapFiles: true,
  filterBootstrapFilesForSession: true,
  filterCompletedWorkspaceBootstrapFile: false,
  sanitizeBootstrapFiles: false,
  buildBootstrapContextFiles: true,
  buildAgentSystemPrompt: true,
};
const where = Object.fromEntries(Object.entries(wanted).map(([fn, required]) => [fn, fileDefining(fn, !required)]));
const expose = {};
for (const [fn, file] of Object.entries(where)) {
  if (!file) continue;
  const url = pathToFileURL(path.join(dist, file)).href;
  (expose[url] ??= []).push(fn);
}
register(pathToFileURL(path.join(import.meta.dirname, 'openclaw-releases-hooks.mjs')), { data: { dist, expose, chainable: !since(8, 0) } });
const fns = {};
for (const [fn, file] of Object.entries(where)) {
  if (!file) continue;
  const module = await import(pathToFileURL(path.join(dist, file)).href);
  fns[fn] = module[`__${fn}`];
}

const SESSION_KEYS = { main: 'agent:main:main', subagent: 'agent:main:subagent:golden', cron: 'agent:main:cron:golden', group: 'agent:main:group:golden' };

/** What `withFiles` adds to `without`: whole lines, inserted at one place. */
function inserted(withFiles, without) {
  let start = 0;
  while (start < without.length && withFiles[start] === without[start]) start++;
  start = withFiles.lastIndexOf('\n', start - 1) + 1;
  const rest = without.slice(start);
  if (!withFiles.endsWith(rest)) throw new Error('the files are not one insertion into the prompt');
  const block = withFiles.slice(start, withFiles.length - rest.length);
  return block.endsWith('\n') && rest.length > 0 ? block.slice(0, -1) : block;
}

async function runCase(c) {
  const sessionKey = SESSION_KEYS[c.session ?? 'main'];
  let files = await fns.loadWorkspaceBootstrapFiles(c.dir);
  files = since(8, 0) ? fns.filterBootstrapFilesForSession(files, { sessionKey, workspaceDir: c.dir }) : fns.filterBootstrapFilesForSession(files, sessionKey);
  if (fns.filterCompletedWorkspaceBootstrapFile) files = fns.filterCompletedWorkspaceBootstrapFile(files, c.setup !== 'pending', c.dir);
  if (fns.sanitizeBootstrapFiles) files = fns.sanitizeBootstrapFiles(files, c.dir);
  const workspaceDir = c.workspacePath;
  files = files.map((file) => ({ ...file, path: path.join(workspaceDir, path.relative(c.dir, file.path)) }));
  const contextFiles = fns.buildBootstrapContextFiles(files, {});
  const prompt = (list) => fns.buildAgentSystemPrompt({ workspaceDir, contextFiles: list, toolNames: [] });
  const empty = prompt([]);
  const dynamic = (file) => /(^|[\\/])heartbeat\.md$/i.test(file.path);
  const split = since(4, 10) && minor < 8;
  const stable = split ? contextFiles.filter((file) => !dynamic(file)) : contextFiles;
  const blocks = [stable.length > 0 ? inserted(prompt(stable), empty) : ''];
  if (split && stable.length < contextFiles.length) blocks.push(inserted(prompt(contextFiles), stable.length > 0 ? prompt(stable) : empty));
  const text = blocks.filter(Boolean).join('\n\n');
  for (const block of blocks.filter(Boolean))
    if (!/^# (?:Dynamic )?Project Context\n/.test(block)) throw new Error(`${c.name}: a block does not start with its heading: ${JSON.stringify(block.slice(0, 60))}`);
  return text;
}

const results = {};
for (const c of job.cases) {
  try {
    results[c.name] = await runCase(c);
  } catch (error) {
    results[c.name] = { error: String(error?.stack ?? error) };
  }
}
fs.writeFileSync(job.out, JSON.stringify(results));
