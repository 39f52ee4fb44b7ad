// The extension loads in a real VS Code: it activates where there is a persona folder,
// and its container with the Personas and Soul views is in the activity bar.
import assert from 'node:assert/strict';
import { eventually, openWorkspace } from './harness';

const SOUL = 'You are Ava, a calm and precise ops assistant.\n';

describe('Activation', () => {
  it('activates in a workspace whose root is a persona folder', async () => {
    const wb = await openWorkspace({ files: { 'SOUL.md': SOUL, 'AGENTS.md': 'Be concise.\n' } });
    const row = await wb.waitForActivation();
    assert.match(row, /Activation: \d+ms/);
    assert.doesNotMatch(row, /fail|error/i);
    assert.deepEqual(
      (await wb.notifications()).filter((n) => n.severity === 'error'),
      [],
      'no error notification after activation',
    );
  });

  it('activates for a Heartwood persona in a subfolder of a multi-root workspace', async () => {
    const wb = await openWorkspace({
      folders: {
        notes: { 'README.md': '# Notes\n' },
        agents: { 'atlas/HEARTWOOD.md': 'You are Atlas, a meticulous research companion.\n' },
      },
    });
    assert.match(await wb.waitForActivation(), /Activation: \d+ms/);
  });
});

describe('Persona Studio container', () => {
  it('is in the activity bar and shows the Personas and Soul views', async () => {
    const wb = await openWorkspace({ files: { 'personas/ava/SOUL.md': SOUL } });
    await eventually(async () => assert.ok((await wb.activityBarItems()).includes('Persona Studio'), 'a "Persona Studio" activity-bar item'));
    await wb.showContainer();
    assert.equal((await wb.sideBarTitle()).toLowerCase(), 'persona studio');
    await eventually(async () =>
      assert.deepEqual(
        (await wb.sideBarViews()).map((view) => view.title.toLowerCase()),
        ['personas', 'soul'],
      ),
    );
    const contributed = ['New Persona Folder…', 'Open Soul Preview', 'Refresh Personas'];
    await eventually(async () =>
      assert.deepEqual(
        (await wb.viewTitleActions('Personas')).filter((action) => contributed.includes(action)),
        contributed,
      ),
    );
  });
});
