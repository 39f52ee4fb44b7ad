// How often an OpenClaw agent runs, by session kind: heartbeats from the config's interval,
// cron jobs from OpenClaw's job store (`<state>/cron/jobs.json`), chat turns as the user says.
import { normalizeAgentId } from './openclawConfig';
import type { OpenClawAgent } from './openclawAgents';

/** Every kind of run OpenClaw makes for an agent; heartbeat runs in the agent's main session. */
export type RunKind = 'main' | 'subagent' | 'cron' | 'group' | 'heartbeat';
export const RUN_KINDS: readonly RunKind[] = ['main', 'heartbeat', 'cron', 'subagent', 'group'];

/** OpenClaw's default heartbeat message (2026.9.6, `HEARTBEAT_PROMPT`): sent as the user message, not in the system prompt. */
export const OPENCLAW_HEARTBEAT_PROMPT =
  'Follow the heartbeat monitor scratch context when provided. Recurring tasks are automations; create or change their schedules with the automations tool, not heartbeat scratch. Do not infer or repeat old tasks from prior chats. If nothing needs attention, reply NO_REPLY.';

export interface CronJob {
  readonly id: string;
  readonly name?: string;
  /** The agent it runs as (normalized); undefined: the default agent. */
  readonly agentId?: string;
  readonly runsPerDay: number;
  /** `isolated` jobs run a cron session; `main` ones wake the main session. */
  readonly target: 'cron' | 'main';
  /** The job's message, sent as the user message of each run. */
  readonly message?: string;
  /** `lightContext`: the run gets no bootstrap files. */
  readonly lightContext: boolean;
  /** Why the runs per day are approximate or zero, for people. */
  readonly note?: string;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

const NAMES: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  sun: 0,
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
};

/** The values one cron field allows, or undefined when it cannot be read. */
function field(text: string, min: number, max: number): Set<number> | undefined {
  const values = new Set<number>();
  for (const part of text.toLowerCase().split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) return undefined;
    const value = (token: string) => (token in NAMES ? NAMES[token] : Number(token));
    let from: number;
    let to: number;
    if (range === '*' || range === '?') [from, to] = [min, max];
    else if (range.includes('-')) [from, to] = range.split('-').map(value) as [number, number];
    else [from, to] = [value(range), stepText === undefined ? value(range) : max];
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < min || to > max || from > to) return undefined;
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/**
 * Runs per day of a cron expression (5 fields, or 6 with seconds first), averaged over a
 * leap year in UTC; undefined when it cannot be read. Day of month and day of week both
 * restricted means either, as cron has it.
 */
export function cronRunsPerDay(expr: string): number | undefined {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5 && parts.length !== 6) return undefined;
  const [seconds, ...rest] = parts.length === 6 ? parts : ['0', ...parts];
  const [minute, hour, dom, month, dow] = rest;
  const s = field(seconds, 0, 59);
  const mi = field(minute, 0, 59);
  const h = field(hour, 0, 23);
  const d = field(dom, 1, 31);
  const mo = field(month, 1, 12);
  const w = field(dow.replace(/\b7\b/g, '0'), 0, 6);
  if (!s || !mi || !h || !d || !mo || !w) return undefined;
  const domAny = dom === '*' || dom === '?';
  const dowAny = dow === '*' || dow === '?';
  let days = 0;
  for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2025, 0, 1); day += 86_400_000) {
    const date = new Date(day);
    if (!mo.has(date.getUTCMonth() + 1)) continue;
    const byDom = d.has(date.getUTCDate());
    const byDow = w.has(date.getUTCDay());
    if (domAny && dowAny ? true : domAny ? byDow : dowAny ? byDom : byDom || byDow) days++;
  }
  return (s.size * mi.size * h.size * days) / 366;
}

/** The jobs of OpenClaw's cron store (`{ jobs: [...] }`, or a bare list); disabled ones are left out. */
export function cronJobsFromStore(store: unknown): CronJob[] {
  const list = Array.isArray(store) ? store : isRecord(store) && Array.isArray(store.jobs) ? store.jobs : [];
  const jobs: CronJob[] = [];
  for (const [index, job] of list.entries()) {
    if (!isRecord(job) || job.enabled === false) continue;
    const schedule = isRecord(job.schedule) ? job.schedule : {};
    const payload = isRecord(job.payload) ? job.payload : {};
    let runsPerDay = 0;
    let note: string | undefined;
    if (schedule.kind === 'every' && typeof schedule.everyMs === 'number' && schedule.everyMs >= 1) runsPerDay = 86_400_000 / Math.floor(schedule.everyMs);
    else if (schedule.kind === 'cron' && typeof schedule.expr === 'string') {
      const perDay = cronRunsPerDay(schedule.expr);
      if (perDay === undefined) note = `cron expression '${schedule.expr}' not understood: counted as no runs`;
      runsPerDay = perDay ?? 0;
    } else note = schedule.kind === 'at' ? 'runs once (at a time), not daily' : 'no daily schedule';
    const message = typeof payload.message === 'string' ? payload.message : typeof payload.text === 'string' ? payload.text : undefined;
    jobs.push({
      id: typeof job.id === 'string' ? job.id : `#${index + 1}`,
      ...(typeof job.name === 'string' && { name: job.name }),
      ...(typeof job.agentId === 'string' && job.agentId.trim() && { agentId: normalizeAgentId(job.agentId) }),
      runsPerDay,
      target: job.sessionTarget === 'main' ? 'main' : 'cron',
      ...(message !== undefined && { message }),
      lightContext: payload.lightContext === true,
      ...(note && { note }),
    });
  }
  return jobs;
}

export interface RunsPerDay {
  readonly kind: RunKind;
  readonly runsPerDay: number;
  /** Where the number comes from, for people. */
  readonly from: string;
  /** Characters of the user message each run of this kind sends (heartbeat prompt, cron message), when known. */
  readonly userMessageChars?: number;
  /** The run gets no bootstrap files (`lightContext`). */
  readonly lightContext?: boolean;
}

/**
 * How often each kind runs per day for one agent: heartbeats from its interval, cron jobs
 * bound to it (or to no agent, when it is the default), and `turnsPerDay` chat turns in main.
 */
export function runsPerDay(agent: OpenClawAgent | undefined, jobs: readonly CronJob[], turnsPerDay = 0): RunsPerDay[] {
  const runs: RunsPerDay[] = [{ kind: 'main', runsPerDay: turnsPerDay, from: `${turnsPerDay} chat turns a day (as given)` }];
  const heartbeat = agent?.heartbeat;
  if (heartbeat?.enabled && heartbeat.intervalMs) {
    const prompt = heartbeat.prompt ?? OPENCLAW_HEARTBEAT_PROMPT;
    runs.push({
      kind: 'heartbeat',
      runsPerDay: 86_400_000 / heartbeat.intervalMs,
      from: `heartbeat every ${heartbeat.every}`,
      userMessageChars: prompt.length,
      lightContext: heartbeat.lightContext,
    });
  } else runs.push({ kind: 'heartbeat', runsPerDay: 0, from: agent ? 'heartbeats off for this agent' : 'no config: heartbeats not counted' });
  const mine = jobs.filter((job) => (job.agentId === undefined ? agent?.default !== false : job.agentId === agent?.id));
  for (const target of ['cron', 'main'] as const) {
    const picked = mine.filter((job) => job.target === target);
    if (picked.length === 0) continue;
    const total = picked.reduce((sum, job) => sum + job.runsPerDay, 0);
    const chars = picked.reduce((sum, job) => sum + (job.message?.length ?? 0) * job.runsPerDay, 0);
    const from = `${picked.length} cron job${picked.length === 1 ? '' : 's'}${target === 'main' ? ' waking the main session' : ''}`;
    runs.push({
      kind: target === 'cron' ? 'cron' : 'main',
      runsPerDay: total,
      from,
      ...(total > 0 && { userMessageChars: Math.round(chars / total) }),
      lightContext: picked.every((job) => job.lightContext),
    });
  }
  if (!runs.some((run) => run.kind === 'cron')) runs.push({ kind: 'cron', runsPerDay: 0, from: jobs.length > 0 ? 'no cron job of this agent' : 'no cron jobs given' });
  runs.push({ kind: 'subagent', runsPerDay: 0, from: 'sub-agent runs are not scheduled: not counted' });
  runs.push({ kind: 'group', runsPerDay: 0, from: 'group chat turns are not counted' });
  return runs;
}
