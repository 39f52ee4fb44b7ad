// Is a folder an OpenClaw agent workspace, and why: the config lists it as an agent's, or it
// holds OpenClaw's own state file. Also what OpenClaw leaves in a workspace that looks like a
// record of a run and is not one (its trajectory exports), and what an edit costs in cache writes.
import { agentLabel, agentOfWorkspace, OpenClawAgent } from './openclawAgents';
import type { CostPerDay, TokenPrices } from './openclawCost';
import { OPENCLAW_STATE_FILE } from './openclawState';

export interface OpenClawWorkspace {
  /** The agent whose workspace it is, when the config lists one. */
  readonly agent?: OpenClawAgent;
  /** For people: "OpenClaw workspace of agent main". */
  readonly reason: string;
}

/**
 * Why `folder` is an OpenClaw workspace, or undefined when nothing says it is. A folder
 * listed as an agent's workspace wins over one that only holds `.openclaw/workspace-state.json`.
 */
export function openclawWorkspaceOf(folder: string, agents: readonly OpenClawAgent[], hasStateFile: boolean): OpenClawWorkspace | undefined {
  const agent = agentOfWorkspace(agents, folder);
  if (agent) return { agent, reason: `OpenClaw workspace of agent ${agentLabel(agent)}` };
  if (hasStateFile) return { reason: `OpenClaw workspace (it holds ${OPENCLAW_STATE_FILE})` };
  return undefined;
}

/** Where OpenClaw writes a session's trajectory export inside the workspace. */
export const TRAJECTORY_EXPORTS_DIR = '.openclaw/trajectory-exports';

/** Said of an export folder found in the workspace: it is not a record of the prompt to check against. */
export const TRAJECTORY_EXPORT_NOTE =
  "OpenClaw's trajectory export does not hold the run's system prompt report whole (its event payloads keep 64 objects, and system-prompt.txt is cut to 2,000 chars, redacted, or absent): the last-run check reads the session store or `openclaw agent --json` output instead";

/** Whether a path (relative to the workspace, `/`-separated) is inside a trajectory export. */
export function isTrajectoryExport(relative: string): boolean {
  return relative === TRAJECTORY_EXPORTS_DIR || relative.startsWith(`${TRAJECTORY_EXPORTS_DIR}/`);
}

export interface EditCacheWrite {
  /** Tokens the next run of each session kind writes to the cache, summed over distinct prompts. */
  readonly tokens: number;
  readonly dollars?: number;
  /** "this edit: next runs write ≈ 14,200 tokens to the cache ≈ $0.05". */
  readonly message: string;
}

/**
 * What saving a bootstrap file (or a skill's name, description or location) costs: the
 * Project Context and skills sit above OpenClaw's prompt-cache boundary, so the next run of
 * every session kind that runs writes its whole prefix to the cache once. Heartbeats share
 * the main session's prefix.
 */
export function editCacheWrite(cost: CostPerDay, prices?: TokenPrices): EditCacheWrite {
  const prefixes = new Map<string, number>();
  for (const session of cost.sessions) {
    if (session.runsPerDay <= 0 || session.promptTokens <= 0) continue;
    prefixes.set(session.kind === 'heartbeat' ? 'main' : session.kind, session.promptTokens);
  }
  const tokens = [...prefixes.values()].reduce((sum, value) => sum + value, 0);
  const price = prices?.cacheWrite ?? prices?.input;
  const dollars = price === undefined ? undefined : (tokens * price) / 1_000_000;
  const money = dollars === undefined ? '' : ` ≈ $${dollars < 0.01 && dollars > 0 ? dollars.toFixed(4) : dollars.toFixed(2)}`;
  return { tokens, ...(dollars !== undefined && { dollars }), message: `this edit: next runs write ≈ ${tokens.toLocaleString('en-US')} tokens to the cache${money}` };
}
