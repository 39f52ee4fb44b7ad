// The user's openclaw.json, found where OpenClaw looks (part of the agents bundle): the file of
// personaStudio.openclaw.configFile, else an openclaw.json at the root of an opened folder (the
// user opened their ~/.openclaw), else $OPENCLAW_CONFIG_PATH, else ~/.openclaw/openclaw.json;
// the last two on a local disk only, each read within a config file's bounds.
import * as vscode from 'vscode';
import { agentsFromConfig, OpenClawAgent, OpenClawEnv, openclawConfigCandidates } from '../../core/runtimes/openclawAgents';
import { capsFromConfig, MAX_CONFIG_BYTES, OpenClawCaps, parseOpenClawConfigObject } from '../../core/runtimes/openclawConfig';
import { resolveConfigIncludesAsync } from '../../core/runtimes/openclawInclude';
import { releaseFromConfig } from '../../core/runtimes/openclawState';
import { homeFolder, processEnv, readUserFile } from '../platform';
import { expectFileSystemError, log } from '../util/log';

export interface UserConfig {
  /** The defaults' caps (agent main's): what a folder no agent has gets. */
  readonly caps: OpenClawCaps;
  readonly release?: string;
  readonly agents: readonly OpenClawAgent[];
  /** The file read, when one was. */
  readonly file?: string;
  /** The config with its `$include`s followed, when it was read. */
  readonly config?: Record<string, unknown>;
  /** The file read and each file its `$include`s read (or tried to): a change to any of them reads the config again. */
  readonly files?: readonly vscode.Uri[];
  /** Why the config found was not read (or an include not followed), in one line. */
  readonly problem?: string;
}

const NONE: UserConfig = { caps: {}, agents: [] };

/** A config found: its text, and how to read a file it includes (with the same bounds). */
interface FoundConfig {
  readonly file: string;
  readonly uri: vscode.Uri;
  readonly text: string;
  readonly readInclude: (file: string) => Promise<string>;
  /** The uri of an included file, by the path `$include` resolved. */
  readonly uriOf: (file: string) => vscode.Uri;
}

/**
 * The config, its caps, release and agents, its `$include`s followed as the CLI follows them
 * (the core's rules: inside the config's folder, at most 10 deep, each a regular file of at most
 * 1 MB); none found gives none, a bad file or include is said once, in the log and one line, and ignored.
 */
export async function readUserConfig(explicit: string | undefined, folders: readonly vscode.Uri[]): Promise<UserConfig> {
  let found: FoundConfig | undefined;
  const files: vscode.Uri[] = [];
  try {
    found = await findConfig(explicit, folders);
    if (!found) return NONE;
    const { uriOf, readInclude } = found;
    files.push(found.uri);
    const parsed = parseOpenClawConfigObject(found.text, found.file);
    const config = (await resolveConfigIncludesAsync(parsed, found.file, (file) => (files.push(uriOf(file)), readInclude(file)))) as Record<string, unknown>;
    const release = releaseFromConfig(config);
    // Where OpenClaw would put each agent's workspace; only compared with the opened folders, never read.
    const agents = homeFolder === undefined ? [] : agentsFromConfig(config, { home: homeFolder, env: processEnv as OpenClawEnv | undefined });
    return { caps: capsFromConfig(config), agents, file: found.file, config, files, ...(release !== undefined && { release }) };
  } catch (error) {
    // Unreadable, not JSON5, or an include not followed: the settings apply, and the user is told once per file.
    if (!(error instanceof Error)) throw error;
    log.warn(`OpenClaw config ${found?.file ?? explicit ?? ''} not read: ${error.message}`);
    void vscode.window.showWarningMessage(vscode.l10n.t('OpenClaw caps not read: {0}. The settings apply.', error.message));
    return { ...NONE, ...(found && { file: found.file }), files, problem: error.message };
  }
}

/** A workspace file's text: a regular file only (a link could lead out of the workspace) of at most 1 MB. */
async function readWorkspaceConfig(uri: vscode.Uri, file: string): Promise<string> {
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.type !== vscode.FileType.File) throw new Error(`${file}: not a regular file`);
  if (stat.size > MAX_CONFIG_BYTES) throw new Error(`${file}: larger than 1 MB`);
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

async function findConfig(explicit: string | undefined, folders: readonly vscode.Uri[]): Promise<FoundConfig | undefined> {
  const userFile = (file: string, text: string): FoundConfig => ({ file, uri: vscode.Uri.file(file), text, readInclude: readUserFile!, uriOf: (path) => vscode.Uri.file(path) });
  if (explicit !== undefined) {
    if (!readUserFile) throw new Error(vscode.l10n.t('{0} cannot be read here', explicit));
    // `~` is the home folder, for the includes' paths too.
    const file = homeFolder !== undefined && (explicit === '~' || explicit.startsWith('~/')) ? `${homeFolder}${explicit.slice(1)}` : explicit;
    return userFile(file, await readUserFile(file));
  }
  for (const folder of folders) {
    const uri = vscode.Uri.joinPath(folder, 'openclaw.json');
    const local = uri.scheme === 'file';
    const file = local ? uri.fsPath : uri.path;
    const uriOf = (path: string) => (local ? vscode.Uri.file(path) : uri.with({ path }));
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch (error) {
      expectFileSystemError(error); // None in this folder.
      continue;
    }
    // A regular file only: a link could lead out of the workspace (an included one is refused with its reason).
    if (stat.type !== vscode.FileType.File) continue;
    return { file, uri, text: await readWorkspaceConfig(uri, file), uriOf, readInclude: (path) => readWorkspaceConfig(uriOf(path), path) };
  }
  if (!readUserFile || homeFolder === undefined) return undefined;
  for (const file of openclawConfigCandidates({ home: homeFolder, env: processEnv as OpenClawEnv | undefined })) {
    try {
      return userFile(file, await readUserFile(file));
    } catch (error) {
      // The places OpenClaw looks by default may hold nothing.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return undefined;
}
