// The seven bootstrap files of a persona folder and the runtime's byte cap.

/** The fixed order the runtime composes bootstrap files in, whatever the disk says. */
export const BOOTSTRAP_ORDER = ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md', 'MEMORY.md'] as const;

export type BootstrapName = (typeof BOOTSTRAP_ORDER)[number];

/** 2 MB, counted in bytes of the file, not characters. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** Appended to the decoded text of a file cut at the cap. */
export const TRUNCATION_NOTICE = '\n[truncated: exceeds 2 MB bootstrap cap]';

/** Default fraction of a cap at which a file is "near" it. */
export const DEFAULT_WARN_AT = 0.9;

const bootstrapNames: ReadonlySet<string> = new Set(BOOTSTRAP_ORDER);

export function isBootstrapName(name: string): name is BootstrapName {
  return bootstrapNames.has(name);
}

/**
 * The bootstrap name a file was probably meant to be, when it differs only by case
 * (`soul.md`, `Soul.MD`): the runtime matches names exactly and would skip it.
 */
export function miscasedBootstrapName(name: string): BootstrapName | undefined {
  if (isBootstrapName(name)) return undefined;
  const upper = name.toUpperCase();
  return BOOTSTRAP_ORDER.find((candidate) => candidate.toUpperCase() === upper);
}
