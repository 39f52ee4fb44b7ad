// Text editors: open a file, move the cursor, type, paste, read the text, save.
import path from 'node:path';
import { Page } from 'playwright-core';
import { eventually, waitForValue } from './eventually';
import { fillQuickInput, openQuickOpen } from './quickInput';

export interface EditorTab {
  /** The tab's label (the file name, or a webview panel's title). */
  title: string;
  /** VS Code's accessible name of the tab (title, folder, "Editor Group 2"…). */
  ariaLabel: string;
  active: boolean;
  dirty: boolean;
  /** 1-based editor group. */
  group: number;
}

/** Where the cursor goes first: the start, the end, or a 1-based line and column. */
export type CursorTarget = 'start' | 'end' | { line: number; column?: number };

export async function editorTabs(page: Page): Promise<EditorTab[]> {
  return page.locator('.part.editor .editor-group-container').evaluateAll((groups) =>
    groups.flatMap((group, index) =>
      Array.from(group.querySelectorAll('.tabs-container .tab')).map((tab) => ({
        title: tab.querySelector('.label-name')?.textContent?.trim() ?? tab.textContent?.trim() ?? '',
        ariaLabel: tab.getAttribute('aria-label') ?? '',
        active: group.classList.contains('active') && tab.classList.contains('active'),
        dirty: tab.classList.contains('dirty'),
        group: index + 1,
      })),
    ),
  );
}

export async function activeEditor(page: Page): Promise<EditorTab | undefined> {
  return (await editorTabs(page)).find((tab) => tab.active);
}

/** The full path of the active editor's file, from the page title (set by QUIET_SETTINGS' window.title). */
export async function activeEditorPath(page: Page): Promise<string> {
  return page.title();
}

/**
 * Opens a file through Quick Open (Ctrl+P) and waits until its editor is active. Quick
 * Open describes each result by its folder: `folder` is that description (the directory
 * relative to its workspace folder, prefixed with the workspace folder's name in a
 * multi-root workspace), which tells apart files of the same name.
 */
export async function openFile(page: Page, file: string, folder: string, options: { toSide?: boolean } = {}): Promise<void> {
  const name = path.basename(file);
  for (let attempt = 1; ; attempt++) {
    await openQuickOpen(page, file);
    // Results arrive asynchronously and the list re-renders: find the row and act at once. An
    // editor that takes focus as it settles (a walkthrough) closes Quick Open: it is opened again.
    const where = await waitForValue(
      () => page.evaluate(locateResult, { name, folder }),
      (found) => found !== undefined,
      `${file} (in "${folder}") in Quick Open`,
      { timeout: attempt < 3 ? 10_000 : 30_000 },
    ).catch((error) => (attempt < 3 ? undefined : Promise.reject(error)));
    if (!where) {
      await page.keyboard.press('Escape');
      continue;
    }
    if (options.toSide || attempt > 1) {
      // Enter (Ctrl+Enter: to the side) on the focused row; also the way again when a click
      // on the row did not open it (seen once, three clicks in a row, on a file already open).
      for (let i = where.focused; i < where.index; i++) await page.keyboard.press('ArrowDown');
      const focused = await page.evaluate(locateResult, { name, folder, focusedOnly: true });
      if (focused) await page.keyboard.press(options.toSide ? 'Control+Enter' : 'Enter');
    } else {
      await page.mouse.click(where.x, where.y);
    }
    const opened = await waitForValue(
      () => activeEditorPath(page),
      (title) => title === file,
      `the editor of ${file} to be active`,
      {
        timeout: attempt < 3 ? 10_000 : 30_000,
      },
    ).catch((error) => (attempt < 3 ? undefined : Promise.reject(error)));
    if (opened) return;
    await page.keyboard.press('Escape');
  }
}

/** In the page: the Quick Open row for `name` described by `folder` (its index and centre), and the focused row's index. */
function locateResult(query: { name: string; folder: string; focusedOnly?: boolean }) {
  const rows = Array.from(document.querySelectorAll('.quick-input-widget .quick-input-list .monaco-list-row'));
  const index = rows.findIndex((candidate) => {
    const label = candidate.querySelector('.label-name')?.textContent?.trim();
    const description = (candidate.querySelector('.label-description')?.textContent ?? '').trim().replace(/\s+•\s+/g, '/');
    return label === query.name && description === query.folder && (!query.focusedOnly || candidate.classList.contains('focused'));
  });
  if (index < 0) return undefined;
  const box = rows[index].getBoundingClientRect();
  const focused = Math.max(
    0,
    rows.findIndex((row) => row.classList.contains('focused')),
  );
  return { index, focused, x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/**
 * Gives keyboard focus to the text editor of the active editor group or, when that group
 * shows something else (a preview), to the first text editor on screen.
 */
export async function focusEditor(page: Page): Promise<void> {
  const input = '.editor-container .monaco-editor :is(textarea.inputarea, .native-edit-context)';
  const active = page.locator(`.editor-group-container.active ${input}`).first();
  // A file is active (its path is the page title): wait for its editor, which may still be rendering.
  const target = (await activeEditorPath(page)).startsWith('/') ? active : (await active.count()) > 0 ? active : page.locator(`.part.editor ${input}`).first();
  await target.waitFor({ state: 'attached', timeout: 15_000 });
  // Right after a file opens, its editor may still be taking its model: keys typed then are
  // lost. Monaco marks the editor "focused" only once it really holds the text focus.
  await eventually(
    async () => {
      await target.focus();
      const holds = await target.evaluate((input) => input.closest('.monaco-editor')?.classList.contains('focused') === true);
      if (!holds) throw new Error('the text editor did not take the keyboard focus');
    },
    { timeout: 15_000 },
  );
}

export async function moveCursor(page: Page, target: CursorTarget): Promise<void> {
  await focusEditor(page);
  if (target === 'start') return page.keyboard.press('Control+Home');
  if (target === 'end') return page.keyboard.press('Control+End');
  await page.keyboard.press('Control+G');
  await fillQuickInput(page, `:${target.line}:${target.column ?? 1}`);
  await focusEditor(page);
}

/** Types `text` key by key ("\n" presses Enter) into the active editor, after moving the cursor to `at` if given. */
export async function typeInEditor(page: Page, text: string, options: { at?: CursorTarget; delay?: number } = {}): Promise<void> {
  if (options.at) await moveCursor(page, options.at);
  else await focusEditor(page);
  await page.keyboard.type(text, { delay: options.delay });
}

/**
 * Pastes `text` into the active editor at once, as a clipboard paste does (one edit, any
 * size). `replaceAll` selects everything first; otherwise it goes at `at` or the cursor.
 */
export async function pasteIntoEditor(page: Page, text: string, options: { at?: CursorTarget; replaceAll?: boolean } = {}): Promise<void> {
  if (options.at) await moveCursor(page, options.at);
  else await focusEditor(page);
  if (options.replaceAll) await page.keyboard.press('Control+A');
  await page.evaluate((pasted) => {
    const target = document.activeElement;
    if (!target) throw new Error('nothing has focus to paste into');
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** The whole text of the active editor (copied through the clipboard; leaves the cursor at the end). */
export async function editorText(page: Page): Promise<string> {
  await focusEditor(page);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+C');
  await page.keyboard.press('Control+End');
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Saves the active editor (Ctrl+S) and waits until its tab is no longer dirty. */
export async function saveEditor(page: Page): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('Control+S');
  await waitForValue(
    () => activeEditor(page),
    (tab) => tab !== undefined && !tab.dirty,
    'the active editor to be saved',
  );
}

/** The cursor's 1-based line and column, as the status bar shows them. */
export async function cursorPosition(page: Page): Promise<{ line: number; column: number }> {
  const text = (await page.locator('[id="status.editor.selection"]').textContent({ timeout: 15_000 })) ?? '';
  const match = /Ln (\d+), Col (\d+)/.exec(text);
  if (!match) throw new Error(`no cursor position in the status bar ("${text}")`);
  return { line: Number(match[1]), column: Number(match[2]) };
}

/**
 * Applies the quick fix titled `title` at the cursor, from the light-bulb menu (Ctrl+.),
 * as a user would: the menu is opened again until the fix is offered (diagnostics may
 * still be on their way), and the fix is chosen with the keyboard, since the menu
 * ignores the pointer while it settles.
 */
export async function applyQuickFix(page: Page, title: string, options: { timeout?: number } = {}): Promise<void> {
  const rows = page.locator('.action-widget .monaco-list-row');
  const fix = rows.filter({ hasText: title }).first();
  await eventually(
    async () => {
      await focusEditor(page);
      await page.keyboard.press('Control+.');
      try {
        await fix.waitFor({ timeout: 5_000 });
      } catch {
        const seen = await rows.allTextContents();
        await page.keyboard.press('Escape');
        throw new Error(`no quick fix "${title}" at the cursor (menu: ${JSON.stringify(seen)})`);
      }
    },
    { timeout: options.timeout ?? 90_000 },
  );
  for (let step = 0; step < 10; step++) {
    if (await fix.evaluate((row) => row.classList.contains('focused'))) return page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`could not focus the quick fix "${title}"`);
}
