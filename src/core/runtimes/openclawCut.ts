// How OpenClaw cuts one bootstrap file to its cap: head and tail around a marker (inside
// the cap from 4.21, outside it before), or, for AGENTS.md from 5.20, head, policy digest
// and tail. Every character of the result remembers where in the file it came from.
import { splitsSurrogatePair } from '../surrogates';

/** Text sent for a file, with, for each UTF-16 unit, its index in the file or -1 (marker). */
export interface Traced {
  readonly text: string;
  readonly origin: Int32Array;
}

/** What a cut kept, in the numbers its own marker states. */
export interface CutResult extends Traced {
  readonly truncated: boolean;
  readonly head: number;
  readonly tail: number;
  /** Characters of the AGENTS.md policy digest, when there is one. */
  readonly policy?: number;
  /** The trimmed length the marker states ("of N"). */
  readonly original: number;
}

/** How a release cuts (see OpenClawEpoch); the default is 2026.9.6's. */
export interface CutRules {
  readonly truncation: 'T1' | 'T2';
  readonly surrogateSafe: boolean;
  readonly digest: 'none' | 'D1' | 'D2';
}
const NEWEST_RULES: CutRules = { truncation: 'T2', surrogateSafe: true, digest: 'D2' };

const HEAD_SHARE = 0.75;
const TAIL_SHARE = 0.25;
/** Below this much room for content, the compact marker stands in for the full one. */
const MIN_CONTENT_CHARS = 16;
/** How often the head and tail are recomputed until the marker's numbers settle. */
const MARKER_PASSES = 3;
const AGENTS_HEAD_SHARE = 0.45;
const AGENTS_DIGEST_SHARE = 0.35;
const AGENTS_TAIL_SHARE = 0.15;
const DIGEST_LINE_MAX = 240;
/** T1 (before 4.21): fixed shares of the cap, the marker outside it. */
const T1_HEAD_SHARE = 0.7;
const T1_TAIL_SHARE = 0.2;

/** [start, end) of `text`, each edge moved inward off the middle of a surrogate pair. */
export function safeRange(text: string, start: number, end: number): [number, number] {
  let from = Math.min(Math.max(start, 0), text.length);
  let to = Math.min(Math.max(end, 0), text.length);
  if (to <= from) return [from, from];
  if (splitsSurrogatePair(text, from)) from++;
  if (splitsSurrogatePair(text, to)) to--;
  return to <= from ? [from, from] : [from, to];
}

/** The first `max` units of a traced text, one fewer when that would split a pair. */
export function truncateTraced(traced: Traced, max: number): Traced {
  const limit = Math.max(0, Math.floor(max));
  if (traced.text.length <= limit) return traced;
  const end = splitsSurrogatePair(traced.text, limit) ? limit - 1 : limit;
  return { text: traced.text.slice(0, end), origin: traced.origin.slice(0, end) };
}

/** Joins pieces: a number pair is a range of the file, a string is marker text. */
function assemble(file: string, pieces: ReadonlyArray<readonly [number, number] | string>): Traced {
  const length = pieces.reduce((sum, piece) => sum + (typeof piece === 'string' ? piece.length : piece[1] - piece[0]), 0);
  const origin = new Int32Array(length);
  const parts: string[] = [];
  let at = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      origin.fill(-1, at, at + piece.length);
      at += piece.length;
      parts.push(piece);
    } else {
      for (let index = piece[0]; index < piece[1]; index++) origin[at++] = index;
      parts.push(file.slice(piece[0], piece[1]));
    }
  }
  return { text: parts.join(''), origin };
}

/** A whole range of the file, traced. */
export function traceRange(file: string, start: number, end: number): Traced {
  return assemble(file, [[start, end]]);
}

/** Plain marker text, traced to no file position. */
export function traceMarker(text: string): Traced {
  return assemble('', [text]);
}

/** [start, end) as the release slices: off a pair's middle when it is surrogate-safe. */
function sliceRange(text: string, start: number, end: number, safe: boolean): [number, number] {
  return safe ? safeRange(text, start, end) : [Math.max(0, start), Math.min(text.length, end)];
}

/**
 * Cuts `trimmed` (a file's text without trailing white space) to `max` UTF-16 units
 * the way OpenClaw does; `name` appears in the marker. `digest`: the file is AGENTS.md,
 * which gets a policy digest where the release has one.
 */
export function cutToCap(trimmed: string, name: string, max: number, digest: boolean, rules: CutRules = NEWEST_RULES): CutResult {
  const total = trimmed.length;
  if (total <= max) return { ...traceRange(trimmed, 0, total), truncated: false, head: total, tail: 0, original: total };
  if (digest && rules.digest !== 'none') return cutWithDigest(trimmed, name, max, rules);
  if (rules.truncation === 'T1') return cutT1(trimmed, name, max);
  const full = (head: number, tail: number) => `\n[...truncated, read ${name} for full content...]\n…(truncated ${name}: kept ${head}+${tail} chars of ${total})…\n`;
  const compact = (head: number, tail: number) => `[…truncated ${head}+${tail}/${total}]`;
  // The full marker is joined to head and tail by a newline each; the compact one by nothing.
  const separators = (head: number, tail: number, marker: string) => (marker.includes('\n') ? Number(head > 0) + Number(tail > 0) : 0);
  const template = max - full(0, 0).length - separators(1, 1, full(0, 0)) >= MIN_CONTENT_CHARS ? full : compact;
  let head = 0;
  let tail = 0;
  let marker = template(0, 0);
  for (let pass = 0; pass < MARKER_PASSES; pass++) {
    const room = Math.max(0, max - marker.length - separators(head, tail, marker));
    const nextHead = Math.floor(room * HEAD_SHARE);
    const nextTail = Math.floor(room * TAIL_SHARE);
    const nextMarker = template(nextHead, nextTail);
    if (nextHead === head && nextTail === tail && nextMarker.length === marker.length) break;
    [head, tail, marker] = [nextHead, nextTail, nextMarker];
  }
  const rendered = () => head + tail + marker.length + separators(head, tail, marker);
  // Shrink until it fits, the tail first.
  while (rendered() > max && (tail > 0 || head > 0)) {
    const over = rendered() - max;
    if (tail > 0) tail = Math.max(0, tail - over);
    else head = Math.max(0, head - over);
    marker = template(head, tail);
  }
  if (head === 0 && tail === 0 && total > 0) {
    const single = template(1, 0);
    if (1 + single.length + separators(1, 0, single) <= max) [head, marker] = [1, single];
  }
  const headRange = sliceRange(trimmed, 0, head, rules.surrogateSafe);
  const tailRange = tail > 0 ? sliceRange(trimmed, total - tail, total, rules.surrogateSafe) : ([total, total] as [number, number]);
  const joiner = marker.includes('\n') ? '\n' : '';
  const parts: Array<[number, number] | string> = [];
  for (const part of [headRange, marker, tailRange]) {
    const empty = typeof part === 'string' ? part.length === 0 : part[1] <= part[0];
    if (empty) continue;
    if (parts.length > 0 && joiner) parts.push(joiner);
    parts.push(part);
  }
  const cut = truncateTraced(assemble(trimmed, parts), max);
  return { ...cut, truncated: true, head, tail, original: total };
}

/** T1: head 70 % and tail 20 % of the cap (plain slices), the marker between them on top. */
function cutT1(trimmed: string, name: string, max: number): CutResult {
  const total = trimmed.length;
  const head = Math.floor(max * T1_HEAD_SHARE);
  const tail = Math.floor(max * T1_TAIL_SHARE);
  const marker = `\n[...truncated, read ${name} for full content...]\n…(truncated ${name}: kept ${head}+${tail} chars of ${total})…\n`;
  // `slice(-0)` is the whole text: with a tail of 0 the release sends all of it again.
  const tailRange: [number, number] = tail > 0 ? [Math.max(0, total - tail), total] : [0, total];
  const cut = assemble(trimmed, [[0, Math.min(head, total)], `\n${marker}\n`, tailRange]);
  return { ...cut, truncated: true, head, tail, original: total };
}

// Lines an AGENTS.md digest keeps: headings, list items, and lines naming rules.
export const LIST_OR_HEADING = /^(?:#{1,6}|\s*[-*+]|\s*\d+[.)])\s+\S/u;
export const RULE_WORDS =
  /\b(?:AGENTS\.md|scoped|required|must|never|do not|before subtree|read scoped|owner|security|secret|credential|test|validation|command|commit|push|github|pr)\b|(?:🔴|禁止|嚴禁|不得|絕不|絕對不|切勿|必須|務必|一律|紅線)/iu;
/** Rule lines picked before all others. */
export const STRONG_RULE_WORDS =
  /\b(?:AGENTS\.md|scoped|required|must|never|do not|before subtree|read scoped|security|secret|credential)\b|(?:🔴|禁止|嚴禁|不得|絕不|絕對不|切勿)/iu;
/** D1 (5.20–9.3): ASCII words only. */
const D1_RULE_WORDS =
  /\b(?:AGENTS\.md|scoped|required|must|never|do not|before subtree|read scoped|owner|security|secret|credential|test|validation|command|commit|push|github|pr)\b/iu;
const D1_STRONG_RULE_WORDS = /\b(?:AGENTS\.md|scoped|required|must|never|do not|before subtree|read scoped|security|secret|credential)\b/iu;
export const FENCE = /^\s*(?:`{3,}|~{3,})/u;

interface Candidate {
  readonly text: string;
  readonly strong: boolean;
}

export function digestLine(line: string): string {
  const collapsed = line.trim().replace(/\s+/gu, ' ');
  if (collapsed.length <= DIGEST_LINE_MAX) return collapsed;
  const [, end] = safeRange(collapsed, 0, DIGEST_LINE_MAX - 1);
  return `${collapsed.slice(0, end)}…`;
}

function digestCandidates(trimmed: string, digest: CutRules['digest']): Candidate[] {
  const candidates: Candidate[] = [];
  if (digest === 'D1') {
    for (const source of trimmed.split(/\r?\n/u)) {
      const line = digestLine(source);
      if (line.length > 0 && (LIST_OR_HEADING.test(line) || D1_RULE_WORDS.test(line))) candidates.push({ text: line, strong: D1_STRONG_RULE_WORDS.test(line) });
    }
    return candidates;
  }
  // A rule line carries the prose line just above it, when there is one.
  let prose: string | undefined;
  for (const source of trimmed.split(/\r?\n/u)) {
    const line = digestLine(source);
    if (line.length === 0) prose = undefined;
    else if (FENCE.test(line)) prose = undefined;
    else if (LIST_OR_HEADING.test(line) || RULE_WORDS.test(line)) {
      candidates.push({ text: prose === undefined ? line : `${prose}\n${line}`, strong: STRONG_RULE_WORDS.test(line) });
      prose = undefined;
    } else prose = line;
  }
  return candidates;
}

function selectDigest(candidates: readonly Candidate[], budget: number): { text: string; omitted: number } {
  if (budget <= 0) return { text: '', omitted: 0 };
  const chosen = new Set<Candidate>();
  let used = 0;
  const take = (candidate: Candidate) => {
    const cost = (chosen.size > 0 ? 1 : 0) + candidate.text.length;
    if (used + cost > budget) return;
    chosen.add(candidate);
    used += cost;
  };
  for (const candidate of candidates) if (candidate.strong) take(candidate);
  for (const candidate of candidates) if (!chosen.has(candidate)) take(candidate);
  return {
    text: candidates
      .filter((c) => chosen.has(c))
      .map((c) => c.text)
      .join('\n'),
    omitted: candidates.length - chosen.size,
  };
}

function cutWithDigest(trimmed: string, name: string, max: number, rules: CutRules): CutResult {
  const total = trimmed.length;
  let head = Math.floor(max * AGENTS_HEAD_SHARE);
  let tail = Math.floor(max * AGENTS_TAIL_SHARE);
  let budget = Math.floor(max * AGENTS_DIGEST_SHARE);
  const candidates = budget > 0 ? digestCandidates(trimmed, rules.digest) : [];
  let digest = selectDigest(candidates, budget);
  const render = () => {
    const middle = [
      `[...truncated, read ${name} for full content...]`,
      digest.text ? '[Policy digest from AGENTS.md]' : '',
      digest.text,
      digest.omitted > 0 ? `[...${digest.omitted} more policy lines omitted...]` : '',
      `…(truncated ${name}: kept ${head}+policy ${digest.text.length}+${tail} chars of ${total})…`,
    ].filter((line) => line.length > 0);
    const headRange = sliceRange(trimmed, 0, head, rules.surrogateSafe);
    const pieces: Array<[number, number] | string> = [];
    if (headRange[1] > headRange[0]) pieces.push(headRange, '\n');
    pieces.push(middle.join('\n'));
    const tailRange = tail > 0 ? sliceRange(trimmed, total - tail, total, rules.surrogateSafe) : undefined;
    if (tailRange && tailRange[1] > tailRange[0]) pieces.push('\n', tailRange);
    return assemble(trimmed, pieces);
  };
  let rendered = render();
  while (rendered.text.length > max && (tail > 0 || head > 1 || budget > 0)) {
    const over = rendered.text.length - max;
    if (tail > 0) tail = Math.max(0, tail - over);
    else if (head > 1) head = Math.max(1, head - over);
    else {
      budget = Math.max(0, budget - over);
      digest = selectDigest(candidates, budget);
    }
    rendered = render();
  }
  return { ...truncateTraced(rendered, max), truncated: true, head, tail, policy: digest.text.length, original: total };
}
