// The Claude estimate: no exact offline tokenizer exists for current Claude models, so
// the exact o200k_base count is scaled by a factor per script. docs/tokens.md says how the
// factors were calibrated and how far off the estimate can be.

/** Code points of a text by the script class the estimate scales differently. */
export interface ScriptCounts {
  /** Latin letters, digits, punctuation, symbols, emoji: prose and code. */
  latin: number;
  /** Han, kana, Hangul and CJK punctuation. */
  cjk: number;
  /** Letters of other scripts: Cyrillic, Greek, Arabic, Hebrew, Indic, Thai… */
  other: number;
}

/**
 * Claude tokens per o200k_base token, for Claude's tokenizer since Opus 4.7.
 * LATIN: Claude 3.5 Sonnet counted English +16 % and Python +30 % over GPT-4o (Vantage,
 * 2024, via Anthropic's count_tokens); Opus 4.7 counts Latin text 1.2–1.46× and code
 * 1.13–1.33× what 4.6 did (Anthropic: "1.0–1.35×"; independent probes): ≈ 1.16 × 1.35
 * ≈ 1.30 × 1.2 ≈ 1.55 for both.
 * CJK and OTHER: the Claude 2 tokenizer (the only one published) counts our CJK sample
 * 1.35–1.85× o200k_base and Cyrillic 1.85×; Opus 4.7 counts these scripts as 4.6 did.
 */
export const CLAUDE_FACTORS: Readonly<ScriptCounts> = { latin: 1.55, cjk: 1.5, other: 1.85 };

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const LETTER = /\p{L}/u;
const LATIN = /\p{Script=Latin}/u;
const WHITE = /\s/u;

export function emptyScriptCounts(): ScriptCounts {
  return { latin: 0, cjk: 0, other: 0 };
}

/** Adds the code points of `text` (white space aside) to `into`, by script class. */
export function countScripts(text: string, into: ScriptCounts = emptyScriptCounts()): ScriptCounts {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      // ASCII: white space is not counted; everything else is Latin-class.
      if (unit > 0x20 && unit !== 0x7f) into.latin++;
      continue;
    }
    const point = text.codePointAt(i)!;
    if (point > 0xffff) i++;
    const char = String.fromCodePoint(point);
    if (WHITE.test(char)) continue;
    if (CJK.test(char)) into.cjk++;
    else if (LETTER.test(char) && !LATIN.test(char)) into.other++;
    else into.latin++;
  }
  return into;
}

export function addScriptCounts(into: ScriptCounts, more: ScriptCounts): ScriptCounts {
  into.latin += more.latin;
  into.cjk += more.cjk;
  into.other += more.other;
  return into;
}

/** The factor for a text of these scripts: each class's factor weighted by its share. */
export function claudeFactor(scripts: ScriptCounts): number {
  const total = scripts.latin + scripts.cjk + scripts.other;
  if (total === 0) return CLAUDE_FACTORS.latin;
  return (scripts.latin * CLAUDE_FACTORS.latin + scripts.cjk * CLAUDE_FACTORS.cjk + scripts.other * CLAUDE_FACTORS.other) / total;
}

/** The estimate from an exact o200k_base count and the text's script counts. */
export function claudeEstimate(o200kTokens: number, scripts: ScriptCounts): number {
  return Math.ceil(o200kTokens * claudeFactor(scripts));
}
