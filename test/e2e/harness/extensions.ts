// Whether an extension has activated, as "Developer: Show Running Extensions" shows it.
import { Page } from 'playwright-core';
import { waitForValue } from './eventually';

export async function waitForActivation(
  page: Page,
  runCommand: (label: string) => Promise<void>,
  displayName: string,
  options: { timeout?: number } = {},
): Promise<string> {
  await runCommand('Developer: Show Running Extensions');
  const rows = page.locator('.runtime-extensions-editor .monaco-list-row');
  const read = () => rows.evaluateAll((all) => all.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  // Settled: listed, and no longer "Activating...".
  const settled = (row: string) => row.startsWith(`${displayName} `) && !/Activating/.test(row);
  const found = await waitForValue(read, (seen) => seen.some(settled), `${displayName} activated among the running extensions`, options);
  await runCommand('View: Close Editor');
  return found.find(settled)!;
}

/** Every row of Running Extensions ("Git 12ms …"), for comparing activation times in one window. */
export async function runningExtensionRows(page: Page, runCommand: (label: string) => Promise<void>): Promise<string[]> {
  await runCommand('Developer: Show Running Extensions');
  const rows = page.locator('.runtime-extensions-editor .monaco-list-row');
  await rows.first().waitFor();
  const all = await rows.evaluateAll((list) => list.map((row) => (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  await runCommand('View: Close Editor');
  return all;
}
