// Skills in the real VS Code: an OpenClaw persona with 151 skills (and the stock plugins'
// two) shows its catalog's budget and the skills it leaves out in the Personas tree; a
// SKILL.md without a description has its Problem at the frontmatter; and typing a longer
// description updates the catalog, the preview and its totals before a save, exactly as
// `persona-studio compose --part all` composes the same files.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, openWorkspace, TreeRow, Workbench } from './harness';
import { openPreviewOf, previewSoul } from './soulPreview';
import { rowsUnder } from './personaTree';

const CLI = path.resolve('dist/cli.js');
const SLOW = { timeout: 60_000 };
const SETTINGS = { 'personaStudio.runtime': 'openclaw', 'personaStudio.openclaw.version': '2026.9.6' };

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nSteps.\n`;

/** What the CLI prints for the persona's files (written to a folder of their own), as if they stood at `workspacePath`. */
function cliCompose(files: Record<string, string>, workspacePath: string, part: 'skills' | 'all'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-skills-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    const args = [CLI, 'compose', '--runtime', 'openclaw', '--openclaw-version', '2026.9.6', '--part', part, '--workspace-path', workspacePath, dir];
    return execFileSync(process.execPath, args).toString('utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function skillsRow(wb: Workbench, persona: string): Promise<TreeRow> {
  const row = (await rowsUnder(wb, persona)).find((entry) => entry.label === 'Skills');
  assert.ok(row, `a Skills row under ${persona}`);
  return row;
}

describe('Skills', function () {
  this.timeout(300_000);

  it('151 skills: the Skills node shows the budget and the skills left out; a SKILL.md without a description has its Problem at the frontmatter', async () => {
    const files: Record<string, string> = { 'SOUL.md': 'Calm and precise.\n' };
    for (let i = 0; i < 151; i++) files[`skills/s${String(i).padStart(3, '0')}/SKILL.md`] = skill(`s${String(i).padStart(3, '0')}`, `Use when task ${i} needs its procedure.`);
    files['skills/zz-nodesc/SKILL.md'] = '---\nname: zz-nodesc\n---\n# No description\n';
    const wb = await openWorkspace({ files: Object.fromEntries(Object.entries(files).map(([name, text]) => [`ava/${name}`, text])), settings: SETTINGS });
    const expected = cliCompose(files, wb.path('ava'), 'skills');
    const included = /included (\d+) of 153/.exec(expected)?.[1];
    assert.ok(included, `the CLI's limit note in ${expected.slice(0, 400)}`);
    const catalogChars = expected.slice(expected.indexOf('⚠️')).length;

    await wb.showContainer();
    await eventually(
      async () =>
        assert.equal(
          (await skillsRow(wb, 'ava')).description.replace(/ · [^·]* tokens$/, ''),
          `${catalogChars.toLocaleString('en-US')} / 18,000 chars · ${included} of 153 skills listed`,
        ),
      SLOW,
    );
    await wb.clickTreeRow('Skills');
    // The skills past the budget are the last by name; the skipped file comes after them.
    await eventually(async () => {
      await wb.page.keyboard.press('End');
      // Scrolled to the end, the persona's row sticks at the top: the rows are read as shown.
      const rows = await wb.treeRows();
      assert.ok(
        rows.some((row) => row.label === 's150' && row.description === 'left out by the budget'),
        JSON.stringify(rows.slice(-5)),
      );
      assert.ok(
        rows.some((row) => row.label === 'zz-nodesc' && row.description === 'skipped: no description'),
        JSON.stringify(rows.slice(-5)),
      );
    }, SLOW);

    await eventually(async () => {
      const problems = (await wb.problems()).filter((problem) => problem.source === 'Persona Studio' && problem.file === 'SKILL.md');
      const missing = problems.find((problem) => /no description/.test(problem.message));
      assert.ok(missing, JSON.stringify(problems.slice(0, 5)));
      assert.equal(missing.severity, 'error');
      assert.equal(missing.line, 1);
      // Each listed skill's description is left out (those past the budget say so too, further down).
      assert.ok(
        problems.some(
          (problem) =>
            problem.severity === 'warning' &&
            problem.folder === 'ava/skills/s000' &&
            problem.message === 'OpenClaw lists this skill without its description: the catalog of 153 skills is over 150 skills or 18,000 chars',
        ),
        JSON.stringify(problems.slice(0, 5)),
      );
    }, SLOW);
    await wb.screenshot(path.resolve('.test-output/skills-tree.png'));
  });

  it('typing a longer description updates the catalog, the preview and its totals before a save, as the CLI composes the same text', async () => {
    const files: Record<string, string> = {
      'SOUL.md': 'Calm and precise.\n',
      'skills/alpha/SKILL.md': skill('alpha', 'Short.'),
      'skills/beta/SKILL.md': skill('beta', 'Another.'),
    };
    const wb = await openWorkspace({ files: Object.fromEntries(Object.entries(files).map(([name, text]) => [`bea/${name}`, text])), settings: SETTINGS });
    const folder = wb.path('bea');
    const frame = await openPreviewOf(wb, 'bea/skills/alpha/SKILL.md');
    await eventually(async () => assert.equal(await previewSoul(frame), cliCompose(files, folder, 'all')), SLOW);
    const totalBefore = await frame.locator('#total').innerText();
    await wb.showContainer();
    const before = await eventually(async () => (await skillsRow(wb, 'bea')).description, SLOW);
    assert.match(before, /^[\d,]+ \/ 18,000 chars · 4 of 4 skills listed/);

    await wb.moveCursor({ line: 3, column: 20 });
    await wb.typeInEditor(' Much longer now.');
    const typed = { ...files, 'skills/alpha/SKILL.md': skill('alpha', 'Short. Much longer now.') };
    await eventually(async () => assert.equal(await previewSoul(frame), cliCompose(typed, folder, 'all')), SLOW);
    await eventually(async () => assert.notEqual(await frame.locator('#total').innerText(), totalBefore), SLOW);
    await eventually(async () => {
      const now = (await skillsRow(wb, 'bea')).description;
      assert.equal(parseInt(now.replace(/,/g, ''), 10), parseInt(before.replace(/,/g, ''), 10) + ' Much longer now.'.length);
    }, SLOW);
    assert.ok((await wb.activeEditor())?.dirty, 'not saved');
    // The status bar of a persona file counts the section beside the files' total.
    await wb.openFile('bea/SOUL.md');
    const section = cliCompose(typed, folder, 'skills').length;
    await eventually(async () => {
      const item = (await wb.statusBarItems()).find((entry) => entry.id === 'persona-studio.persona-studio.personaStudio.status');
      assert.match(item?.text ?? '', new RegExp(` ${section.toLocaleString('en-US')} chars of skills$`), JSON.stringify(item));
    }, SLOW);
  });
});
