// Runs before `npm start` and `npm test`: on a fresh clone (or after package-lock.json
// changed) installs the dependencies first, so those two commands do everything.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');

function stale() {
  if (!fs.existsSync(installed)) return 'dependencies are not installed';
  return fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs ? 'package-lock.json changed since the last install' : undefined;
}

const reason = stale();
if (reason) {
  console.log(`persona-studio: ${reason}: running npm ci`);
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('persona-studio: npm ci failed; see above.');
    process.exit(result.status ?? 1);
  }
}
