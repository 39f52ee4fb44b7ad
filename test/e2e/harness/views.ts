// The side bar: activity-bar containers, their views (panes), tree rows, row actions
// and menus, view title actions and welcome content.
import { Locator, Page } from 'playwright-core';
import { waitForValue } from './eventually';

export interface TreeRow {
  label: string;
  description: string;
  /** 1 for top-level rows. */
  level: number;
  /** true/false for a collapsible row, undefined for a leaf. */
  expanded: boolean | undefined;
  selected: boolean;
  /** VS Code's accessible name of the row (for custom trees: the item's accessibility label, or label and description). */
  ariaLabel: string;
}

export interface SideBarView {
  title: string;
  expanded: boolean;
}

/** Titles of the activity bar's containers, e.g. "Explorer (Ctrl+Shift+E)", "Persona Studio". */
export async function activityBarItems(page: Page): Promise<string[]> {
  return page.locator('.part.activitybar .action-item a.action-label').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
}

/** The side bar's title (a container's title, as written in its contribution, e.g. "Persona Studio"). */
export async function sideBarTitle(page: Page): Promise<string> {
  return page
    .locator('.part.sidebar .composite.title h2')
    .evaluate((title) => title.getAttribute('aria-label') ?? title.textContent?.trim() ?? '')
    .catch(() => '');
}

/** Opens an activity-bar container by its title ("View: Show <title>") and waits for its side bar. */
export async function showContainer(page: Page, title: string, runCommand: (label: string) => Promise<void>): Promise<void> {
  // Its activity-bar item appears once the extension is registered.
  await waitForValue(
    () => activityBarItems(page),
    (items) => items.some((item) => item.startsWith(title)),
    `"${title}" in the activity bar`,
  );
  await runCommand(`View: Show ${title}`);
  await waitForValue(
    () => sideBarTitle(page),
    (shown) => shown.toLowerCase() === title.toLowerCase(),
    `the side bar to show ${title}`,
  );
}

/** The views of the side bar's container, in order. */
export async function sideBarViews(page: Page): Promise<SideBarView[]> {
  return page.locator('.part.sidebar .pane').evaluateAll((panes) =>
    panes.map((pane) => ({
      title: pane.querySelector('.pane-header .title')?.textContent?.trim() ?? '',
      expanded: pane.querySelector('.pane-header')?.getAttribute('aria-expanded') === 'true',
    })),
  );
}

/** A view of the side bar by its name as contributed (e.g. "Personas", "Soul"); case-insensitive. */
export function viewPane(page: Page, view: string): Locator {
  const title = new RegExp(`^\\s*${view.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i');
  return page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header .title', { hasText: title }) });
}

/** Expands a collapsed view (clicking its header), leaving an expanded one alone. */
export async function expandView(page: Page, view: string): Promise<void> {
  const header = viewPane(page, view).locator('.pane-header');
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
}

/** The rows of a view's tree that are rendered (all of them unless the tree is taller than the view). */
export async function treeRows(page: Page, view: string): Promise<TreeRow[]> {
  return viewPane(page, view)
    .locator('.pane-body .monaco-list-row')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const expanded = row.getAttribute('aria-expanded');
        return {
          label: row.querySelector('.label-name')?.textContent?.trim() ?? '',
          description: row.querySelector('.label-description')?.textContent?.trim() ?? '',
          level: Number(row.getAttribute('aria-level') ?? 1),
          expanded: expanded === null ? undefined : expanded === 'true',
          selected: row.classList.contains('selected'),
          ariaLabel: row.getAttribute('aria-label') ?? '',
        };
      }),
    );
}

/** A tree row by its exact label; `index` picks among rows with the same label (top to bottom). */
export function treeRow(page: Page, view: string, label: string, index = 0): Locator {
  return viewPane(page, view)
    .locator('.pane-body .monaco-list-row')
    .filter({ has: page.locator('.label-name').getByText(label, { exact: true }) })
    .nth(index);
}

/** Inline action buttons of a row (shown on hover), by their titles. */
export async function treeRowActions(row: Locator): Promise<string[]> {
  await row.hover();
  return row.locator('.actions .action-label').evaluateAll((actions) => actions.map((a) => a.getAttribute('aria-label') ?? ''));
}

export async function clickTreeRowAction(row: Locator, action: string): Promise<void> {
  await row.hover();
  await row.locator(`.actions .action-label[aria-label=${JSON.stringify(action)}]`).click();
}

/** Items of the context menu that a right click on `target` opens (then closes it again unless `keepOpen`). */
export async function contextMenuItems(page: Page, target: Locator, options: { keepOpen?: boolean } = {}): Promise<string[]> {
  await target.click({ button: 'right' });
  const menu = page.locator('.context-view.monaco-menu-container');
  await menu.waitFor({ state: 'visible', timeout: 15_000 });
  const items = await menu
    .locator('.action-item:not(.disabled) .action-label')
    .evaluateAll((labels) => labels.map((label) => label.getAttribute('aria-label') ?? label.textContent?.trim() ?? '').filter(Boolean));
  if (!options.keepOpen) await page.keyboard.press('Escape');
  return items;
}

export async function clickContextMenuItem(page: Page, target: Locator, item: string): Promise<void> {
  await contextMenuItems(page, target, { keepOpen: true });
  await page.locator(`.context-view.monaco-menu-container .action-item .action-label[aria-label=${JSON.stringify(item)}]`).click();
}

/** Titles of a view's title-bar actions (e.g. "Refresh Personas"); the "…" overflow is not opened. */
export async function viewTitleActions(page: Page, view: string): Promise<string[]> {
  return viewPane(page, view)
    .locator('.pane-header .actions .action-label')
    .evaluateAll((actions) => actions.map((a) => a.getAttribute('aria-label') ?? '').filter(Boolean));
}

export async function clickViewTitleAction(page: Page, view: string, action: string): Promise<void> {
  const pane = viewPane(page, view);
  await pane.locator('.pane-header').hover();
  await pane.locator(`.pane-header .actions .action-label[aria-label=${JSON.stringify(action)}]`).click();
}

/** The welcome content a view shows when empty (text and button labels), or '' when it shows none. */
export async function viewWelcomeText(page: Page, view: string): Promise<string> {
  return viewPane(page, view)
    .locator('.pane-body')
    .evaluate((body) => {
      const welcome = body.querySelector<HTMLElement>('.welcome-view-content');
      return welcome && getComputedStyle(welcome).display !== 'none' ? welcome.innerText.trim() : '';
    });
}
