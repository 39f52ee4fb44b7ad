// A section's text is held in chunks of a few KB, one text node each, so a keystroke in
// a 2 MB file re-lays out one chunk, not the file. Chunks break just after a newline, so
// showing each as a block changes nothing visible. Pure: the DOM side only applies plans.
import type { Patch } from './protocol';

/** A chunk aims for this many UTF-16 units… */
export const CHUNK_TARGET = 16 * 1024;
/** …and is split again past this (unless it is one long line). */
export const CHUNK_MAX = 4 * CHUNK_TARGET;

/**
 * Splits `text` into chunks of about `target` units. Every chunk but the last ends
 * with "\n"; a chunk is empty only when the text is.
 */
export function splitChunks(text: string, target = CHUNK_TARGET): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (text.length - start > target) {
    let end = text.lastIndexOf('\n', start + target - 1);
    if (end < start) end = text.indexOf('\n', start + target);
    if (end === -1) break; // One long line: it stays whole.
    chunks.push(text.slice(start, end + 1));
    start = end + 1;
  }
  if (start < text.length || chunks.length === 0) chunks.push(text.slice(start));
  return chunks;
}

export type ChunkEdit =
  /** Edit one chunk's text node in place. */
  | { readonly kind: 'inPlace'; readonly index: number; readonly offset: number; readonly deleteCount: number; readonly insert: string }
  /** Replace chunks [from, to) with new ones. */
  | { readonly kind: 'replace'; readonly from: number; readonly to: number; readonly chunks: readonly string[] };

/** How to apply `patch` (offsets in the joined text) to `chunks`, keeping their shape. */
export function planChunkEdit(chunks: readonly string[], patch: Patch, target = CHUNK_TARGET, max = CHUNK_MAX): ChunkEdit {
  const end = patch.start + patch.deleteCount;
  let first = chunks.length - 1;
  let firstStart = 0;
  for (let i = 0, at = 0; i < chunks.length; at += chunks[i].length, i++) {
    if (patch.start < at + chunks[i].length) {
      first = i;
      firstStart = at;
      break;
    }
    if (i === chunks.length - 1) firstStart = at;
  }
  let last = first;
  let lastEnd = firstStart + chunks[first].length;
  while (end > lastEnd && last < chunks.length - 1) lastEnd += chunks[++last].length;

  const offset = patch.start - firstStart;
  if (first === last) {
    const chunk = chunks[first];
    const edited = chunk.slice(0, offset) + patch.insert + chunk.slice(offset + patch.deleteCount);
    const isLast = first === chunks.length - 1;
    // Past the max a chunk is split again, unless it is one long line that cannot be.
    const fits = edited.length <= max || splitChunks(edited, target).length === 1;
    if ((isLast || edited.endsWith('\n')) && fits && (edited.length > 0 || chunks.length === 1)) {
      return { kind: 'inPlace', index: first, offset, deleteCount: patch.deleteCount, insert: patch.insert };
    }
  }
  const joined = chunks.slice(first, last + 1).join('');
  let merged = joined.slice(0, offset) + patch.insert + joined.slice(offset + patch.deleteCount);
  let to = last + 1;
  // A chunk must end at a line break: take in the next chunk when the edit removed it.
  if (to < chunks.length && !merged.endsWith('\n')) merged += chunks[to++];
  const replacement = merged === '' ? (first === 0 && to === chunks.length ? [''] : []) : splitChunks(merged, target);
  return { kind: 'replace', from: first, to, chunks: replacement };
}

/** Applies a plan to plain strings (the DOM applies it to text nodes). */
export function applyChunkEdit(chunks: string[], edit: ChunkEdit): void {
  if (edit.kind === 'inPlace') {
    const chunk = chunks[edit.index];
    chunks[edit.index] = chunk.slice(0, edit.offset) + edit.insert + chunk.slice(edit.offset + edit.deleteCount);
  } else {
    chunks.splice(edit.from, edit.to - edit.from, ...edit.chunks);
  }
}

/**
 * How many rows a chunk takes when `columns` characters fit on a row (Infinity when
 * lines do not wrap): the guess for its height until it is drawn. Word wrapping may
 * take a row more here and there; a tab counts as one character.
 */
export function estimateRows(text: string, columns: number): number {
  const width = Math.max(1, columns);
  let rows = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const length = (end === -1 ? text.length : end) - start;
    if (end === -1 && length === 0 && start > 0) break; // Nothing after the last newline.
    rows += Math.max(1, Math.ceil(length / width));
    if (end === -1) break;
    start = end + 1;
  }
  return rows;
}
