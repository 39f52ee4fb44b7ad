// The quick fix of "rules in the dropped middle never reach the model": the rule lines a
// cut drops are moved above the cut, where the kept head holds them. A move, not a delete:
// every character of the file stays, only the order of lines changes, so the file keeps its
// size and the runtime cuts it at the same places. Pure: edits of the text.
import type { FileMeasure } from '../runtimes/profile';
import type { DroppedRule } from './droppedRules';
import type { TextEdit } from './fixes';
import { LineIndex } from './lines';

/**
 * The edits that move `rules` (the file's dropped rule lines) above its first cut: each
 * line taken out with its line break, and all of them put back, in file order, at the start
 * of the last line from which they end before the cut. Undefined when the runtime keeps
 * nothing before the cut to move them to. Edits are in the text's indexes, sorted, apart.
 */
export function moveRulesAboveCut(file: FileMeasure, rules: readonly DroppedRule[]): TextEdit[] | undefined {
  const cut = file.dropped[0]?.start;
  if (file.status !== 'cut' || rules.length === 0 || cut === undefined || cut <= 0) return undefined;
  const { text } = file;
  const lines = new LineIndex(text);
  const taken = takenParts(
    text,
    lines,
    [...new Set(rules.map((rule) => rule.line))].sort((a, b) => a - b),
  );
  if (!taken) return undefined;
  const block = taken.map((part) => part.moved).join('');
  const at = lines.starts[lines.lineOf(Math.max(0, cut - block.length))];
  if (taken.some((part) => part.start <= at)) return undefined;
  return [{ start: at, end: at, text: block }, ...taken.map((part) => ({ start: part.start, end: part.end, text: '' }))];
}

/**
 * What taking out each line removes, and the text put back for it: the line and the break
 * after it. The lines that end the file without a break go together with the break before
 * them, put back after them; undefined when there is none (nothing could stand before them).
 */
function takenParts(text: string, lines: LineIndex, sorted: number[]): Array<{ start: number; end: number; moved: string }> | undefined {
  const last = lines.starts.length - 1;
  let run = sorted.length;
  if (sorted[run - 1] === last) {
    run--;
    while (run > 0 && sorted[run - 1] === sorted[run] - 1) run--;
  }
  const parts = sorted.slice(0, run).map((line) => {
    const [start, end] = [lines.starts[line], lines.starts[line + 1]];
    return { start, end, moved: text.slice(start, end) };
  });
  if (run === sorted.length) return parts;
  const start = lines.starts[sorted[run]];
  const lineBreak = /(?:\r\n|\r|\n)$/.exec(text.slice(0, start))?.[0];
  if (!lineBreak) return undefined;
  return [...parts, { start: start - lineBreak.length, end: text.length, moved: text.slice(start) + lineBreak }];
}
