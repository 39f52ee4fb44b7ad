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
