// How often an OpenClaw persona's agent runs, as its config says: the agent whose workspace
// the folder is (its heartbeat interval and message), and the cron jobs of OpenClaw's cron
// store beside the config (`<state>/cron/jobs.json`, or the config's `cron.store`). The
// config is the one named in personaStudio.openclaw.configFile, else an openclaw.json at the
// root of the folder's workspace folder (the user opened their ~/.openclaw); the cron store
// is read only inside the workspace. Part of the preview session bundle.
import * as vscode from 'vscode';
import { agentOfWorkspace, agentsFromConfig, CronJob, cronJobsFromStore, MAX_CONFIG_BYTES, OpenClawAgent, parseOpenClawConfigObject, parseOpenClawJson5 } from '../../core';
import { openclawConfigFile } from '../model/config';
import { homeFolder, readUserFile } from '../platform';
import { expectFileSystemError } from '../util/log';

export interface AgentSchedule {
  /** The agent whose workspace the folder is, when a config lists it. */
  readonly agent?: OpenClawAgent;
  readonly jobs: readonly CronJob[];
  /** Where the agent and jobs came from, or why none did, for people. */
  readonly notes: readonly string[];
}

/** The config file to read for a folder: the setting's (a user-chosen file), else the workspace's own openclaw.json. */
function configOf(folder: vscode.Uri): { uri: vscode.Uri; named: boolean } | undefined {
  const named = openclawConfigFile();
  if (named !== undefined) {
    const path = named === '~' || named.startsWith('~/') ? `${homeFolder ?? ''}${named.slice(1)}` : named;
    return { uri: vscode.Uri.file(path), named: true };
  }
  const root = vscode.workspace.getWorkspaceFolder(folder)?.uri;
  return root && { uri: vscode.Uri.joinPath(root, 'openclaw.json'), named: false };
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

export async function readAgentSchedule(folder: vscode.Uri): Promise<AgentSchedule> {
  const config = configOf(folder);
  if (!config) return { jobs: [], notes: [vscode.l10n.t('no openclaw.json: heartbeats and cron jobs not counted')] };
  let text: string | undefined;
  try {
    text = config.named ? await readUserFile?.(config.uri.fsPath) : await readBounded(config.uri);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return { jobs: [], notes: [vscode.l10n.t('{0} not read: {1}', config.uri.fsPath, error.message)] };
  }
  if (text === undefined) return { jobs: [], notes: [vscode.l10n.t('no openclaw.json: heartbeats and cron jobs not counted')] };
  let parsed: Record<string, unknown>;
  try {
    parsed = parseOpenClawConfigObject(text, config.uri.fsPath);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return { jobs: [], notes: [error.message] };
  }
  const agents = agentsFromConfig(parsed, { home: homeFolder ?? '/' });
  const agent = agentOfWorkspace(agents, folder.fsPath);
  const notes = [agent ? vscode.l10n.t('agent {0} of {1}', agent.id, config.uri.fsPath) : vscode.l10n.t('no agent of {0} has this folder as its workspace', config.uri.fsPath)];
  const store = cronStoreOf(parsed, config.uri);
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
