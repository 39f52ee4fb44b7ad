// Runs one published OpenClaw release's own skill functions over the skill fixture cases;
// started by scripts/golden/openclaw-skills-releases.mjs under the Node that release needs,
// with HOME a fixed fake home (OpenClaw fixes its config folder at import) and PATH a folder
// holding only the fixtures' executables.
//   node openclaw-skills-releases-run.mjs JOB.json   (JOB: { packageDir, release, piDir?, cases, out })
// For each case, laid out in ~/.openclaw/workspace, as a run of the agent builds its prompt:
// buildWorkspaceSkillsPrompt (the release's own loader, roots, merge, gating, limits and
// catalog; no config, an empty bundled-skills folder, the stock plugins' skills linked into
// ~/.openclaw/plugin-skills from 5.x on as OpenClaw links them) → buildSkillsSection, its
// lines joined as the system prompt joins them.
import fs from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const fixtures = (await import(pathToFileURL(job.fixtures).href)).default;
const dist = path.join(job.packageDir, 'dist');
const [, minor] = job.release.split('.').map(Number);
const HOME = process.env.HOME;

/** The file (the shallowest, then by name) that defines `fn`, outside the worker, SDK and plugin copies. */
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

// 8.x builds the skills prompt in buildSkillSnapshot; before, buildWorkspaceSkillsPrompt does.
const promptFn = fileDefining('buildWorkspaceSkillsPrompt', true) ? 'buildWorkspaceSkillsPrompt' : 'buildSkillSnapshot';
const wanted = [promptFn, 'buildSkillsSection'];
const expose = {};
for (const fn of wanted) (expose[pathToFileURL(path.join(dist, fileDefining(fn))).href] ??= []).push(fn);

let piSkills;
let piNames = [];
if (job.piDir) {
  const core = path.join(job.piDir, 'package/dist/core');
  piSkills = { skills: pathToFileURL(path.join(core, 'skills.js')).href };
  if (fs.existsSync(path.join(core, 'source-info.js'))) piSkills.sourceInfo = pathToFileURL(path.join(core, 'source-info.js')).href;
  const names = new Set();
  for (const file of fs.readdirSync(dist, { recursive: true }).map(String)) {
    if (!/\.m?js$/.test(file) || !fs.statSync(path.join(dist, file)).isFile()) continue;
    for (const m of fs.readFileSync(path.join(dist, file), 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@mariozechner\/pi-coding-agent["']/g))
      for (const part of m[1].split(',')) if (part.trim()) names.add(part.trim().split(/\s+as\s+/)[0]);
  }
  piNames = [...names];
}
const deps = job.deps ? pathToFileURL(job.deps).href : undefined;
register(pathToFileURL(path.join(import.meta.dirname, 'openclaw-skills-releases-hooks.mjs')), { data: { dist, expose, chainable: minor < 8, piSkills, piNames, deps } });
const fns = {};
for (const [url, names] of Object.entries(expose)) {
  const module = await import(url);
  for (const fn of names) fns[fn] = module[`__${fn}`];
}

const WORKSPACE = path.join(HOME, '.openclaw/workspace');
const EMPTY = path.join(HOME, '.bundled-none');

function runCase(c) {
  fs.rmSync(HOME, { recursive: true, force: true });
  fs.mkdirSync(EMPTY, { recursive: true });
  const spec = fixtures.materialize(c.name, WORKSPACE);
  const pluginSkillsDir = path.join(HOME, '.openclaw/plugin-skills');
  if (spec.plugins !== false) {
    fs.mkdirSync(pluginSkillsDir, { recursive: true });
    for (const [skill, root] of job.pluginSkills) fs.symlinkSync(path.join(dist, root, skill), path.join(pluginSkillsDir, skill));
  }
  const options = {
    config: spec.plugins === false ? { plugins: { enabled: false } } : undefined,
    bundledSkillsDir: EMPTY,
    // 8.x caches the skills it loaded by workspace and options: an empty managed-skills folder of the case's own keeps the cases apart.
    managedSkillsDir: path.join(HOME, '.openclaw', `skills-${c.name}`),
    pluginSkillsDir,
  };
  const prompt = promptFn === 'buildWorkspaceSkillsPrompt' ? fns.buildWorkspaceSkillsPrompt(WORKSPACE, options) : fns.buildSkillSnapshot(WORKSPACE, options).prompt;
  const lines = fns.buildSkillsSection({ skillsPrompt: prompt, readToolName: 'read', codeModeActive: false, isMinimal: false });
  return lines.filter(Boolean).join('\n');
}

const results = {};
for (const c of job.cases) {
  try {
    results[c.name] = runCase(c);
  } catch (error) {
    results[c.name] = { error: String(error?.stack ?? error) };
  }
}
fs.rmSync(HOME, { recursive: true, force: true });
fs.writeFileSync(job.out, JSON.stringify(results));
