// Token encodings, and how token counts, context shares and the cost of a turn are
// told to people. No tokenizer here (tokensCount.ts loads the ranks), so every surface
// can import this without pulling megabytes of ranks into its bundle.
import { formatCount, formatPercent } from './format';
import { CoreMessageId, english, Render } from './messages';
import type { RuntimeId } from './runtimes/profile';

/** The encodings `gpt-tokenizer` counts exactly, and our estimate for Claude. */
export const TOKEN_ENCODINGS = ['o200k_base', 'cl100k_base', 'claude-estimate'] as const;
export type TokenEncoding = (typeof TOKEN_ENCODINGS)[number];
/** What the setting and `--encoding` accept: an encoding, or `off` to show no tokens. */
export type TokenEncodingChoice = TokenEncoding | 'off';

/** GPT-4o, 4.1, 5 and the o-series. */
export const DEFAULT_TOKEN_ENCODING: TokenEncoding = 'o200k_base';
export const DEFAULT_CONTEXT_WINDOW = 200_000;

export function isTokenEncoding(value: unknown): value is TokenEncoding {
  return typeof value === 'string' && (TOKEN_ENCODINGS as readonly string[]).includes(value);
}

export function isTokenEncodingChoice(value: unknown): value is TokenEncodingChoice {
  return value === 'off' || isTokenEncoding(value);
}

/** An estimate is never an exact count: it is always shown with `≈`. */
export function isEstimate(encoding: TokenEncoding): boolean {
  return encoding === 'claude-estimate';
}

/** Who counts this way, for labels and tooltips. */
export const ENCODING_LABELS: Record<TokenEncoding, string> = {
  o200k_base: 'o200k_base (GPT-4o, GPT-4.1, GPT-5, o-series)',
  cl100k_base: 'cl100k_base (GPT-4, GPT-3.5)',
  'claude-estimate': 'Claude (estimate)',
};

/** 12410 -> "12,410 tokens"; an estimate (the encoding's, or `approximate`: a sampled one while counting) reads "≈ 12,410 tokens". */
export function formatTokens(count: number, encoding: TokenEncoding, render: Render = english, approximate = false): string {
  const words = render(count === 1 ? 'tokensOne' : 'tokensMany', formatCount(count));
  return approximate || isEstimate(encoding) ? `≈ ${words}` : words;
}

/** 12410 -> "12.4K", for narrow places (a tree item, a column); `≈` for an estimate. */
export function formatTokensShort(count: number, encoding: TokenEncoding, approximate = false): string {
  const short = count < 1000 ? String(count) : count < 999_500 ? `${trimZero((count / 1000).toFixed(count < 9_950 ? 1 : 0))}K` : `${trimZero((count / 1e6).toFixed(1))}M`;
  return approximate || isEstimate(encoding) ? `≈${short}` : short;
}

function trimZero(text: string): string {
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/** The share of a context window the tokens take: 0.062 for 12,410 of 200,000 (may exceed 1). */
export function contextShare(tokens: number, contextWindow: number): number {
  return contextWindow > 0 ? tokens / contextWindow : 0;
}

/** "12,410 of 200,000 tokens (6.2 %)". */
export function formatContextShare(tokens: number, contextWindow: number, encoding: TokenEncoding, render: Render = english, approximate = false): string {
  return render('contextShare', formatTokens(tokens, encoding, render, approximate), formatCount(contextWindow), formatPercent(contextShare(tokens, contextWindow)));
}

/** Dollars for `tokens` input tokens at `pricePerMillion` dollars per million. */
export function costPerTurn(tokens: number, pricePerMillion: number): number {
  return (tokens * pricePerMillion) / 1_000_000;
}

/** $0.031; a cost under a tenth of a cent keeps two significant digits ($0.00042). */
export function formatDollars(amount: number): string {
  if (amount === 0) return '$0';
  if (amount >= 0.001) return `$${amount >= 100 ? amount.toFixed(0) : amount >= 1 ? amount.toFixed(2) : amount.toFixed(3)}`;
  return `$${amount.toPrecision(2)}`;
}

/**
 * "sent on every turn: 12,410 tokens ≈ $0.031". Without a price, only the tokens;
 * the `≈` before the dollars is there because a price per token is a list price.
 */
export function formatCostPerTurn(tokens: number, encoding: TokenEncoding, pricePerMillion?: number, render: Render = english, approximate = false): string {
  const head = render('sentEveryTurn', formatTokens(tokens, encoding, render, approximate));
  if (pricePerMillion === undefined || !(pricePerMillion >= 0)) return head;
  return `${head} ≈ ${formatDollars(costPerTurn(tokens, pricePerMillion))}`;
}

/**
 * Where the runtime puts the persona relative to a prompt cache, as far as its own
 * source says. Providers cache a prompt's unchanged prefix; an edit to a persona file
 * makes everything from the edit on uncached for the next turn.
 */
export const CACHE_NOTES: Partial<Record<RuntimeId, CoreMessageId>> = {
  toolnexus: 'cacheToolnexus',
  openclaw: 'cacheOpenclaw',
  zeroclaw: 'cacheZeroclaw',
  codex: 'cacheCodex',
};

/** What can be said about caching the persona under this runtime; undefined when nothing. */
export function cacheNote(runtime: RuntimeId, render: Render = english): string | undefined {
  const note = CACHE_NOTES[runtime];
  return note && render(note);
}
