// The agents an OpenClaw config (openclaw.json, parsed) declares, read the way OpenClaw
// 2026.9.6 reads them: `agents.entries.<id>` (8.x+) or `agents.list[]`, merged over
// `agents.defaults`, each with the workspace OpenClaw would use. Pure: paths are POSIX or
// Windows strings, the environment and home are given.
import { capsFromConfig, DEFAULT_AGENT_ID, normalizeAgentId, OpenClawCaps } from './openclawConfig';
import { joinWorkspacePath } from './openclawPrompt';
import { isAbsoluteWorkspacePath } from './profile';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** Where OpenClaw looks, as OpenClaw names the variables. */
export interface OpenClawEnv {
  readonly OPENCLAW_CONFIG_PATH?: string;
  readonly OPENCLAW_STATE_DIR?: string;
  readonly OPENCLAW_WORKSPACE_DIR?: string;
  readonly OPENCLAW_PROFILE?: string;
  readonly OPENCLAW_HOME?: string;
}

export interface AgentsContext {
  /** The user's home folder (OpenClaw's `OPENCLAW_HOME` wins over it, as in OpenClaw). */
  readonly home: string;
  readonly env?: OpenClawEnv;
  /** What a relative workspace is resolved against: OpenClaw resolves it against its own working folder. */
  readonly cwd?: string;
}

export interface OpenClawAgentIdentity {
  readonly name?: string;
  readonly emoji?: string;
  readonly theme?: string;
}

export interface OpenClawHeartbeat {
  /** The interval as written (`30m`, `1h`); OpenClaw's default `30m` when unset. */
  readonly every: string;
  /** Milliseconds between runs; undefined when heartbeats are off (`0m`, empty or unreadable). */
  readonly intervalMs?: number;
  /** The user message each heartbeat sends, when the config sets one (else OpenClaw's default). */
  readonly prompt?: string;
  /** `lightContext`: a heartbeat run gets no bootstrap files. */
  readonly lightContext: boolean;
  /** Whether OpenClaw runs heartbeats for this agent (see `heartbeatAgentIds`); they run only with an `intervalMs`. */
  readonly enabled: boolean;
}

/** Where an agent's workspace came from. */
export type WorkspaceSource = 'agent' | 'defaults' | 'defaults/<id>' | 'default' | 'state/workspace-<id>';

export interface OpenClawAgent {
  /** The id as OpenClaw compares them (lower case). */
  readonly id: string;
  /** The id as written in the config. */
  readonly configId: string;
  /** Whether the config lists it (false for the implicit `main` of a config with no roster). */
  readonly listed: boolean;
  readonly default: boolean;
  /** Absolute workspace folder, as OpenClaw resolves it. */
  readonly workspace: string;
  readonly workspaceSource: WorkspaceSource;
  /** The workspace was written relative: OpenClaw resolves it against its own working folder. */
  readonly workspaceRelative: boolean;
  readonly caps: OpenClawCaps;
  /** The skills allowlist; undefined: every skill. */
  readonly skills?: readonly string[];
  /** `provider/model` or the primary of `{ primary, fallbacks }`, the agent's else the defaults'. */
  readonly model?: string;
  readonly heartbeat: OpenClawHeartbeat;
  readonly identity?: OpenClawAgentIdentity;
  readonly name?: string;
}

/** The entries as OpenClaw lists them: `agents.entries` (when the key is set) else `agents.list`. */
function rosterEntries(config: Json): { id: string; entry: Json }[] | undefined {
  const agents = isRecord(config.agents) ? config.agents : undefined;
  if (!agents) return undefined;
  if (Object.hasOwn(agents, 'entries') && agents.entries !== undefined) {
    if (!isRecord(agents.entries)) return [];
    return Object.entries(agents.entries)
      .filter((pair): pair is [string, Json] => isRecord(pair[1]))
      .map(([id, entry]) => ({ id, entry }));
  }
  if (Object.hasOwn(agents, 'list')) {
    if (!Array.isArray(agents.list)) return [];
    return agents.list.filter(isRecord).map((entry) => ({ id: typeof entry.id === 'string' ? entry.id : '', entry }));
  }
  return undefined;
}

/** `~` and `~/x` against the home, as OpenClaw's resolveUserPath; else absolute, or joined to `cwd`. */
function resolveUserPath(value: string, context: AgentsContext): { path: string; relative: boolean } {
  const home = effectiveHome(context);
  if (value === '~' || value.startsWith('~/') || value.startsWith('~\\')) return { path: joinWorkspacePath(home, value.slice(2)), relative: false };
  if (isAbsoluteWorkspacePath(value)) return { path: normalizePath(value), relative: false };
  return { path: joinWorkspacePath(context.cwd ?? home, value), relative: true };
}

function effectiveHome(context: AgentsContext): string {
  const override = text(context.env?.OPENCLAW_HOME);
  return override ? resolvePlain(override, context.home) : context.home;
}

function resolvePlain(value: string, home: string): string {
  if (value === '~' || value.startsWith('~/')) return joinWorkspacePath(home, value.slice(2));
  return normalizePath(value);
}

/** `..` and `.` segments resolved, no trailing separator (a Windows path keeps its separators). */
export function normalizePath(value: string): string {
  if (/^[A-Za-z]:[\\/]|^\\\\/.test(value) || (value.includes('\\') && !value.includes('/'))) return value.replace(/(?<=.)[\\/]+$/, '');
  return joinWorkspacePath(value, '');
}

/** A profile name OpenClaw accepts; `default` is none. */
function profileName(env: OpenClawEnv | undefined): string | undefined {
  const profile = text(env?.OPENCLAW_PROFILE);
  return profile && profile.toLowerCase() !== 'default' && /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(profile) ? profile : undefined;
}

/**
 * OpenClaw's state folder: `$OPENCLAW_STATE_DIR`, else `~/.openclaw`. (`openclaw --profile P`
 * sets OPENCLAW_STATE_DIR to `~/.openclaw-P` itself; the variable OPENCLAW_PROFILE alone moves
 * only the default workspace, as in OpenClaw's own functions.)
 */
export function openclawStateDir(context: AgentsContext): string {
  const override = text(context.env?.OPENCLAW_STATE_DIR);
  if (override) return resolveUserPath(override, context).path;
  return joinWorkspacePath(effectiveHome(context), '.openclaw');
}

/**
 * The config files to try, in order: the one given, `$OPENCLAW_CONFIG_PATH`, then
 * `openclaw.json` in the state folder (`~/.openclaw/openclaw.json`).
 */
export function openclawConfigCandidates(context: AgentsContext, explicit?: string): string[] {
  const candidates: string[] = [];
  if (text(explicit)) candidates.push(resolveUserPath(explicit!.trim(), context).path);
  const fromEnv = text(context.env?.OPENCLAW_CONFIG_PATH);
  if (fromEnv) candidates.push(resolveUserPath(fromEnv, context).path);
  candidates.push(joinWorkspacePath(openclawStateDir(context), 'openclaw.json'));
  return [...new Set(candidates)];
}

/** OpenClaw's default workspace: `$OPENCLAW_WORKSPACE_DIR`, `<state>/workspace` when the state folder is set, `~/.openclaw-<profile>/workspace`, else `~/.openclaw/workspace`. */
export function defaultWorkspaceDir(context: AgentsContext): string {
  const env = context.env;
  const fromEnv = text(env?.OPENCLAW_WORKSPACE_DIR);
  if (fromEnv) return resolveUserPath(fromEnv, context).path;
  if (text(env?.OPENCLAW_STATE_DIR)) return joinWorkspacePath(openclawStateDir(context), 'workspace');
  const profile = profileName(env);
  return joinWorkspacePath(effectiveHome(context), profile ? `.openclaw-${profile}/workspace` : '.openclaw/workspace');
}

/** The agent that inherits the default workspace: the only one marked `default: true`, else the only agent. */
function dataOwnerId(roster: readonly { id: string; entry: Json }[] | undefined, config: Json): string | undefined {
  if (!roster) return DEFAULT_AGENT_ID;
  const agents = isRecord(config.agents) ? config.agents : {};
  if (agents.ownership !== 'explicit') {
    const marked = roster.filter(({ entry }) => entry.default === true);
    if (marked.length === 1) return normalizeAgentId(marked[0].id);
  }
  if (roster.length === 1) return normalizeAgentId(roster[0].id);
  return undefined;
}

function workspaceOf(
  config: Json,
  entry: Json,
  id: string,
  owner: string | undefined,
  context: AgentsContext,
): Pick<OpenClawAgent, 'workspace' | 'workspaceSource' | 'workspaceRelative'> {
  const own = text(entry.workspace);
  if (own) {
    const resolved = resolveUserPath(own, context);
    return { workspace: resolved.path, workspaceSource: 'agent', workspaceRelative: resolved.relative };
  }
  const defaults = isRecord(config.agents) && isRecord(config.agents.defaults) ? config.agents.defaults : {};
  const fallback = text(defaults.workspace);
  if (owner !== undefined && id === owner) {
    if (fallback) {
      const resolved = resolveUserPath(fallback, context);
      return { workspace: resolved.path, workspaceSource: 'defaults', workspaceRelative: resolved.relative };
    }
    return { workspace: defaultWorkspaceDir(context), workspaceSource: 'default', workspaceRelative: false };
  }
  if (fallback) {
    const resolved = resolveUserPath(fallback, context);
    return { workspace: joinWorkspacePath(resolved.path, id), workspaceSource: 'defaults/<id>', workspaceRelative: resolved.relative };
  }
  return { workspace: joinWorkspacePath(openclawStateDir(context), `workspace-${id}`), workspaceSource: 'state/workspace-<id>', workspaceRelative: false };
}

/** A skills allowlist as OpenClaw normalizes one: each entry as a trimmed string, empty ones dropped; undefined: every skill. */
function skillFilter(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [];
  return list.map((entry) => String(entry).trim()).filter(Boolean);
}

function modelOf(value: unknown): string | undefined {
  if (typeof value === 'string') return text(value);
  return isRecord(value) ? text(value.primary) : undefined;
}

/** `30m`, `1h`, `90s`, `1d`, `500ms`, `2h30m`; a bare number is minutes (OpenClaw's default unit). */
export function parseDurationMs(value: string): number | undefined {
  const trimmed = value.trim().toLowerCase();
  if (!trimmed) return undefined;
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed) * 60_000;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  let total = 0;
  let rest = trimmed;
  while (rest) {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)/.exec(rest);
    if (!match) return undefined;
    total += Number(match[1]) * units[match[2]];
    rest = rest.slice(match[0].length);
  }
  return total;
}

/** The agents OpenClaw runs heartbeats for: those with a `heartbeat` of their own, else the defaults' `agentId`, else all (defaults set), else the sole agent. */
function heartbeatAgentIds(config: Json, roster: readonly { id: string; entry: Json }[] | undefined, ids: readonly string[]): Set<string> {
  const explicit = (roster ?? []).filter(({ entry }) => entry.heartbeat !== undefined && entry.heartbeat !== null && entry.heartbeat !== false);
  if (explicit.length > 0) return new Set(explicit.map(({ id }) => normalizeAgentId(id)));
  const defaults = isRecord(config.agents) && isRecord(config.agents.defaults) ? config.agents.defaults : {};
  const heartbeat = isRecord(defaults.heartbeat) ? defaults.heartbeat : undefined;
  const configured = text(heartbeat?.agentId);
  if (configured) return new Set([normalizeAgentId(configured)]);
  if (heartbeat) return new Set(ids);
  const systemAgent = isRecord(defaults.systemAgent) ? text(defaults.systemAgent.agentId) : undefined;
  if (systemAgent) return new Set([normalizeAgentId(systemAgent)]);
  const owner = dataOwnerId(roster, config);
  return new Set(owner ? [owner] : []);
}

function heartbeatOf(defaults: Json, entry: Json, enabled: boolean): OpenClawHeartbeat {
  const merged: Json = { ...(isRecord(defaults.heartbeat) ? defaults.heartbeat : {}), ...(isRecord(entry.heartbeat) ? entry.heartbeat : {}) };
  const every = typeof merged.every === 'string' ? merged.every : typeof merged.every === 'number' ? String(merged.every) : '30m';
  const ms = parseDurationMs(every);
  const prompt = text(merged.prompt);
  return { every, ...(ms !== undefined && ms > 0 && { intervalMs: ms }), ...(prompt && { prompt }), lightContext: merged.lightContext === true, enabled };
}

function identityOf(value: unknown): OpenClawAgentIdentity | undefined {
  if (!isRecord(value)) return undefined;
  const identity: { name?: string; emoji?: string; theme?: string } = {};
  for (const key of ['name', 'emoji', 'theme'] as const) if (text(value[key])) identity[key] = text(value[key]);
  return Object.keys(identity).length > 0 ? identity : undefined;
}

/** Every agent the config declares (a config with no roster has the implicit `main`), resolved. */
export function agentsFromConfig(config: unknown, context: AgentsContext): OpenClawAgent[] {
  const root: Json = isRecord(config) ? config : {};
  const defaults = isRecord(root.agents) && isRecord(root.agents.defaults) ? root.agents.defaults : {};
  const roster = rosterEntries(root);
  const entries = roster ?? [{ id: DEFAULT_AGENT_ID, entry: {} }];
  const owner = dataOwnerId(roster, root);
  const seen = new Set<string>();
  const ids = entries.map(({ id }) => normalizeAgentId(id));
  const beating = heartbeatAgentIds(root, roster, ids);
  const agents: OpenClawAgent[] = [];
  for (const { id: configId, entry } of entries) {
    const id = normalizeAgentId(configId);
    // OpenClaw finds an agent by its first entry: a later one with the same id is never used.
    if (seen.has(id)) continue;
    seen.add(id);
    // The agent's own list wins when the key is there (null or [] included), else the defaults'.
    const skills = skillFilter(Object.hasOwn(entry, 'skills') && entry.skills !== undefined ? entry.skills : defaults.skills);
    const model = modelOf(entry.model) ?? modelOf(defaults.model);
    const identity = identityOf(entry.identity);
    const name = text(entry.name);
    agents.push({
      id,
      configId,
      listed: roster !== undefined,
      default: owner === id,
      ...workspaceOf(root, entry, id, owner, context),
      caps: capsFromConfig(root, id),
      ...(skills && { skills }),
      ...(model && { model }),
      heartbeat: heartbeatOf(defaults, entry, beating.has(id)),
      ...(identity && { identity }),
      ...(name && { name }),
    });
  }
  return agents;
}

/** Whether `folder` is `root` or inside it (both absolute, compared as written; `/` or `\`). */
export function isInsideFolder(folder: string, root: string): boolean {
  const norm = (value: string) => normalizePath(value).replace(/\\/g, '/').replace(/\/+$/, '');
  const a = norm(folder);
  const b = norm(root);
  const windows = /^[A-Za-z]:/.test(b);
  const [x, y] = windows ? [a.toLowerCase(), b.toLowerCase()] : [a, b];
  return x === y || x.startsWith(y === '' ? '/' : `${y}/`);
}

/** The agent whose workspace `folder` is, when the config lists one. */
export function agentOfWorkspace(agents: readonly OpenClawAgent[], folder: string): OpenClawAgent | undefined {
  return agents.find((agent) => isInsideFolder(folder, agent.workspace) && isInsideFolder(agent.workspace, folder));
}

/** How an agent is shown: its identity's emoji and name, else its name, else its id. */
export function agentLabel(agent: OpenClawAgent): string {
  const name = agent.identity?.name ?? agent.name;
  const emoji = agent.identity?.emoji;
  const shown = name && name !== agent.id ? `${name} (${agent.id})` : agent.id;
  return emoji ? `${emoji} ${shown}` : shown;
}
