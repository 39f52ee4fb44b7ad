// Hermes Agent's prompt-injection scanner (tools/threat_patterns.py, v0.21.3): 36 patterns in three
// cumulative scopes and 17 invisible code points. A context file (SOUL.md, .hermes.md, AGENTS.md…)
// is scanned with the `context` scope (28 patterns); one hit and Hermes sends a [BLOCKED: …] line in
// place of the whole file. Memory entries are scanned one by one with the `strict` scope (36).
//
// Hermes runs Python's `re` (IGNORECASE, Unicode) on the NFKC form of the first 65,536 code points.
// The patterns below are the same expressions with Python's Unicode classes spelled out: JavaScript's
// \w and \b are ASCII only, its \s takes U+FEFF and leaves out U+001C–U+001F and U+0085.
import type { ScanBlock, ScanFinding, Span } from './profile';

export type ThreatScope = 'context' | 'strict';

/** Hermes scans at most this many code points of a text. */
export const HERMES_MAX_SCAN_CHARS = 65_536;

/** Python's str.isspace() set (Unicode White_Space and bidi classes B, S, WS). */
export const PYTHON_SPACE = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const S = `[${PYTHON_SPACE}]`;
/** Python's \w for str patterns: letters, numbers, the underscore. */
const WORD = '[\\p{L}\\p{N}_]';
const W = WORD;
const B_BEFORE = '(?<![\\p{L}\\p{N}_])';
const B_AFTER = '(?![\\p{L}\\p{N}_])';
const FILLER = `(?:${W}+${S}+){0,8}`;
const SECRET_VAR = `\\$\\{?${W}*(?:KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL)S?${B_AFTER}`;
const MODIFY = `(update|modify|edit|write|change|append|add${S}+to)${S}+[^\\n]{0,2048}`;

type PatternScope = 'all' | 'context' | 'strict';

/** [id, source, scope] in Hermes's list order: findings are reported in this order. */
const PATTERNS: readonly (readonly [string, string, PatternScope])[] = [
  ['prompt_injection', `ignore${S}+${FILLER}(previous|all|above|prior)${S}+${FILLER}instructions`, 'all'],
  ['sys_prompt_override', `system${S}+prompt${S}+override`, 'all'],
  ['disregard_rules', `disregard${S}+${FILLER}(your|all|any)${S}+${FILLER}(instructions|rules|guidelines)`, 'all'],
  ['bypass_restrictions', `act${S}+as${S}+(if|though)${S}+${FILLER}you${S}+${FILLER}(have${S}+no|don't${S}+have)${S}+${FILLER}(restrictions|limits|rules)`, 'all'],
  ['html_comment_injection', '<!--[^>]{0,512}(?<![A-Za-z])(?:ignore|override|system|secret|hidden)(?![A-Za-z])[^>]{0,512}-->', 'all'],
  ['hidden_div', `<${S}*div${S}+style${S}*=${S}*["'][^>]{0,2048}display${S}*:${S}*none`, 'all'],
  ['translate_execute', `translate${S}+[^\\n]{0,512}${S}+into${S}+${W}+(?:[${PYTHON_SPACE}-]+${W}+){0,2}${S}+and${S}+(execute|run|eval)${B_AFTER}`, 'all'],
  ['deception_hide', `do${S}+not${S}+${FILLER}tell${S}+${FILLER}the${S}+user`, 'all'],
  ['role_hijack', `you${S}+are${S}+${FILLER}now${S}+(?:a|an|the)${S}+`, 'context'],
  ['role_pretend', `pretend${S}+${FILLER}(you${S}+are|to${S}+be)${S}+`, 'context'],
  ['leak_system_prompt', `output${S}+${FILLER}(system|initial)${S}+prompt`, 'context'],
  ['remove_filters', `(respond|answer|reply)${S}+without${S}+${FILLER}(restrictions|limitations|filters|safety)`, 'context'],
  ['fake_update', `you${S}+have${S}+been${S}+${FILLER}(updated|upgraded|patched)${S}+to`, 'context'],
  ['identity_override', `${B_BEFORE}name${S}+yourself${S}+${W}+`, 'context'],
  ['c2_node_registration', `register${S}+(as${S}+)?a?${S}*node`, 'context'],
  ['c2_heartbeat', `(heartbeat|beacon|check[${PYTHON_SPACE}\\-]?in)${S}+(to|with)${S}+`, 'context'],
  ['c2_task_pull', `pull${S}+(down${S}+)?(?:new${S}+)?task(?:ing|s)?${B_AFTER}`, 'context'],
  ['c2_network_connect', `connect${S}+to${S}+the${S}+network${B_AFTER}`, 'context'],
  ['forced_action', `you${S}+must${S}+(?:${W}+${S}+){0,3}(register|connect|report|beacon)${B_AFTER}`, 'context'],
  ['anti_forensic_oneliner', `only${S}+use${S}+one[${PYTHON_SPACE}\\-]?liners?${B_AFTER}`, 'context'],
  ['anti_forensic_disk', `never${S}+${FILLER}(?:create|write)${S}+${FILLER}(?:script|file)${S}+${FILLER}disk`, 'context'],
  ['env_var_unset_agent', `unset${S}+${W}*(?:CLAUDE|CODEX|HERMES|AGENT|OPENAI|ANTHROPIC)${W}*`, 'context'],
  ['known_c2_framework', `${B_BEFORE}(?:cobalt${S}*strike|sliver|havoc|mythic|metasploit|brainworm)${B_AFTER}`, 'context'],
  ['c2_explicit', `${B_BEFORE}c2${S}+(?:server|channel|infrastructure|beacon)${B_AFTER}`, 'context'],
  ['c2_explicit_long', `${B_BEFORE}command${S}+and${S}+control${B_AFTER}`, 'context'],
  ['exfil_curl', `curl${S}+[^\\n]{0,2048}${SECRET_VAR}`, 'all'],
  ['exfil_wget', `wget${S}+[^\\n]{0,2048}${SECRET_VAR}`, 'all'],
  ['read_secrets', `cat${S}+[^\\n]{0,2048}(\\.env|credentials|\\.netrc|\\.pgpass|\\.npmrc|\\.pypirc)`, 'all'],
  ['send_to_url', `(send|post|upload|transmit)${S}+[^\\n]{0,2048}${S}+(to|at)${S}+https?://`, 'strict'],
  ['context_exfil', `(include|output|print|share)${S}+${FILLER}(conversation|chat${S}+history|previous${S}+messages|full${S}+context|entire${S}+context)`, 'strict'],
  ['ssh_backdoor', 'authorized_keys', 'strict'],
  ['ssh_access', '\\$HOME/\\.ssh|~/\\.ssh', 'strict'],
  ['hermes_env', '\\$HOME/\\.hermes/\\.env|~/\\.hermes/\\.env', 'strict'],
  ['agent_config_mod', `${MODIFY}(?:AGENTS\\.md|CLAUDE\\.md|\\.cursorrules|\\.clinerules)`, 'strict'],
  ['hermes_config_mod', `${MODIFY}\\.hermes/(config\\.yaml|SOUL\\.md)`, 'strict'],
  ['hardcoded_secret', `(?:api[_-]?key|token|secret|password)${S}*[=:]${S}*["'][A-Za-z0-9+/=_-]{20,}`, 'strict'],
];

export interface ThreatPattern {
  readonly id: string;
  /** `all` patterns run in both scopes, `context` ones in context and strict, `strict` ones in strict only. */
  readonly scope: PatternScope;
  readonly regex: RegExp;
}

export const HERMES_THREAT_PATTERNS: readonly ThreatPattern[] = PATTERNS.map(([id, source, scope]) => ({ id, scope, regex: new RegExp(source, 'giu') }));

/** The patterns a scope runs, in Hermes's order. */
export function threatPatterns(scope: ThreatScope): readonly ThreatPattern[] {
  return HERMES_THREAT_PATTERNS.filter((pattern) => scope === 'strict' || pattern.scope !== 'strict');
}

/** Zero-width and bidirectional code points Hermes reports as `invisible_unicode_U+XXXX`. */
export const HERMES_INVISIBLE_CHARS: readonly number[] = [
  0x200b, 0x200c, 0x200d, 0x2060, 0x2062, 0x2063, 0x2064, 0xfeff, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
];
const invisibleSet = new Set(HERMES_INVISIBLE_CHARS);

export function invisibleFindingId(codePoint: number): string {
  return `invisible_unicode_U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** One reason Hermes would block a text: every place the pattern matches, or the character stands, within the scanned part. */
export type ThreatFinding = ScanFinding;

/** The first `count` code points of `text`, as a UTF-16 length. */
export function codePointPrefixLength(text: string, count: number): number {
  if (text.length <= count) return text.length;
  let index = 0;
  for (let seen = 0; seen < count && index < text.length; seen++) {
    const code = text.charCodeAt(index);
    index += code >= 0xd800 && code <= 0xdbff && index + 1 < text.length ? 2 : 1;
  }
  return index;
}

/**
 * NFKC of each code point on its own, with where each output character came from. Equal to the
 * NFKC of the whole text for nearly all texts (composition across characters is the exception).
 */
function normalizedByCodePoint(text: string): { normal: string; origin: number[] } {
  let normal = '';
  const origin: number[] = [];
  for (let index = 0; index < text.length;) {
    const point = text.codePointAt(index)!;
    const width = point > 0xffff ? 2 : 1;
    const piece = text.slice(index, index + width).normalize('NFKC');
    normal += piece;
    for (let i = 0; i < piece.length; i++) origin.push(index);
    index += width;
  }
  origin.push(text.length);
  return { normal, origin };
}

/**
 * Hermes's `scan_for_threats(text, scope)` with the places it found: the ids in Hermes's order
 * (invisible characters first; Hermes lists several different ones in an order that varies from
 * one process to the next, here by code point), each with its ranges in `text`.
 */
export function scanForThreats(text: string, scope: ThreatScope): ThreatFinding[] {
  if (text === '') return [];
  const scanned = text.slice(0, codePointPrefixLength(text, HERMES_MAX_SCAN_CHARS));
  const findings: ThreatFinding[] = [];
  const invisible = new Map<number, { start: number; end: number; match: string }[]>();
  for (let index = 0; index < scanned.length; index++) {
    const code = scanned.charCodeAt(index);
    if (!invisibleSet.has(code)) continue;
    if (!invisible.has(code)) invisible.set(code, []);
    invisible.get(code)!.push({ start: index, end: index + 1, match: scanned[index] });
  }
  for (const code of [...invisible.keys()].sort((a, b) => a - b)) findings.push({ id: invisibleFindingId(code), kind: 'invisible', ranges: invisible.get(code)! });
  const whole = scanned.normalize('NFKC');
  const pieces = whole === scanned ? { normal: scanned, origin: undefined } : normalizedByCodePoint(scanned);
  for (const pattern of threatPatterns(scope)) {
    pattern.regex.lastIndex = 0;
    if (!pattern.regex.test(whole)) continue;
    const ranges: { start: number; end: number; match: string }[] = [];
    pattern.regex.lastIndex = 0;
    for (const match of pieces.normal.matchAll(pattern.regex)) {
      const start = pieces.origin ? pieces.origin[match.index] : match.index;
      const endAt = match.index + Math.max(match[0].length, 1);
      const end = pieces.origin ? (pieces.origin[endAt] ?? scanned.length) : Math.min(endAt, scanned.length);
      ranges.push({ start, end: Math.max(end, start + 1), match: scanned.slice(start, Math.max(end, start + 1)) });
    }
    // Only a composition across characters leaves the per-character form without a match: point at the whole text.
    if (ranges.length === 0) ranges.push({ start: 0, end: scanned.length, match: scanned });
    findings.push({ id: pattern.id, kind: 'pattern', ranges });
  }
  return findings;
}

/** The ids as Hermes joins them in its [BLOCKED: …] line. */
export function findingIds(findings: readonly ThreatFinding[]): string {
  return findings.map((finding) => finding.id).join(', ');
}

const INVISIBLE_NAMES: Readonly<Record<number, string>> = {
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x2060: 'WORD JOINER',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0xfeff: 'BYTE ORDER MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
};

/** One place to show: a range of a file's `text` and why Hermes blocks what holds it. */
export interface ScanProblem {
  readonly start: number;
  readonly end: number;
  readonly id: string;
  readonly scope: ScanBlock['scope'];
  readonly message: string;
  /** The line Hermes sends instead. */
  readonly line: string;
  /** The text Hermes scanned and replaces (the file, or the memory entry): a rewording is checked against it. */
  readonly within: Span;
}

/** A matched phrase as a message quotes it: one line, white space folded, at most 60 characters. */
function quote(match: string): string {
  const folded = match.replace(/\s+/g, ' ').trim();
  return folded.length > 60 ? folded.slice(0, 59) + '…' : folded;
}

/** "an invisible U+200D (ZERO WIDTH JOINER)". */
export function describeInvisible(codePoint: number): string {
  const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
  return `an invisible U+${hex} (${INVISIBLE_NAMES[codePoint] ?? 'invisible'})`;
}

/**
 * Each range where Hermes's scanner hits in a file it would block, with a message:
 * "Hermes blocks this whole file: 'you are now a' matches its role_hijack pattern".
 */
export function hermesScanProblems(blocks: readonly ScanBlock[] | undefined): ScanProblem[] {
  const problems: ScanProblem[] = [];
  for (const block of blocks ?? []) {
    const what = block.scope === 'file' ? 'Hermes blocks this whole file' : 'Hermes removes this memory entry from its prompt';
    if (block.findings.length === 0)
      problems.push({
        ...block.range,
        id: 'too_large',
        scope: block.scope,
        line: block.line,
        within: block.range,
        message: `${what}: an entry past ${HERMES_MAX_SCAN_CHARS.toLocaleString('en-US')} chars is not scanned`,
      });
    for (const finding of block.findings)
      for (const range of finding.ranges) {
        const why = finding.kind === 'invisible' ? `${describeInvisible(range.match.codePointAt(0)!)} is in it` : `'${quote(range.match)}' matches its ${finding.id} pattern`;
        problems.push({ start: range.start, end: range.end, id: finding.id, scope: block.scope, line: block.line, within: block.range, message: `${what}: ${why}` });
      }
  }
  return problems.sort((a, b) => a.start - b.start);
}
