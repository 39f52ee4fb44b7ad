// Glob patterns for `personaStudio.folders` and `files.exclude`, matched against '/'-separated
// relative paths: `*` and `?` within one folder name, `**` for any number of folders, `[...]`
// classes and `{a,b}` alternatives. Matched folder by folder, each name by sets of positions,
// so no pattern can make a match backtrack: the work grows with pattern × path, never faster.

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

/** Longer than any folder pattern a person writes; bounds the work of one match. */
export const MAX_GLOB_LENGTH = 1024;

/** A pattern that cannot be read as a glob (a range out of order). */
class GlobError extends Error {}

/** Compiles the patterns; one that cannot be read is left out and named in `refused`, the others still apply. */
export function compileGlobs(patterns: readonly string[]): GlobRules {
  const compiled: Pattern[] = [];
  const refused: RefusedGlob[] = [];
  for (const pattern of patterns) {
    try {
      if (pattern.length > MAX_GLOB_LENGTH) throw new GlobError(`longer than ${MAX_GLOB_LENGTH.toLocaleString('en-US')} characters`);
      compiled.push(compile(normalize(pattern)));
    } catch (error) {
      if (!(error instanceof GlobError)) throw error;
      refused.push({ pattern, reason: error.message });
    }
  }
  const matches = (path: string): boolean => {
    const names = normalize(path).split('/');
    return compiled.some((pattern) => matchPath(pattern, names));
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

/** One element of a name's pattern. */
type Atom = { readonly kind: 'star' } | { readonly kind: 'char'; readonly test: (code: number) => boolean } | { readonly kind: 'alt'; readonly options: readonly Atom[][] };

/** One folder of a pattern: `**`, or a name's atoms (`dotless`: a star or `?` never stands for `.` or `..`). */
type Segment = { readonly globstar: true } | { readonly globstar: false; readonly atoms: readonly Atom[]; readonly dotless: boolean };

interface Pattern {
  readonly segments: readonly Segment[];
  /** A trailing `**` needs at least one folder after a name ending in a star ("*\/**" does not match "a"), as picomatch has it. */
  readonly tailNeedsOne: boolean;
}

function compile(pattern: string): Pattern {
  // "**/**" is "**".
  const raw = pattern.split('/').filter((segment, i, all) => !(segment === '**' && all[i - 1] === '**'));
  const segments = raw.map((segment): Segment => (segment === '**' ? { globstar: true } : { globstar: false, atoms: atomsOf(segment), dotless: /[*?]/.test(segment) }));
  const tailNeedsOne = raw.length > 1 && raw[raw.length - 1] === '**' && raw[raw.length - 2].endsWith('*');
  return { segments, tailNeedsOne };
}

/** Whether the pattern matches the path's names, folder by folder; each (segment, name) pair is tried once. */
function matchPath(pattern: Pattern, names: readonly string[]): boolean {
  const { segments } = pattern;
  const seen = new Map<number, boolean>();
  const from = (segment: number, name: number): boolean => {
    const key = segment * (names.length + 1) + name;
    const known = seen.get(key);
    if (known !== undefined) return known;
    const result = step(segment, name);
    seen.set(key, result);
    return result;
  };
  const step = (index: number, name: number): boolean => {
    if (index === segments.length) return name === names.length;
    const segment = segments[index];
    if (!segment.globstar) return name < names.length && matchName(segment, names[name]) && from(index + 1, name + 1);
    if (index === segments.length - 1) {
      // "**" alone matches any path but one starting at "." or ".."; a trailing one, what is left.
      if (index === 0) return !isDots(names[0]);
      return !pattern.tailNeedsOne || name < names.length;
    }
    // Any number of (non-empty) folders, none included: "**/b" matches "b".
    for (let next = name; next <= names.length; next++) {
      if (from(index + 1, next)) return true;
      if (next < names.length && names[next] === '') return false;
    }
    return false;
  };
  return from(0, 0);
}

const isDots = (name: string): boolean => name === '.' || name === '..';

function matchName(segment: { readonly atoms: readonly Atom[]; readonly dotless: boolean }, name: string): boolean {
  if (segment.dotless && isDots(name)) return false;
  const start = new Uint8Array(name.length + 1);
  start[0] = 1;
  return ends(segment.atoms, name, start)[name.length] === 1;
}

/** The positions where `atoms` can end when begun at any of `starts`: each atom looks at each position once. */
function ends(atoms: readonly Atom[], name: string, starts: Uint8Array): Uint8Array {
  let current = starts;
  for (const atom of atoms) {
    const next = new Uint8Array(name.length + 1);
    if (atom.kind === 'star') {
      const first = current.indexOf(1);
      if (first !== -1) next.fill(1, first);
    } else if (atom.kind === 'char') {
      for (let i = 0; i < name.length; i++) if (current[i] && atom.test(name.charCodeAt(i))) next[i + 1] = 1;
    } else {
      for (const option of atom.options) {
        const reached = ends(option, name, current);
        for (let i = 0; i <= name.length; i++) next[i] |= reached[i];
      }
    }
    if (next.indexOf(1) === -1) return next;
    current = next;
  }
  return current;
}

/** One folder name's pattern: `*`, `?`, `[...]`, `{a,b}` and literal characters. */
function atomsOf(segment: string): Atom[] {
  const atoms: Atom[] = [];
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i];
    if (char === '*') {
      while (segment[i + 1] === '*') i++;
      atoms.push({ kind: 'star' });
    } else if (char === '?') atoms.push({ kind: 'char', test: () => true });
    else if (char === '[' && segment.indexOf(']', i + 2) !== -1) {
      const end = segment.indexOf(']', i + 2);
      atoms.push({ kind: 'char', test: classTest(segment.slice(i + 1, end)) });
      i = end;
    } else if (char === '{' && closingBrace(segment, i) !== -1) {
      const end = closingBrace(segment, i);
      atoms.push({ kind: 'alt', options: splitAlternatives(segment.slice(i + 1, end)).map(atomsOf) });
      i = end;
    } else {
      const code = segment.charCodeAt(i);
      atoms.push({ kind: 'char', test: (other) => other === code });
    }
  }
  return atoms;
}

/** A class's test on one UTF-16 unit: `^` or `!` first negates; `a-z` is a range, a `-` at either end a literal. */
function classTest(body: string): (code: number) => boolean {
  const negated = body[0] === '^' || body[0] === '!';
  const members = negated ? body.slice(1) : body;
  const ranges: [number, number][] = [];
  for (let i = 0; i < members.length; i++) {
    if (members[i + 1] === '-' && i + 2 < members.length) {
      const [low, high] = [members.charCodeAt(i), members.charCodeAt(i + 2)];
      if (low > high) throw new GlobError(`the range ${members.slice(i, i + 3)} is out of order`);
      ranges.push([low, high]);
      i += 2; // a '-' right after a range is a literal
    } else ranges.push([members.charCodeAt(i), members.charCodeAt(i)]);
  }
  return (code) => ranges.some(([low, high]) => code >= low && code <= high) !== negated;
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
