// What a comparison says about itself: the one-line summary for the diff's title and the
// lines of its CodeLens (per file, size and tokens before and after, and cuts begun or ended),
// from the core's comparison, as the CLI's `diff` table says them.
import {
  CatalogDelta,
  catalogChangeText,
  compareCompositions,
  Composition,
  CompositionDelta,
  FILE_CHANGE_LABELS,
  FileDelta,
  formatCount,
  formatDelta,
  summarizeDelta,
  TokenCounter,
} from '../../core';
import type { SkillsReport } from '../../core/skills/types';

/** Token counts of one composition: its whole text and each file's section, by name. */
export interface CompositionTokenCounts {
  readonly files: ReadonlyMap<string, number>;
  readonly total: number;
}

/**
 * A counter answering from counts already made (by the token worker): each composition's
 * text and its files' sections. Undefined unless both sides were counted.
 */
export function countedTokens(sides: readonly { readonly composition: Composition; readonly tokens?: CompositionTokenCounts }[]): TokenCounter | undefined {
  if (sides.some((side) => side.tokens === undefined)) return undefined;
  const known = new Map<string, number>();
  for (const { composition, tokens } of sides) {
    for (const file of composition.files) if (file.section !== '') known.set(file.section, tokens!.files.get(file.name) ?? 0);
    known.set(composition.text, tokens!.total);
  }
  return (text) => known.get(text) ?? 0;
}

/** The comparison of the two compositions, with tokens when both were counted. */
export function compareSides(
  before: Composition,
  after: Composition,
  tokens?: { readonly before?: CompositionTokenCounts; readonly after?: CompositionTokenCounts },
  catalogs?: { readonly before: SkillsReport; readonly after: SkillsReport },
): CompositionDelta {
  const count = countedTokens([
    { composition: before, tokens: tokens?.before },
    { composition: after, tokens: tokens?.after },
  ]);
  return compareCompositions(before, after, count, catalogs);
}

/** "Skills catalog: 1,340 → 1,483 chars (+143), 316 → 358 tokens (+42); 3 of 3 → 4 of 4 skills listed". */
export function catalogLine(catalog: CatalogDelta): string {
  const { before, after } = catalog;
  const parts = [`${formatCount(before.chars)} → ${formatCount(after.chars)} chars (${formatDelta(before.chars, after.chars)})`];
  if (before.tokens !== undefined && after.tokens !== undefined) {
    parts.push(`${formatCount(before.tokens)} → ${formatCount(after.tokens)} tokens (${formatDelta(before.tokens, after.tokens)})`);
  }
  return `Skills catalog: ${parts.join(', ')}; ${catalogChangeText(catalog)}`;
}

const unitWords = { bytes: 'bytes', chars: 'chars', codepoints: 'code points' } as const;

/** "SOUL.md: 1,200 → 25,000 chars (+23,800), 300 → 6,100 tokens (+5,800); became cut". */
export function fileLine(file: FileDelta, unit: CompositionDelta['unit']): string {
  const parts = [`${formatCount(file.before.size)} → ${formatCount(file.after.size)} ${unitWords[unit]} (${formatDelta(file.before.size, file.after.size)})`];
  if (file.before.tokens !== undefined && file.after.tokens !== undefined) {
    parts.push(`${formatCount(file.before.tokens)} → ${formatCount(file.after.tokens)} tokens (${formatDelta(file.before.tokens, file.after.tokens)})`);
  }
  const changes = file.changes.map((change) => FILE_CHANGE_LABELS[change]);
  return `${file.name}: ${parts.join(', ')}${changes.length > 0 ? `; ${changes.join(', ')}` : ''}`;
}

/** A CodeLens: its text, on a line of the composed text (0-based). */
export interface PlacedLens {
  readonly line: number;
  readonly title: string;
}

/**
 * The lenses of one side: the summary and the notes at the top, each changed file's line
 * above its section in `composition` (at the top when that side sends nothing of it).
 */
export function placedLenses(delta: CompositionDelta, since: string, notes: readonly string[], composition: Composition): PlacedLens[] {
  const top = [summarizeDelta(delta, since), ...notes.map((note) => `note: ${note}`)].map((title) => ({ line: 0, title }));
  const files = delta.files
    .filter((file) => file.changed || file.changes.length > 0)
    .map((file) => {
      const offset = composition.files.find((measure) => measure.name === file.name)?.offset ?? -1;
      return { line: offset < 0 ? 0 : lineAt(composition.text, offset), title: fileLine(file, delta.unit) };
    });
  // The section opens the text: its line under the totals.
  const catalog = delta.skills ? [{ line: 0, title: catalogLine(delta.skills) }] : [];
  return [...top, ...catalog, ...files];
}

function lineAt(text: string, offset: number): number {
  let line = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/**
 * The CodeLens lines: the summary, then one line per file whose section or state changed,
 * then what of the revision was not read. `since` names the revision ("HEAD").
 */
export function lensLines(delta: CompositionDelta, since: string, notes: readonly string[] = []): string[] {
  const files = delta.files.filter((file) => file.changed || file.changes.length > 0).map((file) => fileLine(file, delta.unit));
  const catalog = delta.skills ? [catalogLine(delta.skills)] : [];
  return [summarizeDelta(delta, since), ...catalog, ...files, ...notes.map((note) => `note: ${note}`)];
}
