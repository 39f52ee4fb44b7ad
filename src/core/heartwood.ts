// Heartwood: a single HEARTWOOD.md whose identity leads and whose voice follows,
// capped in characters (UTF-16 code units, as a JavaScript runtime counts them).
import { DEFAULT_WARN_AT } from './bootstrap';
import { CapState, capState } from './report';
import { lineAndColumn } from './utf8';
import { splitsSurrogatePair } from './surrogates';

export const HEARTWOOD_FILE = 'HEARTWOOD.md';
export const VOICE_HEADING = '## Voice & Tone';
/** The file loader's `maxChars` default. */
export const HEARTWOOD_MAX_CHARS = 2000;
/** The route's `heartwoodMaxChars` hard ceiling default. */
export const HEARTWOOD_CEILING = 8000;

export interface HeartwoodCaps {
  readonly maxChars?: number;
  readonly ceiling?: number;
}

export interface HeartwoodParts {
  /** Text before the voice heading, trimmed. */
  readonly identity: string;
  /** Text after the voice heading, trimmed; undefined when there is no heading. */
  readonly voice?: string;
  /** UTF-16 index where the voice heading line starts, when present. */
  readonly voiceHeadingIndex?: number;
}

const voiceHeadingLine = /^## Voice & Tone[ \t]*\r?$/m;

export function splitHeartwood(text: string): HeartwoodParts {
  const match = voiceHeadingLine.exec(text);
  if (!match) return { identity: text.trim() };
  return {
    identity: text.slice(0, match.index).trim(),
    voice: text.slice(match.index + match[0].length).trim(),
    voiceHeadingIndex: match.index,
  };
}

/**
 * A cap as given (a setting, a flag), or undefined when it is not a whole number of
 * characters of at least 1: such a value falls back to the default, never to 0 or Infinity.
 */
export function validHeartwoodCap(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

/** The caps with every invalid value replaced by its default. */
export function heartwoodCapsOrDefault(caps: HeartwoodCaps = {}): { maxChars: number; ceiling: number } {
  return {
    maxChars: validHeartwoodCap(caps.maxChars) ?? HEARTWOOD_MAX_CHARS,
    ceiling: validHeartwoodCap(caps.ceiling) ?? HEARTWOOD_CEILING,
  };
}

/** The cap in force: a loader cap below the ceiling is honoured verbatim. */
export function effectiveHeartwoodCap(caps: HeartwoodCaps = {}): number {
  const { maxChars, ceiling } = heartwoodCapsOrDefault(caps);
  return Math.min(maxChars, ceiling);
}

/** The identity section as sent, or null for "no identity" (absent or blank source). */
export function composeHeartwood(text: string | undefined, caps: HeartwoodCaps = {}): string | null {
  const section = text?.trim();
  if (!section) return null;
  return section.slice(0, effectiveHeartwoodCap(caps));
}

export interface HeartwoodReport {
  readonly present: boolean;
  /** Characters of the trimmed section. */
  readonly chars: number;
  readonly identityChars: number;
  readonly voiceChars: number;
  readonly hasVoice: boolean;
  readonly maxChars: number;
  readonly ceiling: number;
  readonly cap: number;
  readonly fraction: number;
  readonly state: CapState;
  readonly truncated: boolean;
  /**
   * Where the cut falls in the file's text, when it is over its cap. `splitsPair` is
   * true when the cut falls between the two halves of a surrogate pair (an emoji, say):
   * the runtime sends the first half alone, which shows as U+FFFD.
   */
  readonly cut?: {
    readonly index: number;
    readonly line: number;
    readonly column: number;
    readonly droppedChars: number;
    readonly splitsPair: boolean;
  };
}

export function reportHeartwood(text: string | undefined, caps: HeartwoodCaps = {}, warnAt = DEFAULT_WARN_AT): HeartwoodReport {
  const { maxChars, ceiling } = heartwoodCapsOrDefault(caps);
  const cap = Math.min(maxChars, ceiling);
  const trimmed = text?.trim() ?? '';
  const parts = splitHeartwood(trimmed);
  const base = {
    chars: trimmed.length,
    identityChars: parts.identity.length,
    voiceChars: parts.voice?.length ?? 0,
    hasVoice: parts.voice !== undefined,
    maxChars,
    ceiling,
    cap,
    fraction: trimmed.length / cap,
  };
  if (!trimmed || text === undefined) return { ...base, present: false, state: 'missing', truncated: false };
  const truncated = trimmed.length > cap;
  if (!truncated) return { ...base, present: true, state: capState(trimmed.length, cap, warnAt), truncated };
  // The section is the trimmed text, so the cut sits after the leading whitespace.
  const index = text.length - text.trimStart().length + cap;
  return {
    ...base,
    present: true,
    state: 'over',
    truncated,
    cut: { index, ...lineAndColumn(text, index), droppedChars: trimmed.length - cap, splitsPair: splitsSurrogatePair(trimmed, cap) },
  };
}
