// How often an OpenClaw persona's agent runs, as its config says: the agent whose workspace
// the folder is (its heartbeat interval and message), and the cron jobs of OpenClaw's cron
// store beside the config (`<state>/cron/jobs.json`, or the config's `cron.store`). The
// config is the one the hub reads (model/openclawContext.ts, its `$include`s followed); the
// cron store is read only inside the workspace. Part of the preview session bundle.
import * as vscode from 'vscode';
import { agentOfWorkspace, agentsFromConfig, CronJob, cronJobsFromStore, MAX_CONFIG_BYTES, OpenClawAgent, parseOpenClawJson5 } from '../../core';
import type { UserConfig } from '../agents/userConfig';
import { homeFolder } from '../platform';
import { expectFileSystemError } from '../util/log';

export interface AgentSchedule {
  /** The agent whose workspace the folder is, when a config lists it. */
  readonly agent?: OpenClawAgent;
  readonly jobs: readonly CronJob[];
  /** Where the agent and jobs came from, or why none did, for people. */
  readonly notes: readonly string[];
}

/** A workspace file's text, bounded; undefined when absent. */
async function readBounded(uri: vscode.Uri): Promise<string | undefined> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > MAX_CONFIG_BYTES) throw new Error(vscode.l10n.t('{0} is larger than {1} bytes', uri.path, MAX_CONFIG_BYTES));
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    expectFileSystemError(error); // Absent: nothing to read.
    return undefined;
  }
}

/** The cron store's location: `cron.store` of the config, else `cron/jobs.json` beside it. */
function cronStoreOf(config: Record<string, unknown>, configUri: vscode.Uri): vscode.Uri {
  const cron = config.cron as { store?: unknown } | undefined;
  const store = typeof cron?.store === 'string' ? cron.store.trim() : '';
  if (store) return vscode.Uri.file(store.startsWith('~') ? `${homeFolder ?? ''}${store.slice(1)}` : store);
  return vscode.Uri.joinPath(configUri, '..', 'cron', 'jobs.json');
}

/** The schedule of the folder's agent from the user's config as the hub read it (its `$include`s followed). */
export async function readAgentSchedule(folder: vscode.Uri, user: UserConfig): Promise<AgentSchedule> {
  const configUri = user.files?.[0];
  const file = user.file ?? 'openclaw.json';
  if (user.problem !== undefined) return { jobs: [], notes: [vscode.l10n.t('{0} not read: {1}', file, user.problem)] };
  if (!user.config || !configUri) return { jobs: [], notes: [vscode.l10n.t('no openclaw.json: heartbeats and cron jobs not counted')] };
  // Without a home folder (the browser) the hub resolves no agents: the config's own workspaces still place them.
  const agents = user.agents.length > 0 ? user.agents : agentsFromConfig(user.config, { home: homeFolder ?? '/' });
  const agent = agentOfWorkspace(agents, folder.fsPath);
  const notes = [agent ? vscode.l10n.t('agent {0} of {1}', agent.id, file) : vscode.l10n.t('no agent of {0} has this folder as its workspace', file)];
  const store = cronStoreOf(user.config, configUri);
  // The cron store is read only where the user opened it: it is no file they named.
  if (!vscode.workspace.getWorkspaceFolder(store)) {
    notes.push(vscode.l10n.t('cron jobs not read: {0} is outside the workspace', store.fsPath));
    return { ...(agent && { agent }), jobs: [], notes };
  }
  const jobsText = await readBounded(store);
  let jobs: CronJob[] = [];
  if (jobsText !== undefined) {
    try {
      jobs = cronJobsFromStore(parseOpenClawJson5(jobsText, store.fsPath));
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      notes.push(error.message);
    }
  }
  return { ...(agent && { agent }), jobs, notes };
}
