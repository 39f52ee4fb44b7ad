// The edits a quick fix makes for a secret: the value replaced by a reference to the
// environment (`${OPENAI_API_KEY}`), or the line marked as meant (the suppression comment).
// Pure: edits of the text, applied by whoever holds the document.
import type { SecretFinding } from './detect';
import { placeholderFor } from './kinds';
import { LineIndex } from './lines';
import { SUPPRESS_SECRET_COMMENT } from './suppress';

/** Replace [start, end) of the text with `text`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The value replaced by its kind's environment variable. */
export function replaceWithPlaceholder(finding: SecretFinding): TextEdit {
  return { start: finding.start, end: finding.end, text: placeholderFor(finding.kind) };
}

/** The suppression comment at the end of the finding's line (a line-ending space first). */
export function suppressEdit(text: string, finding: SecretFinding, lines = new LineIndex(text)): TextEdit {
  const lineEnd = lines.starts[finding.line] + lines.lineText(finding.line).length;
  const before = lineEnd > 0 && !/\s/.test(text[lineEnd - 1]) ? ' ' : '';
  return { start: lineEnd, end: lineEnd, text: `${before}${SUPPRESS_SECRET_COMMENT}` };
}
