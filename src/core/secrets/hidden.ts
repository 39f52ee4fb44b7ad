// Text the model reads and a person does not see: invisible characters (Unicode tag
// characters, which can spell a whole sentence, zero-width characters, bidirectional
// controls, runs of variation selectors) and HTML comments that give instructions
// (hidden when the Markdown is rendered, sent as written).
import { LineIndex } from './lines';
import { englishSecrets, SecretMessageId, SecretRender } from './messages';
import { isSuppressComment } from './suppress';

export type HiddenKind = 'tag' | 'zeroWidth' | 'bidi' | 'selector';

/** A run of invisible characters; `start`/`end` are UTF-16 indexes, `line` is 0-based. */
export interface HiddenRun {
  readonly start: number;
  readonly end: number;
  readonly line: number;
  /** Characters (code points) in the run. */
  readonly count: number;
  readonly kinds: readonly HiddenKind[];
  /** The ASCII the run's tag characters spell, when it has some. */
  readonly decoded?: string;
  readonly message: string;
}

/** An HTML comment that gives the model an instruction. */
export interface HiddenInstruction {
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly message: string;
}

const HIDDEN = /(?:[\u{E0000}-\u{E007F}]|[\u200B-\u200D\u2060-\u2064\u180E\uFEFF]|[\u202A-\u202E\u2066-\u2069]|[\u{E0100}-\u{E01EF}])+/gu;
const BLACK_FLAG = 0x1f3f4;
/** Characters of decoded or quoted text a message shows. */
const SHOWN = 40;
const QUOTED = 80;

function kindOf(point: number): HiddenKind {
  if (point >= 0xe0000 && point <= 0xe007f) return 'tag';
  if (point >= 0xe0100) return 'selector';
  if ((point >= 0x202a && point <= 0x202e) || (point >= 0x2066 && point <= 0x2069)) return 'bidi';
  return 'zeroWidth';
}

const KIND_WORDS: Record<Exclude<HiddenKind, 'tag'>, SecretMessageId> = { zeroWidth: 'hiddenZeroWidth', bidi: 'hiddenBidi', selector: 'hiddenSelectors' };

/** The runs of invisible characters in `text` that are not part of ordinary writing. */
export function findHiddenCharacters(text: string, t: SecretRender = englishSecrets): HiddenRun[] {
  const runs: HiddenRun[] = [];
  let lines: LineIndex | undefined;
  for (const match of text.matchAll(HIDDEN)) {
    let start = match.index;
    let points = [...match[0]].map((c) => c.codePointAt(0)!);
    // A byte order mark that opens the file is an encoding mark, not hidden text.
    if (start === 0 && points[0] === 0xfeff) {
      points = points.slice(1);
      start = 1;
    }
    if (points.length === 0 || ordinary(text, start, points)) continue;
    const kinds = [...new Set(points.map(kindOf))];
    const decoded = points
      .filter((p) => p >= 0xe0020 && p <= 0xe007e)
      .map((p) => String.fromCharCode(p - 0xe0000))
      .join('');
    const parts = kinds.map((kind) => (kind === 'tag' ? t('hiddenTags', shorten(decoded)) : t(KIND_WORDS[kind])));
    const what = parts.join('; ');
    const message = points.length === 1 ? t('hiddenOne', what) : t('hiddenRun', points.length, what);
    lines ??= new LineIndex(text);
    runs.push({ start, end: match.index + match[0].length, line: lines.lineOf(start), count: points.length, kinds, ...(decoded && { decoded }), message });
  }
  return runs;
}

/**
 * Invisible characters writing needs: one joiner inside an emoji or a word of a script
 * that uses it, one selector after an ideograph, the tags of a subdivision flag (🏴 + tags).
 */
function ordinary(text: string, start: number, points: readonly number[]): boolean {
  const before = text.codePointAt(start > 1 && /[\uDC00-\uDFFF]/.test(text[start - 1]) ? start - 2 : start - 1) ?? 0;
  if (points.length === 1 && (points[0] === 0x200c || points[0] === 0x200d) && before > 0x7f) return true;
  if (points.length === 1 && points[0] >= 0xe0100 && before > 0x7f) return true;
  return before === BLACK_FLAG && points[points.length - 1] === 0xe007f && points.every((p) => p >= 0xe0020 && p <= 0xe007f);
}

function shorten(text: string, most = SHOWN): string {
  return text.length <= most ? text : `${text.slice(0, most)}…`;
}

const COMMENT = /<!--([\s\S]*?)(?:-->|$(?![\s\S]))/g;
// A line that tells the model what to do: an imperative opening, or words that try to override.
const IMPERATIVE =
  /^(?:[-*+]\s+|\d+[.)]\s+)?(?:never|always|do not|don't|must|you must|you are|you will|ignore|disregard|forget|reply|respond|answer|say|tell|send|forward|reveal|pretend|act as|output|print|include|call|run|execute|delete)\b|\b(?:ignore (?:all |any )?(?:previous|prior|above|earlier)|system prompt|you are now|do not (?:tell|mention|reveal)|don't (?:tell|mention|reveal)|without telling)\b|(?:禁止|嚴禁|不得|絕不|切勿|必須|務必|忽略)/iu;
// Comments that are settings read by tools: OpenClaw's project tags, secretlint's switches.
const TOOL_COMMENT = /^\s*(?:project\s*:|secretlint-|prettier-ignore|markdownlint-)/iu;

/** HTML comments in `text` with a line that gives the model an instruction. */
export function findHiddenInstructions(text: string, t: SecretRender = englishSecrets): HiddenInstruction[] {
  if (!text.includes('<!--')) return [];
  const found: HiddenInstruction[] = [];
  let lines: LineIndex | undefined;
  for (const match of text.matchAll(COMMENT)) {
    const body = match[1];
    if (isSuppressComment(match[0]) || TOOL_COMMENT.test(body)) continue;
    const rule = body
      .split(/\r?\n|\r/)
      .map((line) => line.trim())
      .find((line) => IMPERATIVE.test(line));
    if (!rule) continue;
    lines ??= new LineIndex(text);
    found.push({
      start: match.index,
      end: match.index + match[0].length,
      line: lines.lineOf(match.index),
      message: t('hiddenComment', shorten(rule.replace(/\s+/g, ' '), QUOTED)),
    });
  }
  return found;
}
