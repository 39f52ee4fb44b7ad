// Reading the Personas tree in tests: what is under a persona row.
import assert from 'node:assert/strict';
import { eventually, TreeRow, Workbench } from './harness';

/** The rows under a persona row (until the next top-level row). */
export async function rowsUnder(wb: Workbench, persona: string): Promise<TreeRow[]> {
  const rows = await wb.treeRows();
  const start = rows.findIndex((row) => row.level === 1 && row.label === persona);
  assert.notEqual(start, -1, `a persona row "${persona}" in ${JSON.stringify(rows.map((r) => r.label))}`);
  const end = rows.findIndex((row, i) => i > start && row.level === 1);
  return rows.slice(start + 1, end === -1 ? undefined : end);
}

/** The rows under a persona row as "label | description". */
export async function filesOf(wb: Workbench, persona: string): Promise<string[]> {
  return (await rowsUnder(wb, persona)).map((row) => `${row.label} | ${row.description}`);
}

/** The description of one file's row under a persona. */
export async function descriptionOf(wb: Workbench, persona: string, file: string): Promise<string> {
  const rows = await rowsUnder(wb, persona);
  const row = rows.find((entry) => entry.label === file);
  assert.ok(row, `a row for ${file} under ${persona} in ${JSON.stringify(rows.map((entry) => `${entry.label} | ${entry.description}`))}`);
  return row.description;
}

/** Labels of the rows under a persona that show as missing. */
export async function missingUnder(wb: Workbench, persona: string): Promise<string[]> {
  return (await rowsUnder(wb, persona)).filter((row) => row.description === 'missing').map((row) => row.label);
}

/** The top-level row of a persona, by its label. */
export async function personaRow(wb: Workbench, persona: string): Promise<TreeRow | undefined> {
  return (await wb.treeRows()).find((row) => row.level === 1 && row.label === persona);
}

/**
 * A persona row's description without its token count (" · 545K tokens"), which follows
 * once counted; tokens.test.ts checks the count itself.
 */
export async function personaDescription(wb: Workbench, persona: string): Promise<string | undefined> {
  const row = await personaRow(wb, persona);
  return row?.description.replace(/ · [^·]* tokens$/, '');
}

/**
 * Waits for the persona row's token count, the last refresh of the rows after a workspace
 * opens: a row or an inline action clicked while VS Code refreshes the rows gets no row
 * (microsoft/vscode#144250), and is only selected or asks which file.
 */
export async function untilCounted(wb: Workbench, persona: string): Promise<void> {
  await eventually(async () => assert.match((await personaRow(wb, persona))?.description ?? '', / tokens$/));
}
