// Glob patterns for `personaStudio.folders`, matched against '/'-separated relative paths:
// `*` and `?` within one folder name, `**` for any number of folders, `[...]` classes and
// `{a,b}` alternatives. Small enough to ship instead of a general glob library.

/** True when the pattern holds a glob character (else it names one folder outright). */
export function isGlob(pattern: string): boolean {
  return /[*?[\]{}]/.test(pattern);
}

/** A pattern left out of a rule set, and why, for the user to be told once. */
export interface RefusedGlob {
  readonly pattern: string;
  readonly reason: string;
}

/** Patterns compiled once (per settings change): a test on paths, and the patterns left out. */
export interface GlobRules {
  /** True when any usable pattern matches the path; every name may start with a dot. */
  readonly matches: (path: string) => boolean;
  readonly refused: readonly RefusedGlob[];
}

/** A pattern that cannot be read as a glob (a range out of order). */
class GlobError extends Error {}

/** Compiles the patterns; one that cannot be read is left out and named in `refused`, the others still apply. */
export function compileGlobs(patterns: readonly string[]): GlobRules {
  const expressions: RegExp[] = [];
  const refused: RefusedGlob[] = [];
  for (const pattern of patterns) {
    try {
      expressions.push(new RegExp(`^${toRegExpSource(normalize(pattern))}$`));
    } catch (error) {
      if (!(error instanceof GlobError)) throw error;
      refused.push({ pattern, reason: error.message });
    }
  }
  const matches = (path: string): boolean => {
    const normalized = normalize(path);
    return expressions.some((expression) => expression.test(normalized));
  };
  return { matches, refused };
}

/** A matcher for any of the patterns, leaving out those `compileGlobs` refuses. */
export function globMatcher(patterns: readonly string[]): (path: string) => boolean {
  return compileGlobs(patterns).matches;
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
        const members = negated ? body.slice(1) : body;
        checkRanges(members);
        const escaped = members.replace(/[\\\]^]/g, '\\$&');
        source += negated ? `[^/${escaped}]` : `[${escaped}]`;
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

/** Throws when a class's range runs backwards (`z-a`), which no name can match. */
function checkRanges(members: string): void {
  for (let i = 0; i + 2 < members.length; i++) {
    if (members[i + 1] !== '-') continue;
    if (members[i] > members[i + 2]) throw new GlobError(`the range ${members.slice(i, i + 3)} is out of order`);
    i += 2; // a '-' right after a range is a literal
  }
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
