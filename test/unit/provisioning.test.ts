// `npm run bench` in a fresh clone provisions what it runs on (code-server and Chromium, for
// the editor benchmarks), as `npm start` does, instead of stopping with "not provisioned".
import assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const scripts: Record<string, string> = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;

describe('provisioning', () => {
  it('every bench script is preceded by one that installs the dependencies and provisions code-server', () => {
    const benches = Object.keys(scripts).filter((name) => /^bench(:|$)/.test(name));
    assert.deepStrictEqual(benches.sort(), ['bench', 'bench:host', 'bench:smoke']);
    for (const name of benches) assert.strictEqual(scripts[`pre${name}`], 'node scripts/ensure-deps.mjs --code-server', `pre${name}`);
  });

  it('provisions when code-server is missing, and says so (dry run)', () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-'));
    const run = spawnSync(process.execPath, ['scripts/ensure-deps.mjs', '--code-server', '--dry-run'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PERSONA_STUDIO_CACHE: cache },
    });
    assert.strictEqual(run.status, 0, run.stderr);
    assert.match(run.stdout, /code-server [\d.]+ is not provisioned in .*: would run scripts\/provision\.sh/);
    assert.deepStrictEqual(fs.readdirSync(cache), [], 'a dry run installs nothing');
  });

  it('rejects an unknown option in one line', () => {
    const run = spawnSync(process.execPath, ['scripts/ensure-deps.mjs', '--frobnicate'], { cwd: root, encoding: 'utf8' });
    assert.strictEqual(run.status, 2);
    assert.strictEqual(run.stderr, "persona-studio: ensure-deps takes --code-server and --dry-run, not '--frobnicate'\n");
  });
});
