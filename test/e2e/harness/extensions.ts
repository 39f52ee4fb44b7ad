// Whether an extension has activated, as "Developer: Show Running Extensions" shows it.
import { Page } from 'playwright-core';
import { waitForValue, WaitOptions } from './eventually';

type RunCommand = (label: string) => Promise<void>;

/** The rows of Running Extensions ("Git 12ms …") once `ready` accepts them; the view is closed again. */
async function runningRows(page: Page, runCommand: RunCommand, ready: (rows: string[]) => boolean, description: string, options: WaitOptions = {}): Promise<string[]> {
  await runCommand('Developer: Show Running Extensions');
  const rows = page.locator('.runtime-extensions-editor .monaco-list-row');
  const read = () => rows.evaluateAll((all) => all.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  const found = await waitForValue(read, ready, description, options);
  await runCommand('View: Close Editor');
  return found;
}

export async function waitForActivation(page: Page, runCommand: RunCommand, displayName: string, options: { timeout?: number } = {}): Promise<string> {
  // Settled: listed, and no longer "Activating...".
  const settled = (row: string) => row.startsWith(`${displayName} `) && !/Activating/.test(row);
  const rows = await runningRows(page, runCommand, (seen) => seen.some(settled), `${displayName} activated among the running extensions`, options);
  return rows.find(settled)!;
}

/** Every row of Running Extensions, for comparing activation times in one window. */
export function runningExtensionRows(page: Page, runCommand: RunCommand): Promise<string[]> {
  return runningRows(page, runCommand, (rows) => rows.length > 0, 'the running extensions');
}
