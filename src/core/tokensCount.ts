// Exact token counts of gpt-tokenizer's encodings, and an incremental counter that recounts
// only the chunks of a section that changed. Reads an encoding's ranks file (written from the
// library at build time, beside the bundle) on first use, so import this only where counting
// happens (the CLI, the token worker), never in the extension.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isEstimate, TokenEncoding } from './tokens';
import { addScriptCounts, claudeEstimate, countScripts, emptyScriptCounts, ScriptCounts } from './tokensEstimate';
import { commonPrefix, commonSuffix, CUT_LOOKAHEAD, cutsFrom, MAX_CHUNK, scannedPieces } from './tokensChunks';
import { countPieces } from './tokensMerge';
import { Ranks } from './tokensRanks';
import { splitsSurrogatePair } from './surrogates';

export { commonPrefix, commonSuffix, MAX_CHUNK };

type ExactEncoding = 'o200k_base' | 'cl100k_base';

const encoders = new Map<ExactEncoding, Encoder>();

/**
 * `count` counts plain text: text that looks like a special token (`<|endoftext|>`) is
 * counted as the text it is, since providers do not read special tokens out of a prompt's
 * text (gpt-tokenizer's own `encode` throws on it by default). `split` is the encoding's
 * pre-tokenizer expression (a copy, so its lastIndex is ours).
 */
interface Encoder {
  readonly count: (text: string, merged?: Map<string, number>) => number;
  readonly split: RegExp;
}

function encoder(name: ExactEncoding): Encoder {
  let loaded = encoders.get(name);
  if (!loaded) {
    const ranks = new Ranks(readRanksFile(name));
    const split = new RegExp(ranks.pattern.source, 'gu');
    loaded = { count: (text, merged) => countPieces(ranks, text, merged, undefined, scannedPieces(text, split)), split };
    encoders.set(name, loaded);
  }
  return loaded;
}

/** The ranks file beside the bundle (dist/), or, run from the sources, in the build's dist/. */
function readRanksFile(name: ExactEncoding): Uint8Array {
  const places = [path.join(__dirname, `${name}.ranks`), path.resolve(__dirname, '..', '..', 'dist', `${name}.ranks`)];
  const file = places.find((place) => fs.existsSync(place));
  if (!file) throw new Error(`The ${name} ranks are missing (${places[0]}): build them with node scripts/build.mjs`);
  return fs.readFileSync(file);
}

/** The encoding whose exact count a count in `encoding` rests on. */
function baseEncoding(encoding: TokenEncoding): ExactEncoding {
  return encoding === 'cl100k_base' ? 'cl100k_base' : 'o200k_base';
}

/** Tokens of `text` in `encoding`: exact for o200k_base and cl100k_base, an estimate for Claude. */
export function countTokens(text: string, encoding: TokenEncoding): number {
  const exact = encoder(baseEncoding(encoding)).count(text);
  return isEstimate(encoding) ? claudeEstimate(exact, countScripts(text)) : exact;
}

/** Windows a sampled estimate counts, and the chars of each. */
const SAMPLES = 64;
const SAMPLE_UNITS = 1024;
/** How far a window's ends move to the next white space: a word cut in two would count more tokens. */
const SAMPLE_SLACK = 64;

/**
 * A quick estimate of `countTokens(text, encoding)`: the exact count of a few windows spread
 * over the text, scaled to its length. Shown (marked ≈) while the exact count of a large text
 * runs; exact for a text no longer than the windows.
 */
export function estimateTokens(text: string, encoding: TokenEncoding): number {
  if (text.length <= SAMPLES * SAMPLE_UNITS) return countTokens(text, encoding);
  const step = (text.length - SAMPLE_UNITS) / (SAMPLES - 1);
  let tokens = 0;
  let units = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const start = sampleEdge(text, Math.floor(i * step));
    const end = Math.max(start, sampleEdge(text, Math.min(text.length, start + SAMPLE_UNITS)));
    tokens += countTokens(text.slice(start, end), encoding);
    units += end - start;
  }
  return Math.round((tokens * text.length) / units);
}

/** Where a sample window starting or ending near `at` is cut: after white space close by, and never inside a surrogate pair (each half would count as U+FFFD). */
function sampleEdge(text: string, at: number): number {
  const limit = Math.min(text.length, at + SAMPLE_SLACK);
  for (let i = at; i < limit; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0x20 || unit === 0x0a) return i + 1;
  }
  return splitsSurrogatePair(text, at) ? at + 1 : at;
}

/**
 * Where `text` may be cut so that the counts of the parts add up to the count of the
 * whole. Both encodings split text into pieces by a regular expression before merging
 * bytes, and merge inside a piece only; so a cut between pieces, where the pieces before
 * it are the same whether the text goes on or ends there, keeps the count. Two kinds:
 *
 * - Just after a line feed, before a character that is neither white space nor `/`: no
 *   piece of either expression holds such a place (o200k's punctuation piece may run on
 *   `[\r\n/]*`).
 * - Where no line cut comes within four times `maxChunk`, between two pieces where the
 *   first ends with a character that is not white space. Neither expression looks behind,
 *   so the pieces after the cut are the same; before it, only `\s+(?!\S)` and `\s+$` could
 *   end differently when the text ends there, and both end with white space. Which piece
 *   ends are cut depends on the few characters before them (and on the cut before, past
 *   four times `maxChunk`), so a text and the same text inside a longer one (a section in
 *   the whole prompt) are cut alike after their first cuts, and their chunks counted once.
 *
 * tokens.test.ts checks both against gpt-tokenizer on random and hostile texts.
 */
export function chunkBoundaries(text: string, maxChunk = MAX_CHUNK, encoding: TokenEncoding = 'o200k_base'): number[] {
  return [...cutsFrom(text, 0, encoder(baseEncoding(encoding)).split, maxChunk)];
}

/** `text` cut at its chunk boundaries. */
export function chunksOf(text: string, maxChunk = MAX_CHUNK, encoding: TokenEncoding = 'o200k_base'): string[] {
  const chunks: string[] = [];
  let start = 0;
  for (const cut of chunkBoundaries(text, maxChunk, encoding)) {
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

  /** Code units of `text` that differ from the text counted last: about what `count(text)` will tokenize. */
  changedUnits(text: string): number {
    const same = commonPrefix(this.text, text);
    return text.length - same - commonSuffix(this.text, text, Math.min(this.text.length, text.length) - same);
  }

  /** The chunks of the text counted last, for tests. */
  get chunks(): string[] {
    return this.starts.map((start, i) => this.text.slice(start, this.end(i)));
  }

  private end(i: number): number {
    return i + 1 < this.starts.length ? this.starts[i + 1] : this.text.length;
  }

  /** The measure of a chunk of `chunk`'s text among the chunks of `others`, found by length, then text. */
  private borrow(others: readonly IncrementalTokenCounter[], chunk: string): ChunkMeasure | undefined {
    for (const other of others) {
      if (other === this || other.encoding !== this.encoding) continue;
      other.byLength ??= other.indexByLength();
      for (const i of other.byLength.get(chunk.length) ?? []) if (other.text.startsWith(chunk, other.starts[i])) return other.measures[i];
    }
    return undefined;
  }

  /** This counter's chunks by length, built when another counter first borrows from it. */
  private byLength: Map<number, number[]> | undefined;

  private indexByLength(): Map<number, number[]> {
    const index = new Map<number, number[]>();
    this.starts.forEach((start, i) => {
      const length = this.end(i) - start;
      const same = index.get(length);
      if (same) same.push(i);
      else index.set(length, [i]);
    });
    return index;
  }

  /**
   * Tokens of `text`. A chunk that one of `others` (counters in the same encoding) holds
   * is not tokenized again: the whole prompt's chunks are mostly its sections' chunks.
   */
  count(text: string, others: readonly IncrementalTokenCounter[] = []): number {
    const { count: exact, split } = encoder(baseEncoding(this.encoding));
    const estimate = isEstimate(this.encoding);
    const old = this.starts;
    const shift = text.length - this.text.length;
    // The old chunks still in place at the start, then those at the end, moved.
    const same = commonPrefix(this.text, text);
    const sameEnd = commonSuffix(this.text, text, Math.min(this.text.length, text.length) - same);
    // Cutting resumes at the last old cut decided by the common start alone.
    let kept = 0;
    while (kept < old.length && this.end(kept) + CUT_LOOKAHEAD <= same) kept++;
    const resume = kept > 0 ? old[kept] : 0;
    let back = old.length;
    while (back > kept && old[back - 1] + shift >= resume && old[back - 1] >= this.text.length - sameEnd) back--;
    const starts = old.slice(0, kept);
    const measures = this.measures.slice(0, kept);
    this.lastTokenized = 0;
    // The old chunks between, by text: edits in several places (a replace-all) or a
    // paragraph moved leave chunks there that need no tokenizing again.
    let between: Map<string, ChunkMeasure> | undefined;
    const merged = new Map<string, number>();
    const add = (start: number, end: number) => {
      const piece = text.slice(start, end);
      between ??= new Map(old.slice(kept, back).map((at, i) => [this.text.slice(at, this.end(kept + i)), this.measures[kept + i]]));
      let measure = between.get(piece) ?? this.borrow(others, piece);
      if (!measure) {
        measure = { tokens: exact(piece, merged), scripts: estimate ? countScripts(piece) : undefined };
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
    for (const cut of cutsFrom(text, resume, split)) {
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
    this.byLength = undefined;
    let tokens = 0;
    const scripts = emptyScriptCounts();
    for (const measure of measures) {
      tokens += measure.tokens;
      if (measure.scripts) addScriptCounts(scripts, measure.scripts);
    }
    return estimate ? claudeEstimate(tokens, scripts) : tokens;
  }
}
