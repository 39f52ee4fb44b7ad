// Links under a persona's skills/ in the editor, on a real temp folder: followed as OpenClaw
// and the CLI follow them while their real path stays inside the workspace folder, never read
// when they lead outside (a row says so), and a loop ends. Each catalog is checked against
// `compose --part skills` of the CLI on the same folder.
import assert from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { memory } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import type { FileContent } from '../../src/core';
import { walkSkillRoots } from '../../src/extension/model/skillFiles';
import { composeTree } from '../../src/extension/model/skillsModel';
import { skillItem } from '../../src/extension/tree/skillItems';
import { setLogSink } from '../../src/extension/util/log';
import { runCli } from './helpers';
import { firstDifference, fixtures, HOME, SHOWN, withFixtureHost, withFixtureHostAsync } from './skillsFixtureHost';

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;

/** VS Code's own disk provider, as far as the walk uses it: a link is SymbolicLink with its target's type (Unknown when it leads nowhere). */
function diskFileSystem(looked: string[]) {
  const type = (stat: fs.Stats | undefined) => (stat?.isDirectory() ? vscode.FileType.Directory : stat?.isFile() ? vscode.FileType.File : vscode.FileType.Unknown);
  return {
    async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
      looked.push(uri.fsPath);
      const entries = await fs.promises.readdir(uri.fsPath, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? vscode.FileSystemError.FileNotFound(uri) : error;
      });
      return Promise.all(
        entries.map(async (entry): Promise<[string, vscode.FileType]> => {
          if (!entry.isSymbolicLink()) return [entry.name, entry.isDirectory() ? vscode.FileType.Directory : entry.isFile() ? vscode.FileType.File : vscode.FileType.Unknown];
          const target = await fs.promises.stat(path.join(uri.fsPath, entry.name)).catch(() => undefined);
          return [entry.name, vscode.FileType.SymbolicLink | type(target)];
        }),
      );
    },
  };
}

interface EditorCatalog {
  section: string;
  tree: Awaited<ReturnType<typeof walkSkillRoots>>;
  read: string[];
  looked: string[];
  report: Awaited<ReturnType<typeof composeTree>>;
}

/** The editor's catalog of `workspace` (its own workspace folder), read through the walk and bounded reads. */
async function editorCatalog(workspace: string): Promise<EditorCatalog> {
  const folder = vscode.Uri.file(workspace);
  const saved = { fs: vscode.workspace.fs, folders: memory.workspaceFolders };
  const looked: string[] = [];
  const read: string[] = [];
  Object.assign(vscode.workspace, { fs: { ...saved.fs, ...diskFileSystem(looked) } });
  memory.workspaceFolders = [{ uri: folder as never, name: 'workspace', index: 0 }];
  try {
    const tree = await walkSkillRoots(folder);
    const settings = { workspacePath: SHOWN, home: HOME, tools: 'exec' as const, toolsByDefault: true, pluginSkills: true };
    const report = await withFixtureHostAsync(() =>
      composeTree(folder, tree, new Map(), settings, async (file): Promise<FileContent | undefined> => {
        read.push(file);
        const bytes = new Uint8Array(fs.readFileSync(file));
        return { kind: 'bytes', bytes, size: bytes.length };
      }),
    );
    return { section: report.section, tree, read, looked, report };
  } finally {
    Object.assign(vscode.workspace, { fs: saved.fs });
    memory.workspaceFolders = saved.folders;
  }
}

function cliSection(workspace: string): string {
  const { code, out, err } = withFixtureHost(() => runCli('compose', '--runtime', 'openclaw', '--workspace-path', SHOWN, '--part', 'skills', workspace));
  assert.strictEqual(err, '');
  assert.strictEqual(code, 0);
  return out;
}

const realInside = (root: string, file: string) => {
  const real = fs.realpathSync(root);
  return file === real || file.startsWith(`${real}/`) || file === root || file.startsWith(`${root}/`);
};

describe('links under skills/ in the editor (real temp folder, against the CLI)', () => {
  before(() => setLogSink({ info: () => {}, warn: () => {}, error: () => {}, debug: () => {} }));
  after(() => setLogSink(undefined));
  const temps: string[] = [];
  const temp = () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skills-links-')));
    temps.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const name of ['link-loop', 'symlink-inside', 'symlink-escape', 'symlink-skill-md-escape']) {
    it(`${name}: the same section as compose --part skills, and as openclaw@2026.9.6 (golden)`, async () => {
      const workspace = path.join(temp(), 'workspace');
      fixtures.materialize(name, workspace);
      const editor = await editorCatalog(workspace);
      const cli = cliSection(workspace);
      assert.ok(editor.section === cli, `differs at ${firstDifference(editor.section, cli)}`);
      assert.strictEqual(cli, fs.readFileSync(fixtures.expectedFile(name, 'skills.txt'), 'utf8'));
      for (const file of [...editor.read, ...editor.looked]) assert.ok(realInside(workspace, fs.realpathSync(file)), `${file} read`);
    });
  }

  it('link-loop: the loop is followed as OpenClaw follows it, and ends', async () => {
    const workspace = path.join(temp(), 'workspace');
    fixtures.materialize('link-loop', workspace);
    const editor = await editorCatalog(workspace);
    assert.ok(
      editor.report.skills.some((s) => s.name === 'inner' && s.path.includes('/skills/loop/')),
      'the skill reached through the loop',
    );
    // Ended by the walk's depth (OpenClaw's own 6 levels of groups, and two): a few hundred listings, not a hang.
    assert.ok(editor.looked.length < 400, `${editor.looked.length} folders listed`);
    assert.strictEqual(editor.tree.broken?.get(`${workspace}/skills/self`), 'ELOOP');
  });

  it('a link leading outside the workspace is never read, and the Skills node has a row saying so', async () => {
    const base = temp();
    const workspace = path.join(base, 'workspace');
    fs.mkdirSync(path.join(base, 'elsewhere', 'far'), { recursive: true });
    fs.writeFileSync(path.join(base, 'elsewhere', 'far', 'SKILL.md'), skill('far', 'Outside the workspace.'));
    fs.writeFileSync(path.join(base, 'elsewhere', 'SKILL.md'), skill('group', 'Outside too.'));
    fs.mkdirSync(path.join(workspace, 'skills', 'ok'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'skills', 'ok', 'SKILL.md'), skill('ok', 'Fine.'));
    fs.symlinkSync('../../elsewhere/far', path.join(workspace, 'skills', 'far'));
    fs.symlinkSync('../../elsewhere', path.join(workspace, 'skills', 'group'));
    fs.mkdirSync(path.join(workspace, 'inside', 'near'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'inside', 'near', 'SKILL.md'), skill('near', 'Inside the workspace, outside skills/.'));
    fs.symlinkSync('../inside/near', path.join(workspace, 'skills', 'near'));

    const editor = await editorCatalog(workspace);
    assert.strictEqual(editor.section, cliSection(workspace));
    assert.doesNotMatch(editor.section, /<name>(far|group|near)<\/name>/);
    assert.match(editor.section, /<name>ok<\/name>/);
    for (const file of [...editor.read, ...editor.looked]) assert.ok(!fs.realpathSync(file).startsWith(path.join(base, 'elsewhere')), `${file} read`);
    assert.deepStrictEqual([...(editor.tree.outside?.keys() ?? [])].sort(), [`${workspace}/skills/far`, `${workspace}/skills/group`]);

    const linksOutside = [...editor.tree.outside!.keys()];
    const measure = { report: editor.report, tools: 'exec' as const, pluginSkills: true, toolsByDefault: true, linksOutside };
    const row = skillItem(vscode.Uri.file(workspace), `${workspace}/skills/far`, measure);
    assert.strictEqual(row.label, 'far');
    assert.strictEqual(row.description, 'links outside the workspace: not read');
  });
});
