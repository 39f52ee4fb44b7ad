// What changed in the prompt between two compositions of one persona under one runtime:
// per file, the size and tokens before and after, and whether a cut began or ended.
import { CatalogDelta, compareCatalogs, SKILLS_SECTION } from './catalogDiff';
import { formatCount } from './format';
import type { SkillsReport } from './skills/types';
import { utf8Length } from './utf8';
import type { Composition, FileMeasure, FileStatus, RuntimeId, SizeUnit } from './runtimes/profile';

/** What happened to a file between the two compositions; a file may have several. */
export type FileChange =
  /** Not there before (absent or a marker only), there now. */
  | 'added'
  /** There before, not now. */
  | 'removed'
  /** Now sent in part; before it was sent whole (or was not there), not cut nor dropped. */
  | 'becameCut'
  /** Now dropped by the total budget; before it was not. */
  | 'becameDropped'
  /** Cut or dropped before, sent whole now. */
  | 'noLongerCut';

/** One side of a file's comparison. */
export interface FileSide {
  readonly status: FileStatus;
  /** The whole file's size in the runtime's unit (0 when absent). */
  readonly size: number;
  readonly keptSize: number;
  readonly droppedSize: number;
  /** Tokens of the file's section as sent, heading included; absent when not counted. */
  readonly tokens?: number;
}

export interface FileDelta {
  readonly name: string;
  readonly before: FileSide;
  readonly after: FileSide;
  /** In the order of FileChange's declaration; empty when neither presence nor cut changed. */
  readonly changes: readonly FileChange[];
  /** The file's section differs between the two. */
  readonly changed: boolean;
}

export interface TotalsDelta {
  /** Sum of the files' sizes in the runtime's unit. */
  readonly size: { readonly before: number; readonly after: number };
  /** Sum of what is sent of the files, in the runtime's unit. */
  readonly kept: { readonly before: number; readonly after: number };
  /** UTF-8 bytes of the composed text. */
  readonly bytes: { readonly before: number; readonly after: number };
  /** Tokens of the composed text; absent when not counted. */
  readonly tokens?: { readonly before: number; readonly after: number };
}

export interface CompositionDelta {
  readonly runtime: RuntimeId;
  readonly unit: SizeUnit;
  /** The files of `after` in its order, then those only `before` knows. */
  readonly files: readonly FileDelta[];
  readonly totals: TotalsDelta;
  /** The composed texts differ. */
  readonly changed: boolean;
  /** OpenClaw's skill catalog, when the compositions hold its section (SKILLS_SECTION): not among `files`. */
  readonly skills?: CatalogDelta;
  /** Some file became cut or dropped, or some skill left out: what CI fails on. */
  readonly worse: boolean;
}

/** Counts the tokens of a text (the CLI passes gpt-tokenizer's count; pure callers may pass none). */
export type TokenCounter = (text: string) => number;

const ABSENT: FileSide = { status: 'absent', size: 0, keptSize: 0, droppedSize: 0 };

/**
 * Compares two compositions of one persona under one runtime and the same options. With
 * `catalogs` (the two sides' skill catalogs, their sections joined by withSkillsEntry), the
 * catalog is compared on its own and its entry left out of the files and their sums.
 */
export function compareCompositions(
  before: Composition,
  after: Composition,
  count?: TokenCounter,
  catalogs?: { readonly before: SkillsReport; readonly after: SkillsReport },
): CompositionDelta {
  if (before.runtime !== after.runtime) throw new Error(`compositions of two runtimes (${before.runtime}, ${after.runtime}) cannot be compared`);
  const filesOf = (composition: Composition) => (catalogs ? composition.files.filter((file) => file.name !== SKILLS_SECTION) : composition.files);
  const [wasFiles, isFiles] = [filesOf(before), filesOf(after)];
  const old = new Map(wasFiles.map((file) => [file.name, file]));
  const names = [...isFiles.map((file) => file.name), ...wasFiles.map((file) => file.name).filter((name) => !isFiles.some((file) => file.name === name))];
  const now = new Map(isFiles.map((file) => [file.name, file]));
  const files = names.map((name): FileDelta => {
    const was = old.get(name);
    const is = now.get(name);
    const a = was ? side(was, count) : ABSENT;
    const b = is ? side(is, count) : ABSENT;
    return { name, before: a, after: b, changes: changesOf(a, b), changed: (was?.section ?? '') !== (is?.section ?? '') };
  });
  const sum = (list: readonly FileMeasure[], pick: (file: FileMeasure) => number) => list.reduce((total, file) => total + pick(file), 0);
  const totals: TotalsDelta = {
    size: { before: sum(wasFiles, (f) => f.size), after: sum(isFiles, (f) => f.size) },
    kept: { before: sum(wasFiles, (f) => f.keptSize), after: sum(isFiles, (f) => f.keptSize) },
    bytes: { before: utf8Length(before.text), after: utf8Length(after.text) },
    ...(count && { tokens: { before: count(before.text), after: count(after.text) } }),
  };
  const skills = catalogs && compareCatalogs(catalogs.before, catalogs.after, count);
  return {
    runtime: after.runtime,
    unit: after.unit,
    files,
    totals,
    ...(skills && { skills }),
    changed: before.text !== after.text,
    worse: files.some((file) => file.changes.includes('becameCut') || file.changes.includes('becameDropped')) || (skills?.becameLeftOut.length ?? 0) > 0,
  };
}

function side(file: FileMeasure, count?: TokenCounter): FileSide {
  return {
    status: file.status,
    size: file.size,
    keptSize: file.keptSize,
    droppedSize: file.droppedSize,
    ...(count && { tokens: file.section === '' ? 0 : count(file.section) }),
  };
}

/** Statuses of a file that is not there: nothing, or only the runtime's marker for it. */
const NOT_THERE: ReadonlySet<FileStatus> = new Set<FileStatus>(['absent', 'missing', 'notLoaded']);
const CUT: ReadonlySet<FileStatus> = new Set<FileStatus>(['cut', 'dropped']);

function changesOf(before: FileSide, after: FileSide): FileChange[] {
  const changes: FileChange[] = [];
  const wasThere = !NOT_THERE.has(before.status);
  const isThere = !NOT_THERE.has(after.status);
  if (!wasThere && isThere) changes.push('added');
  if (wasThere && !isThere) changes.push('removed');
  if (after.status === 'cut' && !CUT.has(before.status)) changes.push('becameCut');
  if (after.status === 'dropped' && before.status !== 'dropped') changes.push('becameDropped');
  if (CUT.has(before.status) && isThere && !CUT.has(after.status)) changes.push('noLongerCut');
  return changes;
}

/** "became cut", for tables and messages. */
export const FILE_CHANGE_LABELS: Record<FileChange, string> = {
  added: 'added',
  removed: 'removed',
  becameCut: 'became cut',
  becameDropped: 'became dropped',
  noLongerCut: 'no longer cut',
};

/** "+1,234", "-56", "0": a delta with its sign. */
export function formatDelta(before: number, after: number): string {
  const delta = after - before;
  const digits = formatCount(Math.abs(delta));
  return delta > 0 ? `+${digits}` : delta < 0 ? `-${digits}` : '0';
}

const unitWords: Record<SizeUnit, string> = { bytes: 'bytes', chars: 'chars', codepoints: 'code points' };

/**
 * One line for a title or a CodeLens: "+5,210 chars, +61 tokens since HEAD; MEMORY.md became cut".
 * `since` names the other side ("HEAD", "main").
 */
export function summarizeDelta(delta: CompositionDelta, since: string): string {
  const { size, tokens } = delta.totals;
  const parts = [`${formatDelta(size.before, size.after)} ${unitWords[delta.unit]}`];
  if (tokens) parts.push(`${formatDelta(tokens.before, tokens.after)} tokens`);
  const catalog = delta.skills;
  if (catalog?.changed) parts.push(`${formatDelta(catalog.before.chars, catalog.after.chars)} chars of skills`);
  const head = delta.changed ? `${parts.join(', ')} since ${since}` : `no change since ${since}`;
  const changes = delta.files.flatMap((file) =>
    file.changes.filter((change) => change !== 'added' && change !== 'removed').map((change) => `${file.name} ${FILE_CHANGE_LABELS[change]}`),
  );
  for (const skill of delta.skills?.becameLeftOut ?? []) changes.push(`skill ${skill.name} left out`);
  return changes.length === 0 ? head : `${head}; ${changes.join(', ')}`;
}

/** "3 of 5 → 4 of 5 skills listed; left out now: weather", for the catalog's row. */
export function catalogChangeText(catalog: CatalogDelta): string {
  const { before, after } = catalog;
  const listed =
    before.listed === after.listed && before.offered === after.offered
      ? `${formatCount(after.listed)} of ${formatCount(after.offered)} skills listed`
      : `${formatCount(before.listed)} of ${formatCount(before.offered)} → ${formatCount(after.listed)} of ${formatCount(after.offered)} skills listed`;
  const words = [listed];
  if (catalog.becameLeftOut.length > 0) words.push(`left out now: ${catalog.becameLeftOut.map((skill) => skill.name).join(', ')}`);
  if (catalog.noLongerLeftOut.length > 0) words.push(`listed again: ${catalog.noLongerLeftOut.join(', ')}`);
  return words.join('; ');
}
