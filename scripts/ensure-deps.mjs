// Runs before `npm start`, `npm test` and the benchmarks: on a fresh clone (or after
// package-lock.json changed) installs the dependencies first, so those commands do
// everything. With --code-server (the benchmarks) it also provisions code-server and
// Chromium when they are missing; --dry-run only says what it would do.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');

const OPTIONS = ['--code-server', '--dry-run'];
const args = process.argv.slice(2);
const unknown = args.find((arg) => !OPTIONS.includes(arg));
if (unknown !== undefined) {
  console.error(`persona-studio: ensure-deps takes ${OPTIONS.join(' and ')}, not '${unknown}'`);
  process.exit(2);
}
const dryRun = args.includes('--dry-run');

function stale() {
  if (!fs.existsSync(installed)) return 'dependencies are not installed';
  return fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs ? 'package-lock.json changed since the last install' : undefined;
}

/** Runs a step, or with --dry-run says it would; stops here when it fails. */
function step(reason, command, commandArgs, what) {
  if (dryRun) {
    console.log(`persona-studio: ${reason}: would run ${what}`);
    return;
  }
  console.log(`persona-studio: ${reason}: running ${what}`);
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`persona-studio: ${what} failed; see above.`);
    process.exit(result.status ?? 1);
  }
}

const reason = stale();
if (reason) step(reason, 'npm', ['ci', '--no-audit', '--no-fund'], 'npm ci');

if (args.includes('--code-server')) {
  // The e2e harness says where code-server and Chromium belong, and whether they are there.
  const { require: tsxRequire } = await import('tsx/cjs/api');
  const paths = tsxRequire('../test/e2e/harness/paths.ts', import.meta.url);
  const missing = [() => paths.codeServerEntry(), () => paths.chromiumPath()].flatMap((check) => {
    try {
      check();
      return [];
    } catch (error) {
      if (!(error instanceof paths.NotProvisionedError)) throw error;
      return [error.message.replace(/\. Run .*$/, '')];
    }
  });
  if (missing.length > 0) step(missing.join('; '), 'bash', [path.join(root, 'scripts/provision.sh')], 'scripts/provision.sh');
}
