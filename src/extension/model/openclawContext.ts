// What the OpenClaw profile needs beyond a persona's files, as the user's installation says
// it: the release whose rules apply (the setting, else the one installed here, else the one
// the user's openclaw.json records, else the newest known), that file's caps, and the
// workspace's setup state. Each is read once, bounded, and again only when it may have changed.
import * as vscode from 'vscode';
import {
  agentLabel,
  OpenClawAgent,
  openclawWorkspaceOf,
  OPENCLAW_NEWEST_RELEASE,
  OPENCLAW_STATE_FILE,
  OpenClawCaps,
  capsFromConfig,
  parseOpenClawConfigObject,
  releaseFromConfig,
  releaseFromPackageJson,
  resolveOpenClawRelease,
  RuntimeOptions,
  setupCompletedFromState,
} from '../../core';
import { loadAgents } from '../agents/load';
import { homeFolder, installedOpenClaw, readUserFile } from '../platform';
import { Disposable } from '../util/disposable';
import { expectFileSystemError, logUnlessFileSystemError } from '../util/log';
import { openclawConfigFile, openclawSetup, openclawVersion } from './config';

/** The release chosen for a folder, and why, in words for the status bar and the tree. */
export interface OpenClawChoice {
  readonly release: string;
  /** "installed", "set in personaStudio.openclaw.version", "newest known: no OpenClaw found". */
  readonly why: string;
  /** Said when the release is newer (or older) than any known: which rules apply instead. */
  readonly note?: string;
}

interface UserConfig {
  readonly caps: OpenClawCaps;
  readonly release?: string;
  readonly agents: readonly OpenClawAgent[];
}

/** A workspace-state.json larger than this is no state OpenClaw wrote. */
const STATE_MAX_BYTES = 64 * 1024;

export class OpenClawContext extends Disposable {
  private config: { readonly file: string; readonly read: Promise<UserConfig> } | undefined;
  private installed: Promise<string | undefined> | undefined;
  private readonly setups = new Map<string, Promise<boolean>>();
  private readonly chosen = new Map<string, OpenClawChoice>();
  /** Whether each folder looked at holds `.openclaw/workspace-state.json`: one stat, then the watcher keeps it. */
  private readonly stateFiles = new Map<string, boolean>();
  private agents: readonly OpenClawAgent[] = [];
  private agentsLoaded = false;
  private readonly stateEmitter = this.register(new vscode.EventEmitter<vscode.Uri>());
  /** A workspace's setup state changed on disk: the folder holding `.openclaw/`. */
  readonly onDidChangeSetup = this.stateEmitter.event;

  constructor() {
    super();
    const watcher = this.register(vscode.workspace.createFileSystemWatcher(`**/${OPENCLAW_STATE_FILE}`));
    const changed = (present: boolean) => (uri: vscode.Uri) => {
      const folder = vscode.Uri.joinPath(uri, '..', '..');
      this.setups.delete(folder.toString());
      this.stateFiles.set(folder.toString(), present);
      this.stateEmitter.fire(folder);
    };
    this.register(watcher.onDidCreate(changed(true)));
    this.register(watcher.onDidChange(changed(true)));
    this.register(watcher.onDidDelete(changed(false)));
  }

  /** Settings changed: the config file, the release and the setup are looked up again. */
  forget(): void {
    this.config = undefined;
    this.installed = undefined;
    this.setups.clear();
    if (this.agentsLoaded) this.loadAgents();
  }

  /** Why the folder is an OpenClaw agent workspace, as far as is known now (see `look`). */
  workspace(folder: vscode.Uri): string | undefined {
    const found = openclawWorkspaceOf(folder.fsPath, this.agents, this.stateFiles.get(folder.toString()) === true);
    if (!found) return undefined;
    return found.agent ? vscode.l10n.t('OpenClaw workspace of agent {0}', agentLabel(found.agent)) : vscode.l10n.t('OpenClaw workspace: {0}', OPENCLAW_STATE_FILE);
  }

  /** Looks once per folder for the state file, and once for the config's agents; a folder found to be a workspace is announced by onDidChangeSetup. */
  look(folders: readonly vscode.Uri[]): void {
    for (const folder of folders) {
      const key = folder.toString();
      if (this.stateFiles.has(key)) continue;
      this.stateFiles.set(key, false);
      vscode.workspace.fs.stat(vscode.Uri.joinPath(folder, OPENCLAW_STATE_FILE)).then(
        (stat) => {
          if (!(stat.type & vscode.FileType.File) || this.stateFiles.get(key)) return;
          this.stateFiles.set(key, true);
          this.stateEmitter.fire(folder);
        },
        (error: unknown) => logUnlessFileSystemError(OPENCLAW_STATE_FILE, error), // Absent: not a workspace by its state.
      );
    }
    if (!this.agentsLoaded) this.loadAgents();
  }

  /** Reads the agents of the configured openclaw.json; every folder looked at is told when there were or are some. */
  private loadAgents(): void {
    this.agentsLoaded = true;
    if (openclawConfigFile() === undefined && this.agents.length === 0) return;
    void this.userConfig().then((config) => {
      if (config.agents.length === 0 && this.agents.length === 0) return;
      this.agents = config.agents;
      for (const key of this.stateFiles.keys()) this.stateEmitter.fire(vscode.Uri.parse(key));
    });
  }

  /** The release chosen for the folder at its last composition, if it was composed under OpenClaw. */
  choice(folder: vscode.Uri): OpenClawChoice | undefined {
    return this.chosen.get(folder.toString());
  }

  /** The options OpenClaw's composition of a persona folder takes from outside its files. */
  async options(folder: vscode.Uri): Promise<RuntimeOptions> {
    const [config, choice, setup] = await Promise.all([this.userConfig(), this.release(folder), this.setupCompleted(folder)]);
    this.chosen.set(folder.toString(), choice);
    return { ...config.caps, openclawRelease: choice.release, ...(setup === undefined ? {} : { setupCompleted: setup }) };
  }

  private async release(folder: vscode.Uri): Promise<OpenClawChoice> {
    const chosen = openclawVersion(folder);
    const resolved = (release: string, why: string): OpenClawChoice => {
      const { release: name, note } = resolveOpenClawRelease(release);
      return note === undefined ? { release: name, why } : { release: name, why, note };
    };
    if (chosen !== 'auto') return resolved(chosen, vscode.l10n.t('set in personaStudio.openclaw.version'));
    const installed = await (this.installed ??= this.findInstalled());
    if (installed) return resolved(installed, vscode.l10n.t('installed'));
    const recorded = (await this.userConfig()).release;
    if (recorded) return resolved(recorded, vscode.l10n.t('recorded in {0}', openclawConfigFile() ?? 'openclaw.json'));
    return { release: OPENCLAW_NEWEST_RELEASE, why: vscode.l10n.t('newest known: no OpenClaw found') };
  }

  private async findInstalled(): Promise<string | undefined> {
    const found = await installedOpenClaw?.();
    return found && releaseFromPackageJson(found.manifest);
  }

  /** The caps and release of the openclaw.json the user named, read once per setting; a bad file is said once and ignored. */
  private userConfig(): Promise<UserConfig> {
    const file = openclawConfigFile();
    if (file === undefined) return Promise.resolve({ caps: {}, agents: [] });
    if (this.config?.file !== file) this.config = { file, read: readUserConfig(file) };
    return this.config.read;
  }

  /** The setup state `auto` reads from the workspace, or the one the user set; undefined: OpenClaw's default. */
  private setupCompleted(folder: vscode.Uri): Promise<boolean | undefined> {
    const setting = openclawSetup(folder);
    if (setting !== 'auto') return Promise.resolve(setting === 'completed');
    const key = folder.toString();
    let setup = this.setups.get(key);
    if (!setup) this.setups.set(key, (setup = readSetupState(folder)));
    return setup;
  }
}

async function readUserConfig(file: string): Promise<UserConfig> {
  try {
    if (!readUserFile) throw new Error(vscode.l10n.t('{0} cannot be read here', file));
    const config = parseOpenClawConfigObject(await readUserFile(file), file);
    const release = releaseFromConfig(config);
    // Where OpenClaw would put each agent's workspace; only compared with the opened folders, never read.
    const agents = homeFolder === undefined ? [] : loadAgents().agentsFromConfig(config, { home: homeFolder });
    return release === undefined ? { caps: capsFromConfig(config), agents } : { caps: capsFromConfig(config), release, agents };
  } catch (error) {
    // Absent, unreadable or not JSON5: the settings apply, and the user is told once per file.
    if (!(error instanceof Error)) throw error;
    void vscode.window.showWarningMessage(vscode.l10n.t('OpenClaw caps not read: {0}. The settings apply.', error.message));
    return { caps: {}, agents: [] };
  }
}

/** `.openclaw/workspace-state.json` of the workspace: completed when it is absent, as OpenClaw has it. */
async function readSetupState(folder: vscode.Uri): Promise<boolean> {
  const uri = vscode.Uri.joinPath(folder, OPENCLAW_STATE_FILE);
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (!(stat.type & vscode.FileType.File) || stat.size > STATE_MAX_BYTES) return true;
    return setupCompletedFromState(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
  } catch (error) {
    expectFileSystemError(error); // No state file: a workspace set up before OpenClaw kept one.
    return true;
  }
}
