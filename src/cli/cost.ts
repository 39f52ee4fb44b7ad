// The cost-per-day part of `check` for OpenClaw: each session kind composed and counted,
// runs per day from the agent's heartbeat, the cron store and the chat turns given.
import {
  CostPerDay,
  costPerDay,
  CronJob,
  cronJobsFromStore,
  OpenClawAgent,
  parseOpenClawJson5,
  readConfigFileSync,
  readPersonaInput,
  RunKind,
  runsPerDay,
  RuntimeOptions,
  RuntimeProfile,
  SessionKind,
  TokenEncoding,
  TokenPrices,
} from '../core';
import { IncrementalTokenCounter } from '../core/tokensCount';
import type { SkillsReport } from '../core/skills';
import { UsageError } from './usageError';

export interface CostOptions {
  readonly turnsPerDay: number;
  readonly prices?: TokenPrices;
  readonly jobs: readonly CronJob[];
}

export const costFlags = {
  'turns-per-day': { type: 'string' },
  'price-input': { type: 'string' },
  'price-cache-write': { type: 'string' },
  'price-cache-read': { type: 'string' },
  'cron-jobs': { type: 'string' },
} as const;

type CostValues = { 'turns-per-day'?: string; 'price-input'?: string; 'price-cache-write'?: string; 'price-cache-read'?: string; 'cron-jobs'?: string };

/** The cost options asked for; undefined when none is given (no cost is computed). */
export function costOptions(values: CostValues, runtime: string): CostOptions | undefined {
  const given = Object.keys(costFlags).filter((flag) => values[flag as keyof CostValues] !== undefined);
  if (given.length === 0) return undefined;
  if (runtime !== 'openclaw') throw new UsageError(`--${given[0]} is for --runtime openclaw, not ${runtime}`);
  const number = (flag: keyof CostValues) => {
    const text = values[flag];
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0 || text.trim() === '') throw new UsageError(`--${flag} takes a number of 0 or more, not '${text}'`);
    return value;
  };
  const input = number('price-input');
  const cacheWrite = number('price-cache-write');
  const cacheRead = number('price-cache-read');
  if (input === undefined && (cacheWrite !== undefined || cacheRead !== undefined)) throw new UsageError('--price-cache-write and --price-cache-read need --price-input too');
  const prices = input === undefined ? undefined : { input, ...(cacheWrite !== undefined && { cacheWrite }), ...(cacheRead !== undefined && { cacheRead }) };
  return { turnsPerDay: number('turns-per-day') ?? 0, ...(prices && { prices }), jobs: cronJobs(values['cron-jobs']) };
}

function cronJobs(file: string | undefined): CronJob[] {
  if (file === undefined) return [];
  try {
    return cronJobsFromStore(parseOpenClawJson5(readConfigFileSync(file), file));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

const SESSIONS: readonly SessionKind[] = ['main', 'subagent', 'cron', 'group'];

/** Each session kind's prompt tokens (Project Context and skills section), then the cost per day. */
export function personaCost(
  dir: string,
  profile: RuntimeProfile,
  options: RuntimeOptions,
  encoding: TokenEncoding | undefined,
  skills: SkillsReport | undefined,
  agent: OpenClawAgent | undefined,
  cost: CostOptions,
): CostPerDay {
  const counter = encoding ? new IncrementalTokenCounter(encoding) : undefined;
  // Without an encoding, the chars ÷ 4 rule OpenClaw's own /context uses: an estimate.
  const tokens = (text: string) => (text ? (counter ? counter.count(text) : Math.ceil(text.length / 4)) : 0);
  const skillsTokens = tokens(skills?.section ?? '');
  const promptTokens: Partial<Record<RunKind, number>> = {};
  for (const session of SESSIONS) {
    const measured = { ...options, session };
    promptTokens[session] = tokens(profile.compose(readPersonaInput(dir, profile, measured), measured).text) + skillsTokens;
  }
  // A user message (heartbeat prompt, cron message) is a few hundred chars: estimated as chars ÷ 4.
  return costPerDay({ runs: runsPerDay(agent, cost.jobs, cost.turnsPerDay), promptTokens, prices: cost.prices });
}
