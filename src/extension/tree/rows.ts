// Which file rows a persona shows. A Heartwood-only persona is complete as it is: its
// seven absent bootstrap files fold into one "Add bootstrap files…" row, not seven "missing".
import { BOOTSTRAP_ORDER, BootstrapName, FileStatus, HEARTWOOD_FILE, TemplateName } from '../../core';

export interface PersonaFiles {
  readonly heartwood: boolean;
  /** Bootstrap files on disk. */
  readonly files: readonly BootstrapName[];
}

export interface FileRows {
  /** One row per file, in the order the prompt takes them. */
  readonly names: readonly TemplateName[];
  /** The bootstrap files are all absent and stand as one row that offers to add them. */
  readonly addBootstrap: boolean;
}

export function fileRows(persona: PersonaFiles): FileRows {
  if (persona.heartwood && persona.files.length === 0) return { names: [HEARTWOOD_FILE], addBootstrap: true };
  // HEARTWOOD.md leads when present (its identity heads the prompt), then the seven in order.
  return { names: persona.heartwood ? [HEARTWOOD_FILE, ...BOOTSTRAP_ORDER] : [...BOOTSTRAP_ORDER], addBootstrap: false };
}

/** The bootstrap files a runtime would read if they were there: all but those it does not load. */
export function readIfPresent(measures: readonly { readonly name: string; readonly status: FileStatus }[]): BootstrapName[] {
  const skipped = new Set(measures.filter((measure) => measure.status === 'notLoaded').map((measure) => measure.name));
  return BOOTSTRAP_ORDER.filter((name) => !skipped.has(name));
}
