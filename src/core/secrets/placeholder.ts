// Values that stand where a secret would and are not one: `sk-...`, `${VAR}`,
// `<your-token>`, `op://vault/item`, `XXXX` runs and the documented example values.
// Both secretlint's findings and our own rules pass through here.

/** Example values the providers' own documentation prints. */
const DOCUMENTED_EXAMPLES: readonly string[] = [
  'AKIAIOSFODNN7EXAMPLE',
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11',
  '110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
];

// A reference to somewhere else, or a template hole: `${VAR}`, `$VAR`, `{{var}}`, `<your-token>`, `%VAR%`.
const REFERENCE = /\$\{[^}]*\}|\$[A-Z_][A-Z0-9_]{2,}|\{\{[^}]*\}\}|<[^<>]{1,60}>|%[A-Z_][A-Z0-9_]*%|^\{[^}]*\}$|\b(?:op|vault|env|secret|keychain|bw|pass):\/\//;
// Words that say "put the real one here".
const PLACEHOLDER_WORDS =
  /(?<![a-z])(?:your|my)(?:[-_ .]|(?:api)?(?:key|token|secret|password|pass))|placeholder|example|sample|dummy|redacted|changeme|change[-_]me|replace[-_]?(?:me|with)|insert[-_]|xxx|\.\.\.|…|\*{3}|•{3}|<|>/i;
// Four or more of one masking character in a row: `XXXX`, `xxxx`, `****`, `0000`.
const MASK_RUN = /([Xx*#•0])\1{3,}/;

/** Passwords and keys that documentation writes for "any": `user:pass@`, `admin:admin`. */
const COMMON_VALUES: ReadonlySet<string> = new Set([
  'pass',
  'password',
  'passwd',
  'secret',
  'token',
  'admin',
  'root',
  'test',
  'user',
  'guest',
  'demo',
  'qwerty',
  'letmein',
  'hunter2',
  '123456',
  '12345678',
  'abc123',
  'p@ssw0rd',
  'passw0rd',
]);

/** Whether `value` (the matched secret text) is a placeholder rather than a secret. */
export function isPlaceholder(value: string): boolean {
  if (COMMON_VALUES.has(value.toLowerCase())) return true;
  if (DOCUMENTED_EXAMPLES.some((example) => value.includes(example))) return true;
  if (REFERENCE.test(value) || PLACEHOLDER_WORDS.test(value) || MASK_RUN.test(value)) return true;
  return lowVariety(value);
}

/** Too few distinct characters for a key of its length: `aaaaaaaaaaaaaaaa`, `abcabcabcabc`. */
function lowVariety(value: string): boolean {
  const body = value.replace(/^[A-Za-z]{1,8}[-_]/, '');
  if (body.length < 8) return false;
  return new Set(body).size < Math.min(6, Math.ceil(body.length / 4));
}
