// The hover text of one of the extension's status bar items.
import { Workbench } from './harness';

/** The hover of the status bar item `id`, once it holds `holding`, with white space folded. */
export async function statusTooltip(wb: Workbench, id: string, holding: string): Promise<string> {
  // Away first, so the hover shows afresh for the item as it is now.
  await wb.page.mouse.move(0, 0);
  await wb.page
    .locator('.workbench-hover, .monaco-hover')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  await wb.page.locator(`[id="${id}"]`).hover();
  const hover = wb.page.locator('.workbench-hover, .monaco-hover').filter({ hasText: holding }).first();
  await hover.waitFor({ timeout: 10_000 });
  return (await hover.innerText()).replace(/\s+/g, ' ');
}
