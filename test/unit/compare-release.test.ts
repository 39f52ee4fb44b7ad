// Compare at a revision with the hub itself: the revision's `## Skills` section is composed
// under the release, tools and allowlist the live catalog is measured with, so a persona
// unchanged since HEAD compares equal whatever release it is measured under.
import assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { commands, extensions, memory, window as fakeWindow } from './fake/vscode';
import { Comparisons } from '../../src/extension/compare/comparisons';
import { gitRepository, installGit, repo } from './fake/git';
import { OpenHub, openHub } from './fake/hub';

const cli = path.resolve(__dirname, '../../dist/cli.js');
const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;
const FILES = { 'SOUL.md': 'You are Ava.\n', 'skills/weather/SKILL.md': skill('weather', 'Tells the weather.'), 'skills/notes/SKILL.md': skill('notes', 'Takes notes.') };

async function until<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('never came');
}

describe('Compare at a revision under the chosen OpenClaw release (the hub, a real repository)', () => {
  let hub: OpenHub | undefined;
  let comparisons: Comparisons | undefined;
  afterEach(() => {
    comparisons?.dispose();
    hub?.dispose();
    comparisons = hub = undefined;
    memory.scheme = 'memfs';
    extensions.installed.clear();
    commands.executed.length = 0;
    fakeWindow.messages.length = 0;
    for (const key of ['personaStudio.runtime', 'personaStudio.openclaw.version', 'personaStudio.openclaw.skillTools']) memory.settings.delete(key);
  });

  async function compareUnchanged(release: string): Promise<{ before: string; after: string }> {
    const dir = repo(FILES);
    installGit(gitRepository(dir));
    memory.settings.set('personaStudio.runtime', 'openclaw');
    memory.settings.set('personaStudio.openclaw.version', release);
    hub = await openHub('compare', FILES, dir);
    comparisons = new Comparisons(hub.measurements);
    const shown = await comparisons.compare(hub.root, 'ava', 'HEAD');
    assert.ok(shown, fakeWindow.messages.join('\n'));
    const printed = execFileSync(process.execPath, [cli, 'compose', '--runtime', 'openclaw', '--openclaw-version', release, '--part', 'all', dir], { encoding: 'utf8' });
    assert.strictEqual(shown.before.text, printed, 'the revision as `compose --part all` prints it under the release');
    return { before: shown.before.text, after: shown.after.text };
  }

  it("composes the revision's Skills section under the agent's skills allowlist, as the live catalog", async () => {
    const dir = repo(FILES);
    const config = JSON.stringify({ agents: { list: [{ id: 'ava', workspace: dir, skills: ['weather'] }] } });
    installGit(gitRepository(dir));
    memory.settings.set('personaStudio.runtime', 'openclaw');
    hub = await openHub('compare', { ...FILES, 'openclaw.json': config }, dir);
    const { measurements } = hub;
    await until(() => measurements.agent(hub!.root));
    comparisons = new Comparisons(measurements);
    const shown = await comparisons.compare(hub.root, 'ava', 'HEAD');
    assert.ok(shown, fakeWindow.messages.join('\n'));
    assert.match(shown.after.text, /<name>weather<\/name>/);
    assert.doesNotMatch(shown.after.text, /<name>notes<\/name>/);
    assert.strictEqual(shown.before.text, shown.after.text);
  });

  for (const release of ['2026.2.26', '2026.8.2']) {
    it(`an unchanged persona measured as ${release} compares equal, its Skills section in that release's words`, async () => {
      const { before, after } = await compareUnchanged(release);
      assert.strictEqual(before, after);
      // 2.x says "(mandatory)" and reads with `read`; 8.2 defaults to `read` too: neither is Code Mode's wording.
      assert.doesNotMatch(before, /skills\.read\(/);
      if (release === '2026.2.26') assert.match(before, /^## Skills \(mandatory\)$/m);
    });
  }
});
