// The rules a runtime's cut drops from a file: rule-like lines (OpenClaw's own notion,
// from its AGENTS.md policy digest: headings, list items, must/never/do not/secret… and
// the CJK words) that lie in a dropped span and are not carried in the runtime's marker.
import { digestLine, FENCE, LIST_OR_HEADING, RULE_WORDS, STRONG_RULE_WORDS } from '../runtimes/openclawCut';
import type { FileMeasure } from '../runtimes/profile';
import { LineIndex } from './lines';
import { englishSecrets, SecretRender } from './messages';

/** A rule line the model does not receive; `start`/`end` are UTF-16 indexes, `line` 0-based. */
export interface DroppedRule {
  readonly start: number;
  readonly end: number;
  readonly line: number;
  /** The line as OpenClaw's digest writes it: trimmed, spaces collapsed. */
  readonly text: string;
  /** Names a rule outright (must, never, do not, secret…), as the digest's first picks do. */
  readonly strong: boolean;
  readonly message: string;
}

/** Whether OpenClaw's AGENTS.md digest would count `line` as a policy line. */
export function isPolicyLine(line: string): boolean {
  const collapsed = digestLine(line);
  return collapsed.length > 0 && !FENCE.test(collapsed) && (LIST_OR_HEADING.test(collapsed) || RULE_WORDS.test(collapsed));
}

/**
 * The rule lines of `file` in text the runtime drops, in file order: for a file it cuts,
 * or drops whole when its total budget is spent (not one it never loads).
 */
export function droppedRules(file: FileMeasure, runtimeLabel: string, t: SecretRender = englishSecrets): DroppedRule[] {
  if ((file.status !== 'cut' && file.status !== 'dropped') || file.text.length === 0) return [];
  const lines = new LineIndex(file.text);
  // Lines the runtime's marker carries (OpenClaw's policy digest) still reach the model.
  const carried = new Set((file.marker ?? '').split('\n'));
  const found: DroppedRule[] = [];
  const seen = new Set<number>();
  for (const span of file.dropped) {
    const end = Math.min(span.end, file.text.length);
    if (end <= span.start) continue;
    for (let line = lines.lineOf(span.start); line < lines.starts.length && lines.starts[line] < end; line++) {
      if (seen.has(line)) continue;
      seen.add(line);
      const source = lines.lineText(line);
      const start = lines.starts[line];
      // A line the cut splits counts when what is dropped of it holds some of its words.
      if (start + source.length <= span.start || !isPolicyLine(source)) continue;
      const text = digestLine(source);
      if (carried.has(text)) continue;
      // Text a scanner replaces (Hermes's [BLOCKED: …]) is dropped for that, not for a cap.
      const blocked = file.blocks?.some((block) => start < block.range.end && start + source.length > block.range.start);
      const message = t(blocked ? 'ruleBlocked' : 'ruleDropped', runtimeLabel, file.name, text);
      found.push({ start, end: start + source.length, line, text, strong: STRONG_RULE_WORDS.test(text), message });
    }
  }
  return found;
}
