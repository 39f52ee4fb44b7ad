// The command palette and every quick pick / input box a command shows.
import { Page } from 'playwright-core';
import { waitForValue } from './eventually';

const WIDGET = '.quick-input-widget';
const ROWS = `${WIDGET} .quick-input-list .monaco-list-row`;

export interface QuickInputItem {
  label: string;
  description: string;
  detail: string;
  /** The row has keyboard focus (what Enter would pick). */
  focused: boolean;
  /** Checked, in a multi-select pick. */
  checked: boolean;
}

function box(page: Page) {
  return page.locator(`${WIDGET} .quick-input-filter input`);
}

export async function isQuickInputOpen(page: Page): Promise<boolean> {
  return page.locator(WIDGET).isVisible();
}

/** Opens the command palette with `text` typed in it (without the leading `>`). */
export function openCommandPalette(page: Page, text = ''): Promise<void> {
  return openQuickAccess(page, 'F1', `>${text}`);
}

/** Opens Quick Open (Ctrl+P) with `text` typed in it. */
export function openQuickOpen(page: Page, text: string): Promise<void> {
  return openQuickAccess(page, 'Control+P', text);
}

/**
 * Opens the quick input with `key` and fills in `value` (its prefix picks the mode: ">"
 * for commands, none for files). Focus may be somewhere that keeps the key (a webview, a
 * dialog), or a webview taking focus a moment after it was clicked closes the input that
 * just opened: the key is pressed again, then the title bar's command center, which
 * opens the same quick access, is clicked.
 */
async function openQuickAccess(page: Page, key: string, value: string): Promise<void> {
  const input = box(page);
  for (let attempt = 1; ; attempt++) {
    if (attempt < 3) await page.keyboard.press(key);
    else await page.locator('.command-center .command-center-quick-pick').click();
    try {
      await input.waitFor({ state: 'visible', timeout: attempt < 3 ? 5_000 : 15_000 });
      await input.fill(value);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Runs a command by the label the palette shows ("Category: Title", e.g. "Persona: Open
 * Soul Preview"). The palette lists what is registered when it opens, so while the
 * workbench is still loading extensions it is reopened until the command shows up.
 */
export async function runCommand(page: Page, label: string, options: { timeout?: number } = {}): Promise<void> {
  const what = `command "${label}" in the command palette`;
  const deadline = Date.now() + (options.timeout ?? 30_000);
  for (;;) {
    await openCommandPalette(page, label);
    const last = Date.now() >= deadline - 5000;
    try {
      await clickItem(page, label, what, last ? Math.max(deadline - Date.now(), 1000) : 5000);
      // A click that lands while the list re-renders runs nothing and leaves the palette as it was: try again.
      if (last || (await paletteLeft(page, label))) return;
    } catch (error) {
      if (last) throw error;
    }
    await page.keyboard.press('Escape');
  }
}

/** The rows the open quick input shows (only the rendered ones, which is all but the longest lists). */
export async function quickInputItems(page: Page): Promise<QuickInputItem[]> {
  return page.locator(ROWS).evaluateAll((rows) =>
    rows.map((row) => {
      const text = (selector: string) => row.querySelector(selector)?.textContent?.trim() ?? '';
      return {
        label: text('.label-name'),
        description: text('.label-description'),
        detail: text('.quick-input-list-label-meta .label-name, .quick-input-list-detail'),
        focused: row.classList.contains('focused'),
        checked: row.querySelector('input[type=checkbox]')?.matches(':checked') ?? row.getAttribute('aria-checked') === 'true',
      };
    }),
  );
}

/**
 * Clicks the row whose label is exactly `label`, waiting for it to appear. A long list
 * renders only the rows in view: when the row does not show up, its label is typed into
 * the filter to bring it up.
 */
export async function pickQuickInputItem(page: Page, label: string): Promise<void> {
  const what = `quick pick item "${label}"`;
  if (
    !(await clickItem(page, label, what, 3000).then(
      () => true,
      () => false,
    ))
  ) {
    await box(page).fill(label);
    await clickItem(page, label, what, 15_000);
  }
}

async function clickItem(page: Page, label: string, what: string, timeout: number): Promise<void> {
  await waitForValue(
    () => quickInputItems(page),
    (seen) => seen.some((item) => item.label === label),
    what,
    { timeout },
  );
  // The row by its label, not by its index: the list may re-render between the read and the click.
  await page
    .locator(ROWS)
    .filter({ has: page.locator('.label-name').getByText(label, { exact: true }) })
    .first()
    .click();
}

/** Whether the command palette showing `label` went away (closed, or another input took its place) within a few seconds. */
function paletteLeft(page: Page, label: string): Promise<boolean> {
  return waitForValue(
    () => quickInputState(page),
    (state) => !state || state.value !== `>${label}`,
    `the command palette showing "${label}" to go`,
    { timeout: 5000 },
  ).then(
    () => true,
    () => false,
  );
}

/** Types into the open quick input (replacing what is there) and, unless `submit` is false, presses Enter. */
export async function fillQuickInput(page: Page, text: string, options: { submit?: boolean } = {}): Promise<void> {
  const input = box(page);
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await input.fill(text);
  if (options.submit ?? true) await input.press('Enter');
}

/** The open quick input's title, prompt/validation message and value; undefined when none is open. */
export async function quickInputState(page: Page): Promise<{ title: string; message: string; value: string } | undefined> {
  if (!(await isQuickInputOpen(page))) return undefined;
  return page.locator(WIDGET).evaluate((widget) => {
    const text = (selector: string) => widget.querySelector(selector)?.textContent?.trim() ?? '';
    const input = widget.querySelector<HTMLInputElement>('.quick-input-filter input');
    return { title: text('.quick-input-title'), message: text('.quick-input-message'), value: input?.value ?? '' };
  });
}
