// Hostile input against the built CLI, each run in its own process with a time limit,
// so a read that blocks or a stream that throws fails the test instead of hanging it.
import assert from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_FILE_BYTES } from '../../src/core';
import { personaFolder } from './helpers';

const root = path.resolve(__dirname, '../..');
const cli = path.join(root, 'dist/cli.js');

interface Run {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

let cliForNobody: string | undefined;

/**
 * The built CLI where `nobody` can run it: a checkout may lie in a folder only its owner can
 * enter (/root is 0700), so its bundles are copied under this run's temporary folder (0755).
 */
function nobodysCli(): string {
  if (cliForNobody) return cliForNobody;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-'));
  fs.chmodSync(folder, 0o755);
  for (const name of fs.readdirSync(path.dirname(cli))) {
    if (name.endsWith('.js') || name.endsWith('.ranks')) fs.copyFileSync(path.join(path.dirname(cli), name), path.join(folder, name));
  }
  return (cliForNobody = path.join(folder, path.basename(cli)));
}

function run(args: readonly string[], options: { user?: 'nobody'; stdout?: number } = {}): Run {
  const command = options.user ? 'setpriv' : process.execPath;
  const argv = options.user ? ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, nobodysCli(), ...args] : [cli, ...args];
  const result = spawnSync(command, argv, {
    // Where nobody can be: the checkout may be closed to other users.
    cwd: options.user ? path.dirname(nobodysCli()) : undefined,
    encoding: 'utf8',
    timeout: 30_000,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', options.stdout ?? 'pipe', 'pipe'],
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

function assertFinished(result: Run, what: string): void {
  assert.strictEqual(result.signal, null, `${what} was killed after its time: it hung`);
}

/** Reads the first chunk of the command's output, then closes the pipe, as `| head` does. */
function runIntoClosedPipe(args: readonly string[]): Promise<{ status: number | null; stderr: string; first: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let first = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.once('data', (chunk) => {
      first = String(chunk).slice(0, 10);
      child.stdout.destroy();
    });
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr, first });
    });
  });
}

function withFifos(files: Record<string, string>, fifos: string[]): string {
  const dir = personaFolder(files);
  const made = spawnSync(
    'mkfifo',
    fifos.map((name) => path.join(dir, name)),
  );
  assert.strictEqual(made.status, 0);
  return dir;
}

describe('hostile input: the CLI', () => {
  describe('files that are not regular files', () => {
    it('a FIFO named SOUL.md or HEARTWOOD.md: compose, check and scaffold finish; check says unreadable', () => {
      const dir = withFifos({ 'AGENTS.md': 'rules' }, ['SOUL.md', 'HEARTWOOD.md']);
      const compose = run(['compose', dir]);
      assertFinished(compose, 'compose');
      assert.strictEqual(compose.status, 0);
      assert.strictEqual(compose.stdout, '## AGENTS.md\n\nrules');
      const check = run(['check', dir]);
      assertFinished(check, 'check');
      assert.strictEqual(check.status, 0);
      assert.match(check.stdout, /SOUL\.md\s+-\s+-\s+-\s+unreadable/);
      assert.doesNotMatch(check.stdout, /HEARTWOOD\.md:/);
      const scaffold = run(['scaffold', dir]);
      assertFinished(scaffold, 'scaffold');
      assert.strictEqual(scaffold.status, 0);
      assert.match(scaffold.stdout, /kept SOUL\.md \(already exists, not overwritten\)/);
      assert.ok(fs.statSync(path.join(dir, 'SOUL.md')).isFIFO(), 'the FIFO is left as it was');
    });

    it('MEMORY.md linked to /dev/zero: check says unreadable and exits 0', () => {
      const dir = personaFolder({ 'SOUL.md': 'x' });
      fs.symlinkSync('/dev/zero', path.join(dir, 'MEMORY.md'));
      const check = run(['check', dir]);
      assertFinished(check, 'check');
      assert.strictEqual(check.status, 0);
      assert.match(check.stdout, /MEMORY\.md\s+-\s+-\s+-\s+unreadable/);
    });

    it('a file the user may not read (run as nobody): unreadable, the rest still composed', () => {
      const dir = personaFolder({ 'AGENTS.md': 'rules', 'SOUL.md': 'secret' });
      fs.chmodSync(dir, 0o755);
      fs.chmodSync(path.join(dir, 'AGENTS.md'), 0o644);
      fs.chmodSync(path.join(dir, 'SOUL.md'), 0o600);
      const check = run(['check', dir], { user: 'nobody' });
      assert.strictEqual(check.status, 0, check.stderr);
      assert.match(check.stdout, /SOUL\.md\s+-\s+-\s+-\s+unreadable/);
      const compose = run(['compose', dir], { user: 'nobody' });
      assert.strictEqual(compose.stdout, '## AGENTS.md\n\nrules');
    });
  });

  describe('files too large to hold', () => {
    it('a sparse 3 GiB MEMORY.md is over its cap and cut to 2 MB, never "missing"', () => {
      const dir = personaFolder();
      fs.writeFileSync(path.join(dir, 'MEMORY.md'), 'head\n');
      fs.truncateSync(path.join(dir, 'MEMORY.md'), 3 * 1024 ** 3);
      const check = run(['check', dir]);
      assertFinished(check, 'check');
      assert.strictEqual(check.status, 1);
      assert.match(check.stdout, /MEMORY\.md\s+3,221,225,472\s+\S+\s+\d+ %\s+OVER CAP: 3,219,128,320 bytes dropped/);
      const json = JSON.parse(run(['check', '--json', dir]).stdout);
      fs.rmSync(dir, { recursive: true });
      assert.strictEqual(json.personas[0].files.find((f: { name: string }) => f.name === 'MEMORY.md').status, 'cut');
    });

    it('a 10 MB single line: check cuts it at line 1, just past the cap', () => {
      const dir = personaFolder({ 'MEMORY.md': Buffer.alloc(10 * 1024 * 1024, 'x') });
      const check = run(['check', dir]);
      fs.rmSync(dir, { recursive: true });
      assert.strictEqual(check.status, 1);
      assert.match(check.stdout, new RegExp(`from line 1, column ${MAX_FILE_BYTES + 1}`));
    });

    it('compose and check of a 100 MB MEMORY.md peak at most 64 MB above a tiny persona', () => {
      const big = personaFolder({ 'SOUL.md': 'x', 'MEMORY.md': Buffer.alloc(100 * 1024 * 1024, 'memory line\n') });
      const tiny = personaFolder({ 'SOUL.md': 'x', 'MEMORY.md': 'memory line\n' });
      const peak = (command: string, dir: string): number => {
        const script = `const { Writable } = require('node:stream');
          const { main } = require(${JSON.stringify(cli)});
          Promise.resolve(main([${JSON.stringify(command)}, ${JSON.stringify(dir)}], new Writable({ write(c, e, done) { done(); } }), process.stderr)).then(() =>
            // VmHWM starts afresh at exec; maxRSS would carry the parent's peak over from the fork.
            process.stdout.write(/VmHWM:\\s*(\\d+) kB/.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))[1]));`;
        const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
        assert.strictEqual(result.status, 0, result.stderr);
        return Number(result.stdout) * 1024;
      };
      try {
        for (const command of ['compose', 'check']) {
          const above = peak(command, big) - peak(command, tiny);
          assert.ok(above <= 64 * 1024 * 1024, `${command}: ${(above / 1024 / 1024).toFixed(1)} MB above a tiny persona`);
        }
      } finally {
        fs.rmSync(big, { recursive: true });
      }
    });
  });

  describe('output that cannot be written', () => {
    it('compose into a pipe closed after 10 bytes ends quietly with 0', async () => {
      const dir = personaFolder({ 'MEMORY.md': Buffer.alloc(MAX_FILE_BYTES, 'x') });
      const result = await runIntoClosedPipe(['compose', dir]);
      assert.strictEqual(result.first, '## MEMORY.');
      assert.strictEqual(result.stderr, '');
      assert.strictEqual(result.status, 0);
    });

    it('check into a closed pipe ends quietly with 0, not 1 (which means "over cap")', async () => {
      const dir = personaFolder({ 'SOUL.md': 'x' });
      const result = await runIntoClosedPipe(['check', ...Array<string>(600).fill(dir)]);
      assert.strictEqual(result.stderr, '');
      assert.strictEqual(result.status, 0);
    });

    it('a full disk is one line on stderr and exit 2', () => {
      const dir = personaFolder({ 'SOUL.md': 'x' });
      const full = fs.openSync('/dev/full', 'w');
      try {
        for (const args of [
          ['compose', dir],
          ['check', dir],
          ['check', '--json', dir],
        ]) {
          const result = run(args, { stdout: full });
          assert.strictEqual(result.status, 2, args.join(' '));
          assert.strictEqual(result.stderr, 'persona-studio: cannot write the output (ENOSPC)\n');
        }
      } finally {
        fs.closeSync(full);
      }
    });
  });

  describe('every error on one line', () => {
    it('a folder name with a newline or control characters is printed escaped', () => {
      const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-'));
      const odd = path.join(parent, 'evil\nname\x1b[31m');
      fs.writeFileSync(odd, 'not a folder');
      for (const [args, message] of [
        [['compose', odd], `persona-studio: ${parent}/evil\\nname\\x1b[31m: is a file, not a persona folder\n`],
        [['check', path.join(parent, 'gone\r\nx')], `persona-studio: ${parent}/gone\\r\\nx: no such folder\n`],
      ] as const) {
        const result = run(args);
        assert.strictEqual(result.status, 2);
        assert.strictEqual(result.stderr, message);
      }
    });

    it("Node's own argument errors and unknown commands are one line", () => {
      for (const args of [['compose', '--frob\nnicate', 'x'], ['check', '--warn-at'], ['bogus\ncommand'], []]) {
        const result = run(args);
        assert.strictEqual(result.status, 2, JSON.stringify(args));
        assert.strictEqual(result.stdout, '');
        assert.match(result.stderr, /^persona-studio: [^\n]+\n$/, JSON.stringify(args));
      }
    });

    it('the check table escapes a folder name that holds a newline', () => {
      const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-'));
      const odd = path.join(parent, 'two\nlines');
      fs.mkdirSync(odd);
      fs.writeFileSync(path.join(odd, 'SOUL.md'), 'x');
      const result = run(['check', odd]);
      assert.strictEqual(result.stdout.split('\n')[0], `${parent}/two\\nlines`);
    });
  });

  describe("the editor's lines and names", () => {
    it('a lone-CR file over its cap: check says the line the editor shows', () => {
      const line = 'y'.repeat(999) + '\r';
      const dir = personaFolder({ 'MEMORY.md': line.repeat(Math.ceil((MAX_FILE_BYTES + 5000) / line.length)) });
      const result = run(['check', dir]);
      const expected = `from line ${Math.floor(MAX_FILE_BYTES / 1000) + 1}, column ${(MAX_FILE_BYTES % 1000) + 1}`;
      assert.ok(result.stdout.includes(expected), result.stdout);
    });

    it('a mixed-endings file (CRLF, LF, lone CR) is cut on the same line the editor shows', () => {
      const block = 'a'.repeat(97) + '\r\n' + 'b'.repeat(98) + '\n' + 'c'.repeat(98) + '\r';
      const text = block.repeat(Math.ceil((MAX_FILE_BYTES + 1000) / block.length));
      const dir = personaFolder({ 'MEMORY.md': text });
      const lines = text.slice(0, MAX_FILE_BYTES).split(/\r\n|\r|\n/);
      const expected = `from line ${lines.length}, column ${lines[lines.length - 1].length + 1}`;
      assert.ok(run(['check', dir]).stdout.includes(expected), expected);
    });

    it('scaffold beside soul.md does not create SOUL.md, and says the runtime reads only SOUL.md', () => {
      const dir = personaFolder({ 'soul.md': 'mine' });
      const result = run(['scaffold', dir, 'SOUL.md']);
      assert.strictEqual(result.status, 0);
      assert.strictEqual(result.stdout, 'not created SOUL.md: soul.md is there (differs only by case); the runtime reads only SOUL.md, so rename soul.md to SOUL.md\n');
      assert.deepStrictEqual(fs.readdirSync(dir), ['soul.md']);
    });
  });
});
