// The user's openclaw.json, found where OpenClaw looks (part of the agents bundle): the file of
// personaStudio.openclaw.configFile, else an openclaw.json at the root of an opened folder (the
// user opened their ~/.openclaw), else $OPENCLAW_CONFIG_PATH, else ~/.openclaw/openclaw.json;
// the last two on a local disk only, each read within a config file's bounds.
import * as vscode from 'vscode';
import { agentsFromConfig, OpenClawAgent, OpenClawEnv, openclawConfigCandidates } from '../../core/runtimes/openclawAgents';
import { capsFromConfig, MAX_CONFIG_BYTES, OpenClawCaps, parseOpenClawConfigObject } from '../../core/runtimes/openclawConfig';
import { releaseFromConfig } from '../../core/runtimes/openclawState';
import { homeFolder, processEnv, readUserFile } from '../platform';
import { expectFileSystemError } from '../util/log';

export interface UserConfig {
  /** The defaults' caps (agent main's): what a folder no agent has gets. */
  readonly caps: OpenClawCaps;
  readonly release?: string;
  readonly agents: readonly OpenClawAgent[];
  /** The file read, when one was. */
  readonly file?: string;
  /** The config as parsed: its skills settings place and gate the skills outside the workspace. */
  readonly config?: unknown;
}

const NONE: UserConfig = { caps: {}, agents: [] };

/** The config, its caps, release and agents; none found gives none, a bad file is said once and ignored. */
export async function readUserConfig(explicit: string | undefined, folders: readonly vscode.Uri[]): Promise<UserConfig> {
  try {
    const found = await findConfig(explicit, folders);
    if (!found) return NONE;
    const config = parseOpenClawConfigObject(found.text, found.file);
    const release = releaseFromConfig(config);
    // Where OpenClaw would put each agent's workspace; only compared with the opened folders, never read.
    const agents = homeFolder === undefined ? [] : agentsFromConfig(config, { home: homeFolder, env: processEnv as OpenClawEnv | undefined });
    return { caps: capsFromConfig(config), agents, file: found.file, config, ...(release !== undefined && { release }) };
  } catch (error) {
    // Unreadable or not JSON5: the settings apply, and the user is told once per file.
    if (!(error instanceof Error)) throw error;
    void vscode.window.showWarningMessage(vscode.l10n.t('OpenClaw caps not read: {0}. The settings apply.', error.message));
    return NONE;
  }
}

async function findConfig(explicit: string | undefined, folders: readonly vscode.Uri[]): Promise<{ file: string; text: string } | undefined> {
  if (explicit !== undefined) {
    if (!readUserFile) throw new Error(vscode.l10n.t('{0} cannot be read here', explicit));
    return { file: explicit, text: await readUserFile(explicit) };
  }
  for (const folder of folders) {
    const uri = vscode.Uri.joinPath(folder, 'openclaw.json');
    const file = uri.scheme === 'file' ? uri.fsPath : uri.path;
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch (error) {
      expectFileSystemError(error); // None in this folder.
      continue;
    }
    // A regular file only: a link could lead out of the workspace.
    if (stat.type !== vscode.FileType.File) continue;
    if (stat.size > MAX_CONFIG_BYTES) throw new Error(`${file}: larger than 1 MB`);
    return { file, text: new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)) };
  }
  if (!readUserFile || homeFolder === undefined) return undefined;
  for (const file of openclawConfigCandidates({ home: homeFolder, env: processEnv as OpenClawEnv | undefined })) {
    try {
      return { file, text: await readUserFile(file) };
    } catch (error) {
      // The places OpenClaw looks by default may hold nothing.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return undefined;
}
