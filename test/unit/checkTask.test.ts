// The check task's command line: the settings every live surface uses, folders after `--`,
// and output whose paths VS Code's problem matcher (package.json) reads back exactly.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { checkTaskArgs } from '../../src/cli/checkArgs';
import { MAX_FILE_BYTES } from '../../src/core';
import { personaFolder, runCliAsync } from './helpers';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8'));
const matcher = manifest.contributes.problemMatchers.find((m: { name: string }) => m.name === 'persona-studio');
const pattern = new RegExp(matcher.pattern.regexp);

/** The problems VS Code's matcher reads from the output, as it reads them. */
function problems(out: string): { severity: string; file: string; line: number; column: number; message: string }[] {
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = pattern.exec(line);
      assert.ok(match, `the matcher reads ${JSON.stringify(line)}`);
      const { severity, file, line: l, column, message } = matcher.pattern;
      return { severity: match[severity], file: match[file], line: Number(match[l]), column: Number(match[column]), message: match[message] };
    });
}

describe('the check task', () => {
  it('passes the settings the live views use, and the folders after --', () => {
    const args = checkTaskArgs(['ava', '--runtime=codex', '-x'], {
      runtime: 'openclaw',
      session: 'cron',
      workspacePath: '/srv/agents/ava',
      maxChars: 5000,
      totalMaxChars: 9000,
      configFile: '~/.openclaw/openclaw.json',
      warnAt: 0.8,
      heartwood: { maxChars: 1500, ceiling: 6000 },
    });
    assert.deepStrictEqual(args, [
      'check',
      '--format',
      'problems',
      '--encoding',
      'off',
      '--runtime',
      'openclaw',
      '--session',
      'cron',
      '--workspace-path',
      '/srv/agents/ava',
      '--bootstrap-max-chars',
      '5000',
      '--bootstrap-total-max-chars',
      '9000',
      '--config',
      '~/.openclaw/openclaw.json',
      '--warn-at',
      '0.8',
      '--max-chars',
      '1500',
      '--ceiling',
      '6000',
      '--',
      'ava',
      '--runtime=codex',
      '-x',
    ]);
    assert.deepStrictEqual(checkTaskArgs(['.'], { runtime: 'toolnexus' }), ['check', '--format', 'problems', '--encoding', 'off', '--runtime', 'toolnexus', '--', '.']);
  });

  it('checks folders named like options, after --', async () => {
    const parent = personaFolder();
    for (const name of ['--runtime=codex', '-x']) fs.mkdirSync(path.join(parent, name));
    fs.writeFileSync(path.join(parent, '--runtime=codex', 'AGENTS.md'), 'x'.repeat(40000));
    fs.writeFileSync(path.join(parent, '-x', 'SOUL.md'), 'Calm.\n');
    const cwd = process.cwd();
    process.chdir(parent);
    try {
      // Under toolnexus 40,000 bytes are within the 2 MB cap; had the name switched the runtime to Codex, its 32 KiB would cut.
      const { code, out, err } = await runCliAsync(...checkTaskArgs(['--runtime=codex', '-x'], { runtime: 'toolnexus' }));
      assert.deepStrictEqual({ code, out, err }, { code: 0, out: '', err: '' });
    } finally {
      process.chdir(cwd);
    }
  });

  it("prints paths with ',' ':' and '%' that the problem matcher reads back as the files they are", async () => {
    const parent = personaFolder();
    const dir = path.join(parent, 'team, a:b 100%');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'SOUL.md'), 'x'.repeat(MAX_FILE_BYTES + 1));
    fs.writeFileSync(path.join(dir, 'AGENTS.md'), 'y'.repeat(Math.ceil(MAX_FILE_BYTES * 0.95)));
    const { code, out } = await runCliAsync(...checkTaskArgs([dir], { runtime: 'toolnexus' }));
    assert.strictEqual(code, 1);
    const found = problems(out);
    assert.deepStrictEqual(
      found.map(({ severity, file, line, column }) => ({ severity, file, line, column })),
      [
        { severity: 'warning', file: path.join(dir, 'AGENTS.md'), line: 1, column: 1 },
        { severity: 'error', file: path.join(dir, 'SOUL.md'), line: 1, column: MAX_FILE_BYTES + 1 },
      ],
    );
    for (const problem of found) assert.ok(fs.existsSync(problem.file), problem.file);
    assert.match(found[1].message, /cuts SOUL\.md here: 1 of its 2,097,153 bytes are dropped/);
  });

  it('cuts at the OpenClaw caps the settings give', async () => {
    const dir = personaFolder({ 'AGENTS.md': 'z'.repeat(3000) });
    const { code, out } = await runCliAsync(...checkTaskArgs([dir], { runtime: 'openclaw', maxChars: 1000 }));
    assert.strictEqual(code, 1);
    assert.match(problems(out)[0].message, /cuts AGENTS\.md here/);
    assert.strictEqual((await runCliAsync(...checkTaskArgs([dir], { runtime: 'openclaw' }))).code, 0, 'within the default 20,000');
  });
});
