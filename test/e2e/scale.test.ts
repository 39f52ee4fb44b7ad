// Discovery does work only where something changed: the extension's own log (the
// "Persona Studio" output channel, on disk in the server's logs) counts every whole walk
// of the workspace and every update that reads folders without one.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { eventually, openWorkspace, Workbench } from './harness';
import { extensionLog, logLines, WALK_LINE } from './extensionLog';
import { bytesRead, extensionHostPid, watchAccess } from './fileAccess';
import { filesOf } from './personaTree';

const SLOW = { timeout: 60_000 };
/** The toolnexus runtime reads a file up to its 2 MB cap and one byte more. */
const READ_LIMIT = 2 * 1024 * 1024 + 1;

/** The log's lines that match, once there are at least `count` of them. */
async function waitForLines(wb: Workbench, pattern: RegExp, count = 1): Promise<string[]> {
  return eventually(() => {
    const lines = logLines(wb, pattern);
    assert.ok(lines.length >= count, `${count} log lines matching ${pattern}, saw:\n${extensionLog(wb) || '(no log yet)'}`);
    return lines;
  }, SLOW);
}

function heartwoodRow(rows: string[]): string {
  const row = rows.find((entry) => entry.startsWith('HEARTWOOD.md |'));
  assert.ok(row, `a HEARTWOOD.md row in ${JSON.stringify(rows)}`);
  return row;
}

async function openPersonas(files: Record<string, string>): Promise<Workbench> {
  const wb = await openWorkspace({ files });
  await wb.showContainer();
  await eventually(
    async () =>
      assert.ok(
        (await wb.treeRows()).some((row) => row.label === 'ava'),
        'the ava row',
      ),
    SLOW,
  );
  assert.equal((await waitForLines(wb, WALK_LINE)).length, 1, 'one walk at activation');
  return wb;
}

describe('Discovery at scale', () => {
  it('a settings change that does not choose folders, edits on disk to known files and a new unrelated folder walk nothing', async () => {
    const wb = await openPersonas({
      'ava/SOUL.md': 'You are Ava.\n',
      'ava/memory.md': 'A mis-cased name.\n',
      'atlas/HEARTWOOD.md': 'You are Atlas.\n',
      'docs/README.md': '# Docs\n',
      // The settings file is written into a folder that exists: only the new notes folder is looked into.
      '.vscode/extensions.json': '{}\n',
    });

    wb.writeFiles({ '.vscode/settings.json': JSON.stringify({ 'personaStudio.preview.wrap': false, 'personaStudio.warnAt': 0.5 }) });
    await waitForLines(wb, /Settings changed; which folders are personas did not/);

    const before = await eventually(async () => heartwoodRow(await filesOf(wb, 'atlas')), SLOW);
    wb.writeFiles({ 'atlas/HEARTWOOD.md': 'You are Atlas, a meticulous research companion.\n', 'ava/memory.md': 'Still mis-cased.\n' });
    await eventually(async () => assert.notEqual(heartwoodRow(await filesOf(wb, 'atlas')), before, 'the tree shows the new HEARTWOOD.md'), SLOW);

    wb.writeFiles({ 'notes/2026/todo.txt': 'Nothing to do with personas.\n' });
    const [update] = await waitForLines(wb, /Updated without a walk \(\d+ created\)/);
    assert.match(update, /no persona changed/);

    assert.deepEqual(logLines(wb, WALK_LINE).length, 1, extensionLog(wb));
    // Known files changing on disk read no folder at all.
    assert.equal(logLines(wb, /Updated without a walk/).length, 1, extensionLog(wb));
  });

  it('a new persona folder, a new file and a deleted folder update the list without a walk; choosing folders walks again', async () => {
    const wb = await openPersonas({ 'ava/SOUL.md': 'You are Ava.\n', 'team/ops/README.md': '# Ops\n' });

    wb.writeFiles({ 'team/ops/bob/AGENTS.md': 'Be concise.\n' });
    await eventually(
      async () =>
        assert.ok(
          (await wb.treeRows()).some((row) => row.label === 'team/ops/bob'),
          'the new persona row',
        ),
      SLOW,
    );

    assert.ok((await filesOf(wb, 'ava')).includes('USER.md | missing'), JSON.stringify(await filesOf(wb, 'ava')));
    wb.writeFiles({ 'ava/USER.md': 'The user.\n' });
    await eventually(async () => assert.ok(!(await filesOf(wb, 'ava')).includes('USER.md | missing'), 'USER.md present'), SLOW);

    fs.rmSync(wb.path('team'), { recursive: true });
    await eventually(async () => assert.ok(!(await wb.treeRows()).some((row) => row.label === 'team/ops/bob'), 'the deleted persona gone'), SLOW);
    assert.equal(logLines(wb, WALK_LINE).length, 1, extensionLog(wb));
    assert.ok(logLines(wb, /Updated without a walk.*personas changed/).length >= 3, extensionLog(wb));

    wb.writeFiles({ '.vscode/settings.json': JSON.stringify({ 'personaStudio.folders': ['ava'] }) });
    const lines = await waitForLines(wb, WALK_LINE, 2);
    assert.match(lines[1], /Walk 2 \(personaStudio\.folders changed\) of /);
  });

  it('a change on disk to a 100 MB MEMORY.md opens that file alone, once, and reads far less than the file', async () => {
    const wb = await openPersonas({ 'ava/SOUL.md': 'You are Ava.\n', 'ava/AGENTS.md': 'Be concise.\n', 'ava/MEMORY.md': 'Memory.\n', 'bob/SOUL.md': 'You are Bob.\n' });
    const memoryRow = async () => (await filesOf(wb, 'ava')).find((row) => row.startsWith('MEMORY.md |')) ?? '';
    const before = await eventually(async () => {
      const row = await memoryRow();
      assert.match(row, /^MEMORY\.md \| \d/, 'MEMORY.md measured');
      return row;
    }, SLOW);
    // Written beside the persona folders, then moved in: the test's own writes are not watched.
    const big = fs.openSync(wb.path('MEMORY.big'), 'w');
    const chunk = Buffer.from('A line of memory that the runtime will cut.\n'.repeat(24_000));
    for (let written = 0; written < 100 * 1024 * 1024; written += chunk.length) fs.writeSync(big, chunk);
    fs.closeSync(big);
    const host = extensionHostPid(wb.server.pid);
    assert.ok(host, "the window's extension host");
    const watcher = await watchAccess([wb.path('ava'), wb.path('bob')]);
    const readBefore = bytesRead(host);
    try {
      fs.renameSync(wb.path('MEMORY.big'), wb.path('ava/MEMORY.md'));
      await eventually(async () => assert.notEqual(await memoryRow(), before, 'the tree shows the new MEMORY.md'), SLOW);
      await eventually(
        async () =>
          assert.ok(
            (await wb.problems()).some((problem) => problem.file === 'MEMORY.md'),
            'a problem for MEMORY.md over its cap',
          ),
        SLOW,
      );
    } finally {
      watcher.stop();
    }
    const read = bytesRead(host) - readBefore;
    const accesses = watcher.accesses();
    assert.deepEqual(
      accesses.filter((access) => access.name !== 'MEMORY.md'),
      [],
      'no other persona file is opened or read',
    );
    const memory = accesses.filter((access) => access.name === 'MEMORY.md');
    assert.equal(memory.filter((access) => access.kind === 'open').length, 1, JSON.stringify(memory));
    assert.ok(memory.filter((access) => access.kind === 'read').length <= 2, `one bounded read, not a whole file read in chunks: ${JSON.stringify(memory)}`);
    // All the host read meanwhile, its messages from the window included: a few times the limit, not 100 MB.
    assert.ok(read < 8 * READ_LIMIT, `the extension host read ${read} bytes`);
  });
});
