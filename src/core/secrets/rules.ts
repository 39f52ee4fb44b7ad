// Our own secret rules, for what prose persona files hold and secretlint's recommended
// preset does not look for: `NAME_TOKEN=value` and `**Password:** value` lines, connection
// strings of any scheme, chat-bot tokens, `Bearer` headers, and keys of the model and
// search providers agents use. Pure regular expressions over the text; no value leaves here.
import type { SecretKind } from './kinds';

/** A match before the placeholder check: `secret` is the part judged (the password of a URL). */
export interface Candidate {
  readonly kind: SecretKind;
  readonly start: number;
  readonly end: number;
  readonly secret: readonly [number, number];
}

// Not preceded or followed by a character that would make the match part of a longer word.
const B = String.raw`(?<![A-Za-z0-9_-])`;
const E = String.raw`(?![A-Za-z0-9_-])`;

/** Keys whose whole shape names the provider. */
const PREFIXED: ReadonlyArray<readonly [SecretKind, RegExp]> = [
  ['google-api-key', new RegExp(`${B}AIza[0-9A-Za-z_-]{35}${E}`, 'g')],
  ['openrouter-api-key', new RegExp(`${B}sk-or-v1-[a-f0-9]{64}${E}`, 'g')],
  ['anthropic-api-key', new RegExp(`${B}sk-ant-(?:api|oat|admin)\\d{2}-[A-Za-z0-9_-]{80,130}${E}`, 'g')],
  // OpenAI's project, service-account and older keys, and the OpenAI-compatible providers' `sk-` keys.
  ['openai-api-key', new RegExp(`${B}sk-(?!ant-|or-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,200}${E}`, 'g')],
  ['xai-api-key', new RegExp(`${B}xai-[A-Za-z0-9]{70,90}${E}`, 'g')],
  ['perplexity-api-key', new RegExp(`${B}pplx-[A-Za-z0-9]{40,56}${E}`, 'g')],
  ['tavily-api-key', new RegExp(`${B}tvly-(?:dev-|prod-)?[A-Za-z0-9]{24,40}${E}`, 'g')],
  ['firecrawl-api-key', new RegExp(`${B}fc-[a-f0-9]{32}${E}`, 'g')],
  ['replicate-api-token', new RegExp(`${B}r8_[A-Za-z0-9]{37}${E}`, 'g')],
  // SendGrid's parts are base64url: secretlint's rule misses a key with `-` in its first part.
  ['sendgrid-api-key', new RegExp(`${B}SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}${E}`, 'g')],
  ['notion-token', new RegExp(`${B}secret_[A-Za-z0-9]{43}${E}`, 'g')],
  ['github-token', new RegExp(`${B}gh[pousr]_[A-Za-z0-9]{36}${E}`, 'g')],
  // Telegram: the bot's numeric id, a colon, and 35 characters that begin with AA.
  ['telegram-bot-token', /(?<![\w:])\d{6,12}:AA[A-Za-z0-9_-]{33}(?![\w-])/g],
  // Discord: the bot id in base64, a timestamp, an HMAC.
  ['discord-bot-token', new RegExp(`${B}[MNO][A-Za-z0-9_-]{23,27}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,40}${E}`, 'g')],
  ['discord-webhook', /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]{60,70}/g],
];

/** `Authorization: Bearer <token>` and the like. */
const BEARER = /\bBearer\s+([A-Za-z0-9._~+/-]{16,}=*)/g;

/** `scheme://user:password@host`, of any scheme. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]{1,24}):\/\/([^\s:/@'"`<>()[\]]{1,100}):([^\s@/'"`<>()[\]]{1,200})@([^\s/'"`<>?#()[\]]{1,200})/gi;
const WEB_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps', 'ws', 'wss']);

/**
 * `NAME_TOKEN=value`, `password: value`, `- **API Key**: \`value\``, `"apiKey": "value"`:
 * a key that names a secret, `=` or `:` (a full-width colon too), and one value without spaces.
 */
// The value is read in a lookahead, so the search goes on from the separator: in
// `name: GITHUB_TOKEN=…` the second key is still seen.
const ASSIGNED = /(?<![\w.-])([\w.-]{1,80})["']?(?:\*\*|__)?[ \t]*(?:=>|[:=：])[ \t]*(?:\*\*|__)?[ \t]*(?=(["'`]?)([^\s"'`,;]{6,200})\2)/gu;
// The key's name ends in a word that names a secret. (Tested apart: a lazy `[\w.-]*?` before
// these words made the search quadratic in a long run of `a.a.a.…`.)
const SECRET_KEY = /(?:api[-_ ]?key|apikey|token|secret|passw(?:or)?d|pwd|passphrase|credentials?|key)$/i;
const PASSWORD_KEY = /pass|pwd/i;
/** Generated keys are longer than this; a shorter value after `KEY=` is most often a stand-in. */
const MIN_KEY = 16;
// A value that is a path, a URL, a reference to a setting or a plain number is not a secret by itself.
const NOT_A_VALUE = /^(?:[./~]|[a-z][a-z0-9+.-]*:\/\/)|:|^[\d.,_-]+$|^(?:true|false|null|none|undefined|required|optional|string|number)$/i;

/** Every candidate our rules see in `text`, in no particular order. */
export function ownCandidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const [kind, pattern] of PREFIXED) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      found.push({ kind, start, end: start + match[0].length, secret: [start, start + match[0].length] });
    }
  }
  for (const match of text.matchAll(BEARER)) {
    const start = match.index + match[0].length - match[1].length;
    if (mixed(match[1])) found.push({ kind: 'bearer-token', start, end: start + match[1].length, secret: [start, start + match[1].length] });
  }
  for (const match of text.matchAll(URL_CREDENTIALS)) {
    const [whole, scheme, user, password] = match;
    const passwordStart = match.index + scheme.length + 3 + user.length + 1;
    const kind: SecretKind = WEB_SCHEMES.has(scheme.toLowerCase()) ? 'url-credentials' : 'connection-string';
    if (password.length >= 3) found.push({ kind, start: match.index, end: match.index + whole.length, secret: [passwordStart, passwordStart + password.length] });
  }
  for (const match of text.matchAll(ASSIGNED)) {
    const [whole, key, , value] = match;
    if (!SECRET_KEY.test(key)) continue;
    const password = PASSWORD_KEY.test(key);
    if (NOT_A_VALUE.test(value) || !(password ? plausiblePassword(value) : mixed(value) && value.length >= MIN_KEY)) continue;
    const start = match.index + whole.length + match[2].length;
    found.push({ kind: password ? 'password' : 'assigned-secret', start, end: start + value.length, secret: [start, start + value.length] });
  }
  return found;
}

/** Letters and digits both, as generated keys have and words do not. */
function mixed(value: string): boolean {
  return /[A-Za-z]/.test(value) && /\d/.test(value);
}

/** A password people write: a digit or a symbol among letters, or long enough to be one. */
function plausiblePassword(value: string): boolean {
  return /[A-Za-z]/.test(value) && (/[\d\W_]/.test(value) || value.length >= 12);
}
