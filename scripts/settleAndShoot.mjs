// The last step of every README screenshot: settle the window (no notification, the cursor
// where the picture wants it, the pointer out of the way, hovers faded), then shoot it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Long enough for a hover or a fading widget to go and the editor to redraw. */
const SETTLE_MS = 500;

/**
 * `cursor`: where to put the text cursor first, in order (a target of `Workbench.moveCursor`;
 * the last one decides what the editor scrolls to); none leaves the focus where it is.
 */
export async function settleAndShoot(wb, target, { cursor = [] } = {}) {
  await wb.runCommand('Notifications: Clear All Notifications');
  if (cursor.length > 0) {
    await wb.focusEditor();
    for (const at of cursor) await wb.moveCursor(at);
  }
  await wb.page.mouse.move(0, 0);
  await wb.page.waitForTimeout(SETTLE_MS);
  await wb.screenshot(target);
  console.log(`[screenshot] wrote ${path.relative(repo, target)}`);
}
