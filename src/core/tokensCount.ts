// Exact token counts with gpt-tokenizer, and an incremental counter that recounts only
// the chunks of a section that changed. Loads an encoding's ranks on first use, so import
// this only where counting happens (the CLI, the token worker), never in the extension.
import { isEstimate, TokenEncoding } from './tokens';
import { addScriptCounts, claudeEstimate, countScripts, emptyScriptCounts, ScriptCounts } from './tokensEstimate';
import { BytePairCore, countPieces } from './tokensMerge';

type ExactEncoding = 'o200k_base' | 'cl100k_base';

/** What an encoding module of gpt-tokenizer exports, as far as counting needs it. */
interface EncodingModule {
  readonly default: { readonly bytePairEncodingCoreProcessor?: BytePairCore };
}

const encoders = new Map<ExactEncoding, Encoder>();

/**
 * Counts plain text: text that looks like a special token (`<|endoftext|>`) is counted as
 * the text it is, since providers do not read special tokens out of a prompt's text
 * (gpt-tokenizer's own `encode` throws on it by default).
 */
type Encoder = (text: string) => number;

function encoder(name: ExactEncoding): Encoder {
  let loaded = encoders.get(name);
  if (!loaded) {
    // One require per encoding, so only the chosen ranks are ever evaluated.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const module = (name === 'o200k_base' ? require('gpt-tokenizer/encoding/o200k_base') : require('gpt-tokenizer/encoding/cl100k_base')) as EncodingModule;
    /* eslint-enable @typescript-eslint/no-require-imports */
    const core = module.default.bytePairEncodingCoreProcessor;
    if (!core || !(core.tokenSplitRegex instanceof RegExp)) throw new Error(`gpt-tokenizer's ${name} has changed shape: counting needs its byte-pair core`);
    loaded = (text) => countPieces(core, text);
    encoders.set(name, loaded);
  }
  return loaded;
}

/** The encoding whose exact count a count in `encoding` rests on. */
function baseEncoding(encoding: TokenEncoding): ExactEncoding {
  return encoding === 'cl100k_base' ? 'cl100k_base' : 'o200k_base';
}

/** Tokens of `text` in `encoding`: exact for o200k_base and cl100k_base, an estimate for Claude. */
export function countTokens(text: string, encoding: TokenEncoding): number {
  const exact = encoder(baseEncoding(encoding))(text);
  return isEstimate(encoding) ? claudeEstimate(exact, countScripts(text)) : exact;
}

/**
 * A chunk is a paragraph, so a keystroke changes one chunk (two when it splits a
 * paragraph) and the cuts after it stay where they were; a paragraph longer than this
 * is also cut at safe line starts, this many characters apart at least.
 */
export const MAX_CHUNK = 8192;

/**
 * Where `text` may be cut so that the counts of the parts add up to the count of the
 * whole. Both encodings split text into pieces by a regular expression before merging
 * bytes, and merge inside a piece only. No piece of either expression holds a line
 * feed followed by a character that is neither white space nor `/` (o200k's punctuation
 * piece may run on `[\r\n/]*`), and the pieces before such a place are the same whether
 * the text goes on or ends there; so a cut just after a line feed, before such a
 * character, splits no piece, and the count of the whole is the sum of the parts.
 * tokens.test.ts checks this against gpt-tokenizer on random texts.
 */
export function chunkBoundaries(text: string, maxChunk = MAX_CHUNK): number[] {
  return [...cutsFrom(text, 0, maxChunk)];
}

/**
 * The cuts after a cut at `from`, in order. A cut depends only on the text before it, the
 * two units after it and the cut before it, so cutting can resume at any cut.
 */
function* cutsFrom(text: string, from: number, maxChunk = MAX_CHUNK): Generator<number> {
  let last = from;
  let at = text.indexOf('\n', from);
  while (at !== -1 && at + 1 < text.length) {
    const start = at + 1;
    const size = start - last;
    if (isSafeStart(text, start) && (size >= maxChunk || endsBlankLine(text, at))) {
      yield start;
      last = start;
    }
    at = text.indexOf('\n', start);
  }
}

/** Whether the line feed at `at` ends a blank line (`\n\n` or `\n\r\n`). */
function endsBlankLine(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  return before === 0x0a || (before === 0x0d && text.charCodeAt(at - 2) === 0x0a);
}

const WHITE_OR_SLASH = /[\s/]/u;

function isSafeStart(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  // ASCII white space for JavaScript's `\s`: tab, line feed, vertical tab, form feed, return, space.
  if (unit < 0x80) return !(unit >= 0x09 && unit <= 0x0d) && unit !== 0x20 && unit !== 0x2f;
  return !WHITE_OR_SLASH.test(String.fromCodePoint(text.codePointAt(index)!));
}

/** `text` cut at its chunk boundaries. */
export function chunksOf(text: string, maxChunk = MAX_CHUNK): string[] {
  const chunks: string[] = [];
  let start = 0;
  for (const cut of chunkBoundaries(text, maxChunk)) {
    chunks.push(text.slice(start, cut));
    start = cut;
  }
  if (start < text.length || chunks.length === 0) chunks.push(text.slice(start));
  return chunks;
}

interface ChunkMeasure {
  readonly tokens: number;
  readonly scripts?: ScriptCounts;
}

/** Units compared at a time when looking for where two texts begin to differ. */
const BLOCK = 1 << 16;

/** How many units `a` and `b` have in common at their start: blocks compared natively, then halves. */
export function commonPrefix(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let same = 0;
  let step = BLOCK;
  while (step > 0) {
    const size = Math.min(step, most - same);
    if (size > 0 && b.startsWith(a.slice(same, same + size), same)) same += size;
    else step >>= 1;
  }
  return same;
}

/** How many units (at most `most`) `a` and `b` have in common at their end. */
export function commonSuffix(a: string, b: string, most: number): number {
  let same = 0;
  let step = BLOCK;
  while (step > 0) {
    const size = Math.min(step, most - same);
    if (size > 0 && b.endsWith(a.slice(a.length - same - size, a.length - same), b.length - same)) same += size;
    else step >>= 1;
  }
  return same;
}

/**
 * Counts one section again and again as it is edited. The chunks at the start and at the
 * end that the edit left as they were are found where the texts begin to differ, and only the
 * text between is cut and tokenized, until its cuts meet the old ones: a keystroke in a
 * 2 MB section tokenizes one or two chunks. Only the last text is kept (a chunk is its
 * start in it), so no older text stays alive. The result always equals
 * `countTokens(text, encoding)`.
 */
export class IncrementalTokenCounter {
  private text = '';
  private starts: number[] = [];
  private measures: ChunkMeasure[] = [];
  /** Chunks tokenized by the last `count`, for tests and benchmarks. */
  lastTokenized = 0;

  constructor(readonly encoding: TokenEncoding) {}

  /** The chunks of the text counted last, for tests. */
  get chunks(): string[] {
    return this.starts.map((start, i) => this.text.slice(start, this.end(i)));
  }

  private end(i: number): number {
    return i + 1 < this.starts.length ? this.starts[i + 1] : this.text.length;
  }

  count(text: string): number {
    const exact = encoder(baseEncoding(this.encoding));
    const estimate = isEstimate(this.encoding);
    const old = this.starts;
    const shift = text.length - this.text.length;
    // The old chunks still in place at the start, then those at the end, moved.
    const same = commonPrefix(this.text, text);
    const sameEnd = commonSuffix(this.text, text, Math.min(this.text.length, text.length) - same);
    let front = 0;
    while (front < old.length && this.end(front) <= same) front++;
    // Cutting resumes at the old cut before: a cut looks at the two units after it, and
    // a chunk is two units long at least (a line feed ends it; none starts it).
    const kept = Math.max(0, front - 1);
    const resume = kept > 0 ? old[kept] : 0;
    let back = old.length;
    while (back > kept && old[back - 1] + shift >= resume && old[back - 1] >= this.text.length - sameEnd) back--;
    const starts = old.slice(0, kept);
    const measures = this.measures.slice(0, kept);
    this.lastTokenized = 0;
    // The old chunks between, by text: edits in several places (a replace-all) or a
    // paragraph moved leave chunks there that need no tokenizing again.
    let between: Map<string, ChunkMeasure> | undefined;
    const add = (start: number, end: number) => {
      const piece = text.slice(start, end);
      between ??= new Map(old.slice(kept, back).map((at, i) => [this.text.slice(at, this.end(kept + i)), this.measures[kept + i]]));
      let measure = between.get(piece);
      if (!measure) {
        measure = { tokens: exact(piece), scripts: estimate ? countScripts(piece) : undefined };
        this.lastTokenized++;
      }
      starts.push(start);
      measures.push(measure);
    };
    // Cut from `resume` until a cut meets an old one in the end kept: the cuts after a cut
    // depend on the text after it only, so from there on the old chunks follow, moved.
    let start = resume;
    let rejoined = -1;
    let next = back;
    for (const cut of cutsFrom(text, resume)) {
      add(start, cut);
      start = cut;
      while (next < old.length && old[next] + shift < cut) next++;
      if (next < old.length && old[next] + shift === cut) {
        rejoined = next;
        break;
      }
    }
    if (rejoined === -1) {
      if (start < text.length || starts.length === 0) add(start, text.length);
    } else {
      for (let i = rejoined; i < old.length; i++) {
        starts.push(old[i] + shift);
        measures.push(this.measures[i]);
      }
    }
    this.text = text;
    this.starts = starts;
    this.measures = measures;
    let tokens = 0;
    const scripts = emptyScriptCounts();
    for (const measure of measures) {
      tokens += measure.tokens;
      if (measure.scripts) addScriptCounts(scripts, measure.scripts);
    }
    return estimate ? claudeEstimate(tokens, scripts) : tokens;
  }
}
