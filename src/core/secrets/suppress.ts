// The comment that tells Persona Studio a secret-looking value on its line, or on the
// line below it, is meant to be there: `<!-- persona-studio-ignore-secret -->`. An HTML
// comment, so Markdown renders nothing; every runtime sends it as written (it hides
// nothing from the model, and no runtime drops it), so it is a record of a decision.
import { LineIndex } from './lines';

/** The whole comment, as a quick fix inserts it. */
export const SUPPRESS_SECRET_COMMENT = '<!-- persona-studio-ignore-secret -->';

// On one line; spaces inside and case are free; a reason may follow: `… -- test fixture -->`.
const SUPPRESS = /<!--[ \t]*persona-studio-ignore-secret\b[^\r\n]*?-->/giu;

/** The 0-based lines whose findings are suppressed: each comment's line and the next. */
export function suppressedLines(text: string, lines: LineIndex): ReadonlySet<number> {
  const suppressed = new Set<number>();
  if (!text.includes('persona-studio-ignore-secret')) return suppressed;
  for (const match of text.matchAll(SUPPRESS)) {
    const line = lines.lineOf(match.index + match[0].length);
    suppressed.add(line);
    // Alone on its line, the comment covers the line below.
    if (lines.lineText(line).trim() === match[0]) suppressed.add(line + 1);
  }
  return suppressed;
}

/** Whether a span of the text is a suppression comment (not itself a hidden instruction). */
export function isSuppressComment(comment: string): boolean {
  return /^<!--\s*persona-studio-ignore-secret\b/iu.test(comment);
}
