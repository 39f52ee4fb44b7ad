// Text as Hermes (Python) sees it: a file decoded strictly, newlines made universal, `str.strip()`ed,
// sizes in code points; and where each character of that text stands in the file as read.
import { decodeUtf8 } from '../utf8';
import { FileContent } from './profile';
import { PYTHON_SPACE } from './hermesScan';

const space = new RegExp(`[${PYTHON_SPACE}]`);

/** A text derived from a file's text, with the index in the file of each of its characters (one more for the end). */
export interface TextView {
  readonly text: string;
  readonly origin: Int32Array;
}

export function wholeView(text: string): TextView {
  const origin = new Int32Array(text.length + 1);
  for (let i = 0; i <= text.length; i++) origin[i] = i;
  return { text, origin };
}

export function sliceView(view: TextView, start: number, end = view.text.length): TextView {
  return { text: view.text.slice(start, end), origin: view.origin.slice(start, end + 1) };
}

/** Python's universal newlines: CRLF and a lone CR read as LF. */
export function universalNewlines(view: TextView): TextView {
  if (!view.text.includes('\r')) return view;
  let text = '';
  const origin: number[] = [];
  for (let i = 0; i < view.text.length; i++) {
    const char = view.text[i];
    origin.push(view.origin[i]);
    if (char === '\r') {
      text += '\n';
      if (view.text[i + 1] === '\n') i++;
    } else text += char;
  }
  origin.push(view.origin[view.text.length]);
  return { text, origin: Int32Array.from(origin) };
}

/** Python's `str.strip()`: its white space, not U+FEFF or U+200B as JavaScript's trim would. */
export function pythonStrip(view: TextView): TextView {
  let start = 0;
  let end = view.text.length;
  while (start < end && space.test(view.text[start])) start++;
  while (end > start && space.test(view.text[end - 1])) end--;
  return start === 0 && end === view.text.length ? view : sliceView(view, start, end);
}

export function isPythonBlank(text: string): boolean {
  for (const char of text) if (!space.test(char)) return false;
  return true;
}

/** Python's `len()`: code points. */
export function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** The UTF-16 index of code point `n` (Python's index `n`; negative counts from the end, as Python's). */
export function codePointIndex(text: string, n: number): number {
  if (n < 0) n = Math.max(0, codePoints(text) + n);
  let index = 0;
  for (let seen = 0; seen < n && index < text.length; seen++) {
    const code = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    index += code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
  return index;
}

/** Python's `f"{n:,}"`. */
export function pythonThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export type Decoded =
  /** The text as Hermes reads it, and the file's text as an editor shows it (`file`), which `view.origin` indexes. */
  | { readonly kind: 'text'; readonly file: string; readonly view: TextView }
  /** Not valid UTF-8, or not readable: Hermes treats it as absent. */
  | { readonly kind: 'unreadable'; readonly file: string; readonly reason: string };

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Python's `read_text(encoding=…)`, strict: `utf-8-sig` drops one leading BOM (context files,
 * SOUL.md), `utf-8` keeps it (memory files). Universal newlines either way.
 */
export function decodeForHermes(content: FileContent, encoding: 'utf-8-sig' | 'utf-8'): Decoded {
  let file: string;
  if (content.kind === 'unreadable') return { kind: 'unreadable', file: '', reason: content.reason };
  if (content.kind === 'text') {
    if (!content.text.isWellFormed()) return { kind: 'unreadable', file: content.text, reason: 'not valid UTF-8 when saved' };
    file = content.text;
  } else {
    try {
      file = fatal.decode(content.bytes);
    } catch {
      return { kind: 'unreadable', file: decodeUtf8(content.bytes), reason: 'not valid UTF-8' };
    }
  }
  let view = wholeView(file);
  if (encoding === 'utf-8-sig' && file.startsWith('\uFEFF')) view = sliceView(view, 1);
  return { kind: 'text', file, view: universalNewlines(view) };
}
