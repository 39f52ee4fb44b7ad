// Names from the disk shown safely: on one line in a terminal, as plain text in Markdown.

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `text` with every control character written as an escape (`\n`, `\x1b`), so it stays on one line. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => {
    const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    const code = c.charCodeAt(0);
    return named[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
  });
}

/** Every run of white space that holds a line break, as one space: a message on one line. */
export function oneLine(text: string): string {
  return escapeControls(text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').trim());
}

/**
 * `text` as literal Markdown: controls escaped, every ASCII punctuation mark
 * backslash-escaped (no emphasis, link, HTML, code span or `$(icon)` can start).
 */
export function escapeMarkdown(text: string): string {
  return escapeControls(text).replace(/[!-/:-@[-`{-~]/g, '\\$&');
}
