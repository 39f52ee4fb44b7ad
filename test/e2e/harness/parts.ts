// The Problems panel, the status bar, notifications and dialogs.
import { Page } from 'playwright-core';

export interface Problem {
  /** The file's name, and its folder as the Problems panel describes it. */
  file: string;
  folder: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  source: string;
  code: string;
  /** 1-based. */
  line: number;
  column: number;
}

export interface StatusBarItem {
  /** For an extension's item: `<publisher>.<name>.<id given to createStatusBarItem>`, e.g. `persona-studio.persona-studio.soul`. */
  id: string;
  /** The visible text (icons are not text). */
  text: string;
  ariaLabel: string;
}

export interface Notification {
  message: string;
  severity: 'error' | 'warning' | 'info';
  /** Its source ("Persona Studio" for ours) when shown. */
  source: string;
  buttons: string[];
}

export interface Dialog {
  message: string;
  detail: string;
  buttons: string[];
}

/** The markers the Problems panel lists (the rendered rows; it must be open: see Workbench.problems). */
export async function readProblems(page: Page): Promise<Problem[]> {
  return page.locator('.markers-panel .monaco-list-row').evaluateAll((rows) => {
    const problems: Problem[] = [];
    let file = '';
    let folder = '';
    for (const row of rows) {
      const text = (selector: string) => row.querySelector(selector)?.textContent?.trim() ?? '';
      if (!row.querySelector('.marker-icon')) {
        file = text('.label-name');
        folder = text('.label-description');
        continue;
      }
      const icon = row.querySelector('.marker-icon')?.className ?? '';
      const position = /Ln (\d+), Col (\d+)/.exec(text('.marker-line')) ?? ['', '0', '0'];
      problems.push({
        file,
        folder,
        severity: icon.includes('error') ? 'error' : icon.includes('warning') ? 'warning' : 'info',
        message: text('.marker-message'),
        source: text('.marker-source'),
        code: text('.marker-code'),
        line: Number(position[1]),
        column: Number(position[2]),
      });
    }
    return problems;
  });
}

export async function statusBarItems(page: Page): Promise<StatusBarItem[]> {
  return page.locator('.part.statusbar .statusbar-item').evaluateAll((items) =>
    items
      .filter((item) => getComputedStyle(item).display !== 'none')
      .map((item) => ({
        id: item.id,
        text: (item as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        ariaLabel: item.getAttribute('aria-label') ?? '',
      })),
  );
}

/** The notification toasts on screen (not the ones already gone to the notification center). */
export async function notifications(page: Page): Promise<Notification[]> {
  return page.locator('.notifications-toasts .notification-toast').evaluateAll((toasts) =>
    toasts.map((toast) => {
      const icon = toast.querySelector('.notification-list-item-icon')?.className ?? '';
      return {
        message: toast.querySelector('.notification-list-item-message')?.textContent?.trim() ?? '',
        severity: icon.includes('error') ? 'error' : icon.includes('warning') ? 'warning' : 'info',
        source:
          toast
            .querySelector('.notification-list-item-source')
            ?.textContent?.trim()
            .replace(/^Source:\s*/, '') ?? '',
        buttons: Array.from(toast.querySelectorAll('.notification-list-item-buttons-container .monaco-button')).map((b) => b.textContent?.trim() ?? ''),
      };
    }),
  );
}

export async function clickNotificationButton(page: Page, message: string | RegExp, button: string): Promise<void> {
  const toast = page.locator('.notifications-toasts .notification-toast').filter({ hasText: message });
  await toast.locator('.notification-list-item-buttons-container .monaco-button').getByText(button, { exact: true }).click();
}

/** The modal dialog on screen (e.g. `showWarningMessage(..., { modal: true })`), if any. */
export async function dialog(page: Page): Promise<Dialog | undefined> {
  const box = page.locator('.monaco-dialog-box');
  if (!(await box.isVisible())) return undefined;
  return box.evaluate((element) => ({
    message: element.querySelector('.dialog-message-text')?.textContent?.trim() ?? '',
    detail: element.querySelector('.dialog-message-detail')?.textContent?.trim() ?? '',
    buttons: Array.from(element.querySelectorAll('.dialog-buttons .monaco-button')).map((b) => b.textContent?.trim() ?? ''),
  }));
}

export async function clickDialogButton(page: Page, button: string): Promise<void> {
  await page.locator('.monaco-dialog-box .dialog-buttons .monaco-button').getByText(button, { exact: true }).click();
}
