// A SKILL.md's frontmatter as OpenClaw 2026.9.6 reads it: YAML (core schema, the same
// `yaml` package), each value flattened to a string, with the line-by-line reading as a
// fallback for keys YAML did not give, and a second try after quoting a free-text field
// that broke the YAML. Any YAML error left makes the whole skill invalid.
import { Document, isAlias, isMap, isNode, isScalar, parseDocument } from 'yaml';

export type FrontmatterFields = Record<string, string>;

export type FrontmatterResult =
  | { readonly ok: true; readonly fields: FrontmatterFields; readonly body: string }
  /** `message` as OpenClaw words it; `line` 1-based in the file, where the problem is. */
  | { readonly ok: false; readonly message: string; readonly line: number };

const KEY_LINE = /^([\w-]+):\s*(.*)$/;
const OPENING = /^---[^\S\n]*\n/;
const CLOSING = /(?:^|\n)---[^\S\n]*(?:\n|(?![\s\S]))/;
/** Fields whose text people write freely, so a colon in them may break the YAML. */
const FREE_TEXT = new Set(['description', 'read_when', 'summary']);
const BLOCK_SCALAR_HEADER = /^[|>](?:[1-9][+-]?|[+-][1-9]?)?$/;

interface Issue {
  readonly code: string;
  readonly message: string;
  /** Offset in the block, when the parser gave one. */
  readonly at?: number;
}

/** The text with a leading BOM dropped and every line ending made `\n`. */
export function normalizeLineEnds(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .replace(/\r/g, '\n');
}

function unquote(value: string): string {
  const quote = value.at(0);
  return (quote === '"' || quote === "'") && value.at(-1) === quote ? value.slice(1, -1) : value;
}

/** The line-by-line reading: `key: value`, or `key:` followed by indented lines. */
function lineFields(block: string): FrontmatterFields {
  const fields: FrontmatterFields = {};
  const lines = block.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = KEY_LINE.exec(lines[i]);
    if (!match) continue;
    let value = match[2].trim();
    if (!value && /^[ \t]/.test(lines[i + 1] ?? '')) {
      const gathered: string[] = [];
      // Blank lines belong to the value; the first unindented line ends it.
      while (i + 1 < lines.length && (lines[i + 1] === '' || /^[ \t]/.test(lines[i + 1]))) gathered.push(lines[++i]);
      value = gathered.join('\n').trim();
    } else value = unquote(value);
    if (value) fields[match[1]] = value;
  }
  return fields;
}

function parse(block: string): Document.Parsed {
  return parseDocument(block, { schema: 'core', prettyErrors: false });
}

type Flattened = { value: string; structured: boolean } | undefined;

function flatten(value: unknown): Flattened {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return { value: value.trim(), structured: false };
  if (typeof value === 'number' || typeof value === 'boolean') return { value: String(value), structured: false };
  if (typeof value !== 'object') return undefined;
  try {
    return { value: JSON.stringify(value), structured: true };
  } catch (error) {
    // A structure that refers to itself (YAML aliases) has no JSON.
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

function parseOnce(block: string, fallback: FrontmatterFields): { fields: FrontmatterFields; issues: Issue[] } {
  try {
    const doc = parse(block);
    if (doc.errors.length > 0) return { fields: fallback, issues: doc.errors.map((e) => ({ code: e.code ?? e.name, message: e.message, at: e.pos?.[0] })) };
    if (!isMap(doc.contents)) return { fields: fallback, issues: [{ code: 'INVALID_ROOT', message: 'frontmatter must be a YAML mapping' }] };
    const parsed: unknown = doc.toJS();
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { fields: fallback, issues: [{ code: 'INVALID_ROOT', message: 'frontmatter must be a YAML mapping' }] };
    // A key written `key: a: b` on one line: its structured value gives way to the line reading.
    const inlineColon = new Set<string>();
    for (const pair of doc.contents.items) {
      const start = isNode(pair.key) ? pair.key.range?.[0] : undefined;
      if (start === undefined) continue;
      const end = block.indexOf('\n', start);
      const match = KEY_LINE.exec(block.slice(start, end === -1 ? block.length : end));
      if (match?.[1] && match[2].includes(':')) inlineColon.add(match[1]);
    }
    const fields: FrontmatterFields = {};
    for (const [rawKey, value] of Object.entries(parsed)) {
      const key = rawKey.trim();
      const flat = key ? flatten(value) : undefined;
      if (!flat) continue;
      const fromLines = Object.hasOwn(fallback, key) ? fallback[key] : undefined;
      fields[key] = flat.structured && inlineColon.has(key) && fromLines !== undefined ? fromLines : flat.value;
    }
    for (const [key, value] of Object.entries(fallback)) if (!Object.hasOwn(fields, key)) fields[key] = value;
    return { fields, issues: [] };
  } catch (error) {
    // The parser's own failures (an alias bomb past its limit) are reported, as OpenClaw does.
    if (!(error instanceof Error)) throw error;
    return { fields: fallback, issues: [{ code: 'YAML_EXCEPTION', message: error.message }] };
  }
}

/** The block with the free-text field on the first error's line quoted, or the block itself. */
function quoteFreeTextAtError(block: string): string {
  const doc = parse(block);
  if (!isMap(doc.contents)) return block;
  const items = doc.contents.items;
  const error = doc.errors.find((e) => e.pos?.[0] !== undefined);
  const aliased = items.find((pair) => isScalar(pair.key) && pair.key.value === 'description' && isAlias(pair.value));
  const at = error?.pos?.[0] ?? (isNode(aliased?.key) ? aliased.key.range?.[0] : undefined);
  if (at === undefined) return block;
  const lineStart = block.lastIndexOf('\n', at) + 1;
  const lineEnd = block.indexOf('\n', at);
  const end = lineEnd === -1 ? block.length : lineEnd;
  const match = /^(?:([\w-]+)|"([\w-]+)"|'([\w-]+)'):\s*(.*)$/.exec(block.slice(lineStart, end));
  const key = match?.[1] ?? match?.[2] ?? match?.[3];
  const value = match?.[4]?.trim();
  const topLevel = items.some((pair) => isScalar(pair.key) && pair.key.value === key && pair.key.range?.[0] === lineStart);
  const colonText = error?.code === 'BLOCK_AS_IMPLICIT_KEY' && value?.includes(': ');
  if (!key || !value || !FREE_TEXT.has(key) || !topLevel || (key !== 'description' && !colonText) || BLOCK_SCALAR_HEADER.test(value)) return block;
  return `${block.slice(0, lineStart)}${key}: ${JSON.stringify(unquote(value))}${block.slice(end)}`;
}

const lineOf = (text: string, offset: number): number => {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
};

// The last texts parsed, as OpenClaw keeps them: recomposing after one SKILL.md changed
// parses only that one again (YAML is most of the catalog's time). Small texts only.
const CACHED_TEXT_CHARS = 16_384;
const CACHED_TEXTS = 256;
const parsed = new Map<string, FrontmatterResult>();

/**
 * The frontmatter of a SKILL.md's text, as OpenClaw's skill loader reads it. `lenient`: as
 * 3.x–7.x read it, where YAML that does not parse leaves the line-by-line reading alone.
 */
export function parseSkillFrontmatter(content: string, lenient = false): FrontmatterResult {
  const key = lenient ? `\u0000${content}` : content;
  const cached = parsed.get(key);
  if (cached) {
    parsed.delete(key);
    parsed.set(key, cached);
    return cached;
  }
  const result = parseUncached(content, lenient);
  if (content.length <= CACHED_TEXT_CHARS) {
    parsed.set(key, result);
    if (parsed.size > CACHED_TEXTS) parsed.delete(parsed.keys().next().value as string);
  }
  return result;
}

function parseUncached(content: string, lenient: boolean): FrontmatterResult {
  const text = normalizeLineEnds(content);
  const opening = OPENING.exec(text);
  if (!opening) return { ok: true, fields: {}, body: text };
  const tail = text.slice(opening[0].length);
  const closing = CLOSING.exec(tail);
  if (!closing) return { ok: false, message: 'invalid frontmatter: UNTERMINATED_FRONTMATTER: missing closing --- delimiter', line: 1 };
  const block = tail.slice(0, closing.index);
  const body = tail.slice(closing.index + closing[0].length);
  if (!block) return { ok: true, fields: {}, body };
  const fallback = lineFields(block);
  let result = parseOnce(block, fallback);
  let tried = block;
  for (let i = 0; i < FREE_TEXT.size && result.issues.length > 0; i++) {
    const next = quoteFreeTextAtError(tried);
    if (next === tried) break;
    tried = next;
    result = parseOnce(tried, fallback);
  }
  const issue = result.issues[0];
  if (!issue) return { ok: true, fields: result.fields, body };
  if (lenient) return { ok: true, fields: fallback, body };
  // Line 1 is the opening `---`; the block starts on line 2. Quoting keeps lines where they were.
  const line = 1 + (issue.at === undefined ? 1 : lineOf(tried, issue.at));
  return { ok: false, message: `invalid frontmatter: ${issue.code}: ${issue.message}`, line };
}
