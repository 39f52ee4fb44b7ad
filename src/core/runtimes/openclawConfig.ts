// The caps an OpenClaw config file (openclaw.json, JSON5) sets for one agent, read the
// way OpenClaw 2026.9.6 reads them. `$include` is followed by openclawInclude.ts; `${ENV}` substitution is not.
import type * as JSON5 from 'json5';

/**
 * The JSON5 parser, loaded on the first config read: the extension ships it as a bundle of
 * its own (scripts/build.mjs), so activation never loads it.
 */
function json5(): typeof JSON5 {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('json5') as typeof JSON5;
}

export interface OpenClawCaps {
  /** `bootstrapMaxChars`, when the config sets a valid one for the agent. */
  readonly maxChars?: number;
  /** `bootstrapTotalMaxChars`, likewise. */
  readonly totalMaxChars?: number;
}

/** Larger than any openclaw.json a person writes; a larger one is refused, not parsed (JSON5 takes seconds per 10 MB). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** The agent a session belongs to when none is named. */
export const DEFAULT_AGENT_ID = 'main';

/** A cap counts only when it is a finite number above 0; it is floored. */
export function validCap(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** An agent id as OpenClaw compares them: lower case, odd characters made dashes. */
export function normalizeAgentId(value: unknown): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  const lower = trimmed.toLowerCase();
  if (/^[a-z0-9][a-z0-9_-]{0,63}$/i.test(trimmed)) return lower;
  const id = lower
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+/, '')
    .replace(/-+$/, '')
    .slice(0, 64);
  return id || DEFAULT_AGENT_ID;
}

/** The agent's own entry: `agents.entries` (keyed by id) wins over `agents.list`. */
function agentEntry(agents: Json, id: string): Json | undefined {
  if (Object.hasOwn(agents, 'entries') && agents.entries !== undefined) {
    if (!isRecord(agents.entries)) return undefined;
    for (const [key, entry] of Object.entries(agents.entries)) if (isRecord(entry) && normalizeAgentId(key) === id) return entry;
    return undefined;
  }
  if (Array.isArray(agents.list)) {
    return agents.list.find((entry): entry is Json => isRecord(entry) && normalizeAgentId(entry.id) === id);
  }
  return undefined;
}

/** The caps for `agentId` from a parsed config: the agent's value, else the defaults'. */
export function capsFromConfig(config: unknown, agentId: string = DEFAULT_AGENT_ID): OpenClawCaps {
  const agents = isRecord(config) && isRecord(config.agents) ? config.agents : undefined;
  if (!agents) return {};
  const defaults = isRecord(agents.defaults) ? agents.defaults : {};
  const entry = agentEntry(agents, normalizeAgentId(agentId));
  // An agent's value that is set but not valid still hides the default one.
  const pick = (key: string) => validCap(entry?.[key] ?? defaults[key]);
  const caps: { maxChars?: number; totalMaxChars?: number } = {};
  const maxChars = pick('bootstrapMaxChars');
  const totalMaxChars = pick('bootstrapTotalMaxChars');
  if (maxChars !== undefined) caps.maxChars = maxChars;
  if (totalMaxChars !== undefined) caps.totalMaxChars = totalMaxChars;
  return caps;
}

/** What a JSON value that is not an object is, for a message. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Parses an openclaw.json text for an agent's caps; throws one line naming the file and the problem. */
export function parseOpenClawConfig(text: string, agentId: string = DEFAULT_AGENT_ID, fileName = 'openclaw.json'): OpenClawCaps {
  return capsFromConfig(parseOpenClawConfigObject(text, fileName), agentId);
}

/** Parses an openclaw.json text into its top object; throws one line naming the file and the problem. */
export function parseOpenClawConfigObject(text: string, fileName = 'openclaw.json'): Record<string, unknown> {
  const config = parseOpenClawJson5(text, fileName);
  if (!isRecord(config)) throw new Error(`${fileName}: expected an object at the top, not ${kindOf(config)}`);
  return config;
}

/** Parses a JSON5 text (a config or a file it includes); throws one line naming the file. */
export function parseOpenClawJson5(text: string, fileName = 'openclaw.json'): unknown {
  try {
    return json5().parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^JSON5: /, '').replace(/\s+/g, ' ') : String(error);
    throw new Error(`${fileName}: not valid JSON5 (${detail})`);
  }
}
