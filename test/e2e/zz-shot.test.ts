import assert from 'node:assert/strict';
import { eventually, openWorkspace } from './harness';
const SOUL = Array.from({ length: 1000 }, (_, i) => `Soul line ${String(i).padStart(4, '0')}: calm, precise ·`).join('\n') + '\n';
describe('shot', function () {
  this.timeout(300_000);
  for (const theme of ['Default Dark Modern', 'Default Light Modern', 'Default High Contrast']) {
    it(theme, async () => {
      const wb = await openWorkspace({ files: { 'ava/AGENTS.md': 'Be concise.\n', 'ava/SOUL.md': SOUL, 'ava/TOOLS.md': 'x\n' }, settings: { 'personaStudio.runtime': 'openclaw', 'workbench.colorTheme': theme } });
      await wb.openFile('ava/SOUL.md');
      await eventually(async () => assert.ok((await wb.activityBarItems()).includes('Persona Studio')), { timeout: 90_000 });
      await wb.runCommand('Persona: Open Soul Preview to the Side');
      const frame = await wb.webview('personaStudio.preview', { timeout: 90_000 });
      const section = frame.locator('.section[data-name="SOUL.md"]');
      await section.locator('.reveal').click();
      await section.locator('.dropped').waitFor();
      await section.locator('.cut-line').evaluate((node) => node.scrollIntoView({ block: 'start' }));
      await new Promise((r) => setTimeout(r, 500));
      await wb.screenshot(`/tmp/shot-${theme.replace(/ /g, '-')}.png`);
      await section.locator('.dropped-more').evaluate(() => undefined).catch(() => undefined);
      await frame.locator('body').evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await new Promise((r) => setTimeout(r, 500));
      await wb.screenshot(`/tmp/shot-${theme.replace(/ /g, '-')}-end.png`);
    });
  }
});
