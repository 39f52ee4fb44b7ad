// The soul preview as the end-to-end tests read it: opened beside a persona file, and its
// composed text as the page holds it.
import assert from 'node:assert/strict';
import { FrameLocator } from 'playwright-core';
import { eventually, Workbench } from './harness';

/** The soul as the preview holds it: its `.soul-text` parts, in order. */
export function previewSoul(frame: FrameLocator): Promise<string> {
  return frame.locator('body').evaluate(() => Array.from(document.querySelectorAll('#soul .soul-text'), (part) => part.textContent ?? '').join(''));
}

/** Opens `file` and the soul preview to its side, once the extension is there. */
export async function openPreviewOf(wb: Workbench, file: string): Promise<FrameLocator> {
  await wb.openFile(file);
  await eventually(async () => assert.ok((await wb.activityBarItems()).includes('Persona Studio')), { timeout: 90_000 });
  await wb.runCommand('Persona: Open Soul Preview to the Side');
  return wb.webview('personaStudio.preview', { timeout: 90_000 });
}
