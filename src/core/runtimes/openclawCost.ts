// What an agent costs per day: each session kind's tokens per run × its runs per day, and,
// with prices, dollars. The cached prefix is paid as a cache write when runs of a kind are
// further apart than the cache lives, else as a cache read; the user message as input.
import type { RunKind, RunsPerDay } from './openclawSchedule';

/** Dollars per million tokens. */
export interface TokenPrices {
  readonly input: number;
  readonly cacheWrite?: number;
  readonly cacheRead?: number;
}

export interface SessionCost {
  readonly kind: RunKind;
  /** Tokens of the system prompt part this tool composes (Project Context, skills) for one run. */
  readonly promptTokens: number;
  /** Tokens of the user message OpenClaw adds for this kind (heartbeat prompt, cron message), estimated when not counted. */
  readonly messageTokens: number;
  /** promptTokens + messageTokens: tokens per run. */
  readonly tokens: number;
  readonly runsPerDay: number;
  readonly tokensPerDay: number;
  readonly from: string;
  /** How the prompt part is paid with prices set: `write` (runs too far apart for the cache), `read`, or `input` (no cache prices). */
  readonly cache?: 'write' | 'read' | 'input';
  readonly dollarsPerDay?: number;
}

export interface CostPerDay {
  readonly sessions: readonly SessionCost[];
  readonly perDay: { readonly tokens: number; readonly dollars?: number };
  /** What the numbers leave out, for people. */
  readonly leavesOut: readonly string[];
}

export const COST_LEAVES_OUT: readonly string[] = [
  "OpenClaw's own system prompt text outside the Project Context and skills",
  'tool schemas',
  'conversation history',
  'output tokens',
  'sub-agent and group runs (not scheduled)',
  "heartbeat active hours and the heartbeat monitor's scratch text",
];

/** Anthropic's default prompt cache lifetime: runs further apart than this write the prefix again. */
export const DEFAULT_CACHE_TTL_MINUTES = 5;

export interface CostInput {
  readonly runs: readonly RunsPerDay[];
  /** Tokens of the composed prompt part per kind; a kind absent here (or light context) sends none. */
  readonly promptTokens: Partial<Record<RunKind, number>>;
  readonly prices?: TokenPrices;
  readonly cacheTtlMinutes?: number;
  /** Tokens of a user message of `chars` characters; default chars ÷ 4. */
  readonly messageTokens?: (chars: number) => number;
}

/** Each run kind's tokens per run and per day, and the day's total (dollars with prices). */
export function costPerDay(input: CostInput): CostPerDay {
  const toTokens = input.messageTokens ?? ((chars: number) => Math.ceil(chars / 4));
  const ttl = (input.cacheTtlMinutes ?? DEFAULT_CACHE_TTL_MINUTES) * 60_000;
  const prices = input.prices;
  const sessions = input.runs.map((run): SessionCost => {
    const promptTokens = run.lightContext ? 0 : (input.promptTokens[run.kind === 'heartbeat' ? 'main' : run.kind] ?? 0);
    const messageTokens = run.userMessageChars ? toTokens(run.userMessageChars) : 0;
    const tokens = promptTokens + messageTokens;
    const tokensPerDay = tokens * run.runsPerDay;
    if (!prices) return { kind: run.kind, promptTokens, messageTokens, tokens, runsPerDay: run.runsPerDay, tokensPerDay, from: run.from };
    const apart = run.runsPerDay > 0 ? 86_400_000 / run.runsPerDay : Number.POSITIVE_INFINITY;
    const cache: SessionCost['cache'] = prices.cacheWrite === undefined || prices.cacheRead === undefined ? 'input' : apart > ttl ? 'write' : 'read';
    const promptPrice = cache === 'write' ? prices.cacheWrite! : cache === 'read' ? prices.cacheRead! : prices.input;
    const dollarsPerDay = (run.runsPerDay * (promptTokens * promptPrice + messageTokens * prices.input)) / 1_000_000;
    return { kind: run.kind, promptTokens, messageTokens, tokens, runsPerDay: run.runsPerDay, tokensPerDay, from: run.from, cache, dollarsPerDay };
  });
  const tokens = sessions.reduce((sum, session) => sum + session.tokensPerDay, 0);
  const dollars = prices ? sessions.reduce((sum, session) => sum + (session.dollarsPerDay ?? 0), 0) : undefined;
  return { sessions, perDay: { tokens, ...(dollars !== undefined && { dollars }) }, leavesOut: COST_LEAVES_OUT };
}

/** "≈ $1.23 a day" or "≈ 1,234,567 tokens a day", for people. */
export function formatPerDay(cost: CostPerDay): string {
  const tokens = Math.round(cost.perDay.tokens).toLocaleString('en-US');
  const dollars = cost.perDay.dollars === undefined ? '' : `, ≈ $${cost.perDay.dollars.toFixed(2)}`;
  return `≈ ${tokens} tokens a day${dollars}`;
}
