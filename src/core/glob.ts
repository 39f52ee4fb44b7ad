// Glob patterns for `personaStudio.folders`, matched against '/'-separated relative paths:
// `*` and `?` within one folder name, `**` for any number of folders, `[...]` classes and
// `{a,b}` alternatives. Small enough to ship instead of a general glob library.

/** True when the pattern holds a glob character (else it names one folder outright). */
export function isGlob(pattern: string): boolean {
  return /[*?[\]{}]/.test(pattern);
}

/** A matcher for any of the patterns; every name may start with a dot. */
export function globMatcher(patterns: readonly string[]): (path: string) => boolean {
  const expressions = patterns.map((pattern) => new RegExp(`^${toRegExpSource(normalize(pattern))}$`));
  return (path) => {
    const normalized = normalize(path);
    return expressions.some((expression) => expression.test(normalized));
  };
}

function normalize(path: string): string {
  return path.replace(/^(\.\/)+/, '').replace(/\/+$/, '') || '.';
}

const ANY_NAME_CHAR = '[^/]';
/** A whole folder name that `*` or `?` may stand for: never `.` or `..`. */
const NOT_DOTS = '(?!\\.{1,2}(?:/|$))';

function toRegExpSource(pattern: string): string {
  // "**/**" is "**".
  const segments = pattern.split('/').filter((segment, i, all) => !(segment === '**' && all[i - 1] === '**'));
  let source = '';
  let afterGlobstar = false;
  segments.forEach((segment, index) => {
    const separator = index === 0 || afterGlobstar ? '' : '/';
    afterGlobstar = segment === '**';
    if (segment !== '**') {
      source += separator + (/[*?]/.test(segment) ? NOT_DOTS : '') + segmentSource(segment);
    } else if (index < segments.length - 1) {
      // Any number of folders before the next name, none included: "**/b" matches "b".
      source += `${separator}(?:[^/]+/)*`;
    } else {
      // Any number of folders at the end, none included ("a/**" matches "a"), but at least
      // one after a name ending in a star ("*/**" does not match "a"), as picomatch has it.
      const atLeastOne = segments[index - 1]?.endsWith('*');
      source = index === 0 ? `${NOT_DOTS}.*` : `${source}${atLeastOne ? '/.+' : '(?:/.*)?'}`;
    }
  });
  return source;
}

/** One folder name's pattern: `*`, `?`, `[...]`, `{a,b}` and literal characters. */
function segmentSource(segment: string): string {
  let source = '';
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i];
    if (char === '*') {
      while (segment[i + 1] === '*') i++;
      source += `${ANY_NAME_CHAR}*`;
    } else if (char === '?') source += ANY_NAME_CHAR;
    else if (char === '[') {
      const end = segment.indexOf(']', i + 2);
      if (end === -1) source += '\\[';
      else {
        const body = segment.slice(i + 1, end);
        const negated = body[0] === '^' || body[0] === '!';
        const members = (negated ? body.slice(1) : body).replace(/[\\\]^]/g, '\\$&');
        source += negated ? `[^/${members}]` : `[${members}]`;
        i = end;
      }
    } else if (char === '{') {
      const end = closingBrace(segment, i);
      if (end === -1) source += '\\{';
      else {
        source += `(?:${splitAlternatives(segment.slice(i + 1, end)).map(segmentSource).join('|')})`;
        i = end;
      }
    } else source += char.replace(/[.+^$()|\\\]}]/g, '\\$&');
  }
  return source;
}

function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '{') depth++;
    else if (body[i] === '}') depth--;
    else if (body[i] === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}
