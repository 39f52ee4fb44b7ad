// `persona-studio diff`: what changed in the composed prompt between a revision and the
// work tree, per file (size, tokens, cuts) and as a unified diff; with `--history`,
// each file's size over its commits and where it is heading.
import * as path from 'node:path';
import { formatPatch, OMIT_HEADERS, structuredPatch } from 'diff';
import {
  compareCompositions,
  Composition,
  CompositionDelta,
  catalogChangeText,
  ENCODING_LABELS,
  escapeControls,
  FILE_CHANGE_LABELS,
  FileDelta,
  Forecast,
  forecastGrowth,
  formatCount,
  formatDelta,
  formatForecast,
  hasOwnSkills,
  HistoryOptions,
  readPersonaInput,
  readPersonaInputAt,
  readSizeHistory,
  renamesSince,
  RuntimeOptions,
  RuntimeProfile,
  SizePoint,
  sparkline,
  TokenEncoding,
  withSkillsEntry,
} from '../core';
import { countTokens } from '../core/tokensCount';
import { composeSkills, SkillsOptions, SkillsReport } from '../core/skills';
import { gitSkillReader } from '../core/skills/gitReader';
import { nodeSkillReader } from '../core/skills/nodeReader';
import { readSkills } from './skills';
import { table } from './table';

export interface FileHistory {
  readonly name: string;
  readonly points: readonly SizePoint[];
  readonly sparkline: string;
  readonly forecast?: Forecast;
  /** "MEMORY.md grew 410 chars a day over 30 days; at this rate OpenClaw starts cutting it in about 12 days". */
  readonly message?: string;
  readonly notes: readonly string[];
}

export interface PersonaDiff {
  readonly dir: string;
  /** The revision as asked for, and the commit it names. */
  readonly rev: string;
  readonly commit: string;
  readonly delta: CompositionDelta;
  /** Files git sees renamed since the revision: new name → old name. */
  readonly renames: Readonly<Record<string, string>>;
  /** What of the revision was not read as the runtime would have. */
  readonly notes: readonly string[];
  readonly history?: readonly FileHistory[];
}

export interface DiffOutcome {
  readonly diff: PersonaDiff;
  readonly before: Composition;
  readonly after: Composition;
}

/** "OpenClaw 2026.9.6" → "OpenClaw": the runtime as a sentence names it. */
export function runtimeName(profile: RuntimeProfile): string {
  return profile.label.replace(/\s+\d[\d.]*$/, '');
}

/**
 * Compares `dir` at `rev` with its work tree; with `history`, reads each file's sizes over
 * its commits. With `skills` (OpenClaw), a workspace with skills of its own at either side
 * compares its `## Skills` section too, joined as `compose --part all` joins it.
 */
export function diffPersona(
  dir: string,
  profile: RuntimeProfile,
  options: RuntimeOptions,
  rev: string,
  encoding?: TokenEncoding,
  history?: HistoryOptions,
  skills?: SkillsOptions,
): DiffOutcome {
  const old = readPersonaInputAt(dir, profile, rev);
  const context = { before: profile.compose(old.input, options), after: profile.compose(readPersonaInput(dir, profile), options) };
  const catalogs = skills && profile.id === 'openclaw' ? catalogsOf(dir, old.commit, skills) : undefined;
  const workspacePath = skills?.workspacePath ?? path.resolve(dir);
  const before = catalogs ? withSkillsEntry(context.before, catalogs.before.section, workspacePath) : context.before;
  const after = catalogs ? withSkillsEntry(context.after, catalogs.after.section, workspacePath) : context.after;
  const delta = compareCompositions(before, after, encoding && ((text) => countTokens(text, encoding)), catalogs);
  const renames = Object.fromEntries(renamesSince(dir, old.commit));
  const diff: PersonaDiff = {
    dir,
    rev,
    commit: old.commit,
    delta,
    renames,
    notes: old.notes,
    ...(history && { history: fileHistories(dir, profile, options, context.after, history) }),
  };
  return { diff, before, after };
}

/** The catalogs at the commit and now, when the workspace has skills of its own at either. */
function catalogsOf(dir: string, commit: string, skills: SkillsOptions): { before: SkillsReport; after: SkillsReport } | undefined {
  // The machine's skills (--machine-skills) are not in the repository: both sides read them as they are now.
  const before = composeSkills(gitSkillReader(dir, commit, skills.machine ? nodeSkillReader : undefined), path.resolve(dir).replace(/\\/g, '/'), skills);
  const after = readSkills(dir, skills);
  return hasOwnSkills(before) || hasOwnSkills(after) ? { before, after } : undefined;
}

function fileHistories(dir: string, profile: RuntimeProfile, options: RuntimeOptions, now: Composition, history: HistoryOptions): FileHistory[] {
  const at = history.now ?? Date.now();
  return now.files
    .filter((file) => file.size > 0)
    .map((file) => {
      const { points, notes } = readSizeHistory(dir, profile, options, file.name, { ...history, now: at });
      const forecast = forecastGrowth(points, { now: at, cap: file.effectiveCap ?? file.cap, current: file.size });
      return {
        name: file.name,
        points,
        sparkline: sparkline([...points.map((point) => point.size), file.size]),
        forecast,
        message: forecast && formatForecast(file.name, forecast, now.unit, runtimeName(profile)),
        notes,
      };
    });
}

/** GNU `diff -u` of the two composed texts, without its two header lines when `labels` is omitted. */
export function unifiedDiff(before: string, after: string, labels?: { readonly old: string; readonly new: string }): string {
  if (before === after) return '';
  const patch = structuredPatch(labels?.old ?? 'a', labels?.new ?? 'b', before, after, undefined, undefined, { context: 3 });
  // GNU diff omits a range's length when it is one line: "@@ -4 +4,2 @@".
  const hunks = formatPatch(patch, OMIT_HEADERS)
    .replace(/^@@ -(\d+),1 \+(\d+)(,\d+)? @@$/gm, '@@ -$1 +$2$3 @@')
    .replace(/^@@ -(\d+(?:,\d+)?) \+(\d+),1 @@$/gm, '@@ -$1 +$2 @@');
  return labels ? `--- ${labels.old}\n+++ ${labels.new}\n${hunks}` : hunks;
}

/** How a folder is named in the diff's labels: as given, without a leading `./` or `/`, nor a trailing `/`. */
export function diffLabel(dir: string): string {
  const trimmed = dir.replace(/^(\.\/|\/)+/, '').replace(/\/+$/, '');
  return escapeControls(trimmed === '' || trimmed === '.' ? path.basename(path.resolve(dir)) : trimmed);
}

const unitHeading = { bytes: 'BYTES', chars: 'CHARS', codepoints: 'CODE POINTS' } as const;

/** The per-file table, the totals and the notes, as lines. */
export function formatDiffTable(diff: PersonaDiff, encoding?: TokenEncoding): string[] {
  const { delta, rev } = diff;
  const withTokens = delta.totals.tokens !== undefined;
  const unit = unitHeading[delta.unit];
  const head = [`FILE`, `${unit} @${rev}`, 'NOW', 'Δ', ...(withTokens ? [`TOKENS @${rev}`, 'NOW', 'Δ'] : []), 'CHANGE'];
  const rows = [head];
  for (const file of delta.files) {
    if (file.before.status === file.after.status && file.before.size === 0 && file.after.size === 0) continue;
    const tokens = withTokens ? [count(file.before.tokens), count(file.after.tokens), formatDelta(file.before.tokens ?? 0, file.after.tokens ?? 0)] : [];
    rows.push([file.name, formatCount(file.before.size), formatCount(file.after.size), formatDelta(file.before.size, file.after.size), ...tokens, changeText(file, diff.renames)]);
  }
  const { totals } = delta;
  const totalTokens = totals.tokens ? [formatCount(totals.tokens.before), formatCount(totals.tokens.after), formatDelta(totals.tokens.before, totals.tokens.after)] : [];
  rows.push(['total', formatCount(totals.size.before), formatCount(totals.size.after), formatDelta(totals.size.before, totals.size.after), ...totalTokens, '']);
  const catalog = delta.skills;
  if (catalog) {
    const { before, after } = catalog;
    const catalogTokens = withTokens ? [count(before.tokens), count(after.tokens), formatDelta(before.tokens ?? 0, after.tokens ?? 0)] : [];
    rows.push(['## Skills', formatCount(before.chars), formatCount(after.chars), formatDelta(before.chars, after.chars), ...catalogTokens, catalogChangeText(catalog)]);
  }
  const lines = [`${escapeControls(diff.dir)}: ${rev} (${diff.commit.slice(0, 7)}) → work tree`, ...table(rows).map((row) => `  ${row}`)];
  lines.push(`  prompt: ${formatCount(totals.bytes.before)} → ${formatCount(totals.bytes.after)} bytes (${formatDelta(totals.bytes.before, totals.bytes.after)})`);
  if (encoding && withTokens) lines.push(`  tokens in ${ENCODING_LABELS[encoding]}`);
  if (!delta.changed) lines.push('  the composed prompt is the same');
  for (const note of diff.notes) lines.push(`  note: ${escapeControls(note)}`);
  for (const file of diff.history ?? []) {
    if (file.points.length > 0) lines.push(`  ${escapeControls(file.name)} ${file.sparkline}  (${file.points.length} commit${file.points.length === 1 ? '' : 's'})`);
    if (file.message) lines.push(`    ${escapeControls(file.message)}`);
    for (const note of file.notes) lines.push(`    note: ${escapeControls(note)}`);
  }
  return lines;
}

/** The table, then `diff -u` of the composed texts labelled `a/DIR@REV` and `b/DIR`. */
export function formatDiffText(outcome: DiffOutcome, encoding: TokenEncoding | undefined): string {
  const label = diffLabel(outcome.diff.dir);
  const patch = unifiedDiff(outcome.before.text, outcome.after.text, { old: `a/${label}@${outcome.diff.rev}`, new: `b/${label}` });
  return formatDiffTable(outcome.diff, encoding).join('\n') + '\n' + (patch === '' ? '' : '\n' + patch);
}

function count(value: number | undefined): string {
  return value === undefined ? '-' : formatCount(value);
}

export function changeText(file: FileDelta, renames: Readonly<Record<string, string>>): string {
  const words = file.changes.map((change) => FILE_CHANGE_LABELS[change]);
  const from = renames[file.name];
  if (from !== undefined) words.push(`renamed from ${from}`);
  if (words.length === 0 && file.changed) words.push('changed');
  return escapeControls(words.join(', '));
}
