// OpenClaw's releases as data: how each builds its Project Context block, as a table of
// epochs (ranges of releases that give the same output), and the epoch of a release number.
import { SessionKind } from './profile';

const A = 'AGENTS.md';
const S = 'SOUL.md';
const T = 'TOOLS.md';
const I = 'IDENTITY.md';
const U = 'USER.md';
const H = 'HEARTBEAT.md';
const B = 'BOOTSTRAP.md';
const M = 'MEMORY.md';

/** The lines above the first file, each shown only when its file is in the block. */
export interface HeaderLines {
  readonly intro: string;
  readonly soul?: string;
  readonly memory?: string;
  readonly user?: string;
}

export interface OpenClawEpoch {
  /** E1 … E7, as in the README's table; a letter for an edge split. */
  readonly id: string;
  /** The first release known to behave so (from the marker strings of its `dist/`). */
  readonly since: string;
  /** The release whose own code made this epoch's golden outputs. */
  readonly proven: string;
  /** The files read, in the order the budget is spent in (memory files apart). */
  readonly loadOrder: readonly string[];
  /** Which memory files: MEMORY.md and memory.md both, the first of them, or exactly MEMORY.md. */
  readonly memory: 'both' | 'first' | 'exact';
  /** Absent, these are skipped silently; the others send `[MISSING] Expected at: …`. */
  readonly optional: readonly string[];
  /** A section's heading: the file's name, or its absolute path. */
  readonly heading: 'name' | 'path';
  readonly maxChars: number;
  /** USER.md's own cap (min with maxChars), when it has one. */
  readonly userMaxChars?: number;
  /** The total budget; none before 2.22. */
  readonly totalMaxChars?: number;
  /** T1: 70/20 around a marker outside the cap; T2: 75/25 with the marker inside it. */
  readonly truncation: 'T1' | 'T2';
  /** Head and tail slices moved off the middle of a surrogate pair. */
  readonly surrogateSafe: boolean;
  /** An AGENTS.md over its cap: head/tail only, or with a policy digest (D2 adds CJK words and prose lines). */
  readonly digest: 'none' | 'D1' | 'D2';
  readonly header: HeaderLines;
  /** The old default heartbeat quote: kept, removed as one literal LF text, or by a regex (LF or CRLF, two wordings). */
  readonly sanitize: 'none' | 'literal' | 'regex';
  /** HEARTBEAT.md goes in its own "Dynamic Project Context" block below the cache boundary. */
  readonly dynamicHeartbeat: boolean;
  /** Runs of 3+ newlines inside a file made 2. */
  readonly collapseNewlines: boolean;
  /** Sections sorted by file (A S I U T B M), not in load order. */
  readonly sorted: boolean;
  /** BOOTSTRAP.md once setup is completed: still loaded (`[MISSING]` when absent), or dropped. */
  readonly bootstrapAfterSetup: 'loaded' | 'dropped';
  /** A file over 2 MiB: read in full, `[MISSING]`, or `[UNREADABLE: File exceeds …]`. */
  readonly oversize: 'read' | 'missing' | 'unreadable';
  /** A bootstrap file that is a link: followed anywhere, followed inside the workspace only, or refused. */
  readonly links: 'follow' | 'inside' | 'refuse';
  /** A read that fails: `[MISSING] Expected at: …` or `[UNREADABLE: <reason>]`. */
  readonly readErrors: 'missing' | 'unreadable';
  /** The files each session kind keeps; undefined keeps all. */
  readonly sessions: Readonly<Partial<Record<SessionKind, readonly string[]>>>;
  /** Sub-agent, cron and group sessions never get the root MEMORY.md. */
  readonly privateMemory: boolean;
  /** USER.md and MEMORY.md entries tagged `<!-- project: … -->` are dropped (no project is active). */
  readonly projectEntries: boolean;
}

const H1: HeaderLines = {
  intro: 'The following project context files have been loaded:',
  soul: 'If SOUL.md is present, embody its persona and tone. Avoid stiff, generic replies; follow its guidance unless higher-priority instructions override it.',
};
const SOUL_LINE = 'SOUL.md: persona/tone. Follow it unless higher-priority instructions override.';
const H2: HeaderLines = {
  intro: H1.intro,
  soul: SOUL_LINE,
  memory: 'MEMORY.md: durable user preferences and behavior guidance. Keep following it throughout the session unless higher-priority instructions override.',
};
const H3: HeaderLines = {
  intro: 'Loaded project context:',
  soul: SOUL_LINE,
  memory: 'MEMORY.md: durable non-profile facts and decisions; use when relevant unless higher-priority instructions override.',
  user: 'USER.md: durable user preferences and profile directives; follow unless higher-priority instructions override.',
};

const E1: OpenClawEpoch = {
  id: 'E1',
  since: '2026.1.29',
  proven: '2026.1.30',
  loadOrder: [A, S, T, I, U, H, B, M],
  memory: 'both',
  optional: [M],
  heading: 'name',
  maxChars: 20_000,
  truncation: 'T1',
  surrogateSafe: false,
  digest: 'none',
  header: H1,
  sanitize: 'none',
  dynamicHeartbeat: false,
  collapseNewlines: false,
  sorted: false,
  bootstrapAfterSetup: 'loaded',
  oversize: 'read',
  links: 'follow',
  readErrors: 'missing',
  sessions: { subagent: [A, T] },
  privateMemory: false,
  projectEntries: false,
};

/** Each epoch is the one before it with what changed; the release run for it is `proven`. */
function next(previous: OpenClawEpoch, change: Partial<OpenClawEpoch>): OpenClawEpoch {
  return { ...previous, ...change };
}
const E2a = next(E1, {
  id: 'E2a',
  since: '2026.2.22',
  proven: '2026.2.26',
  heading: 'path',
  totalMaxChars: 150_000,
  oversize: 'missing',
  links: 'inside',
  sessions: { subagent: [A, T, S, I, U], cron: [A, T, S, I, U] },
});
const E2b = next(E2a, { id: 'E2b', since: '2026.3.13', proven: '2026.3.31', memory: 'first' });
const E3a = next(E2b, { id: 'E3a', since: '2026.4.10', proven: '2026.4.10', sorted: true, dynamicHeartbeat: true, collapseNewlines: true, sanitize: 'literal' });
const E3b = next(E3a, { id: 'E3b', since: '2026.4.21', proven: '2026.4.29', maxChars: 12_000, totalMaxChars: 60_000, truncation: 'T2' });
const E3c = next(E3b, { id: 'E3b', since: '2026.4.24', memory: 'exact' });
const E3d = next(E3c, { id: 'E3b', since: '2026.5.12', header: { ...H1, soul: SOUL_LINE } });
const E4a = next(E3d, { id: 'E4', since: '2026.5.20', proven: '2026.5.28', digest: 'D1', header: H2, bootstrapAfterSetup: 'dropped' });
const E4 = next(E4a, { id: 'E4', since: '2026.5.28', sessions: { subagent: [A, T], cron: [A, T, S, I, U] } });
const E5a = next(E4, { id: 'E5a', since: '2026.6.1', proven: '2026.6.35', maxChars: 20_000 });
const E5b = next(E5a, { id: 'E5b', since: '2026.7.33', proven: '2026.7.35', surrogateSafe: true });
const E6 = next(E5b, {
  id: 'E6',
  since: '2026.8.1',
  proven: '2026.8.2',
  loadOrder: [A, S, I, U, B, M],
  optional: [U, M],
  userMaxChars: 4_000,
  header: H3,
  sanitize: 'regex',
  dynamicHeartbeat: false,
  oversize: 'unreadable',
  links: 'refuse',
  readErrors: 'unreadable',
  sessions: { subagent: [A], cron: [A, S, I, U] },
  privateMemory: true,
  projectEntries: true,
});
const E7 = next(E6, { id: 'E7', since: '2026.9.5', proven: '2026.9.6', digest: 'D2' });

/** Every epoch row, oldest first; the rows without a `proven` of their own were placed by marker strings only. */
export const OPENCLAW_EPOCHS: readonly OpenClawEpoch[] = [E1, E2a, E2b, E3a, E3b, E3c, E3d, E4a, E4, E5a, E5b, E6, E7];

/** The releases whose own code made the golden outputs, one per epoch. */
export const OPENCLAW_PROVEN_RELEASES: readonly string[] = [...new Set(OPENCLAW_EPOCHS.map((epoch) => epoch.proven))];
export const OPENCLAW_NEWEST_RELEASE = '2026.9.6';

export interface OpenClawRelease {
  /** The release as asked for, normalised (`2026.7.35`). */
  readonly release: string;
  readonly epoch: OpenClawEpoch;
  /** Said when the release is not one the table knows by its own range (newer or older than all). */
  readonly note?: string;
}

const VERSION = /^v?(\d{4})\.(\d{1,2})\.(\d{1,3})(?:-[0-9A-Za-z.-]+)?$/;

function parts(release: string): [number, number, number] {
  const match = VERSION.exec(release.trim());
  if (!match) throw new Error(`not an OpenClaw release: '${release}' (expected one like ${OPENCLAW_NEWEST_RELEASE})`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function compare(a: readonly number[], b: readonly number[]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * The epoch of a release number (`2026.7.35`, `v2026.4.29`, `2026.5.16-beta.1`). A release
 * newer than the newest known is taken as the newest known, an older one as the oldest,
 * and the answer says so; a text that is no release number throws one line.
 */
export function resolveOpenClawRelease(release: string = OPENCLAW_NEWEST_RELEASE): OpenClawRelease {
  const version = parts(release);
  const name = version.join('.');
  const newest = parts(OPENCLAW_NEWEST_RELEASE);
  if (compare(version, newest) > 0) {
    return { release: name, epoch: E7, note: `OpenClaw ${name} is newer than the newest release known here (${OPENCLAW_NEWEST_RELEASE}): composed as ${OPENCLAW_NEWEST_RELEASE}` };
  }
  if (compare(version, parts(E1.since)) < 0) {
    return { release: name, epoch: E1, note: `OpenClaw ${name} is older than the oldest release known here (${E1.since}): composed as ${E1.proven}` };
  }
  let found = E1;
  for (const epoch of OPENCLAW_EPOCHS) if (compare(version, parts(epoch.since)) >= 0) found = epoch;
  return { release: name, epoch: found };
}
