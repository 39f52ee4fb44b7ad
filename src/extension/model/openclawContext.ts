// What the OpenClaw profile needs beyond a persona's files, as the user's installation says
// it: the release whose rules apply (the setting, else the one installed here, else the one
// the user's openclaw.json records, else the newest known), that file's caps, and the
// workspace's setup state. Each is read once, bounded, and again only when it may have changed.
import * as vscode from 'vscode';
import {
  agentLabel,
  agentOfWorkspace,
  OpenClawAgent,
  openclawWorkspaceOf,
  OPENCLAW_NEWEST_RELEASE,
  OPENCLAW_STATE_FILE,
  releaseFromPackageJson,
  resolveOpenClawRelease,
  RuntimeOptions,
  setupCompletedFromState,
} from '../../core';
import { AgentsModule, loadAgents } from '../agents/load';
import type { UserConfig } from '../agents/userConfig';
import { installedOpenClaw } from '../platform';
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

/** A workspace-state.json larger than this is no state OpenClaw wrote. */
const STATE_MAX_BYTES = 64 * 1024;

export class OpenClawContext extends Disposable {
  private config: { readonly file?: string; readonly read: Promise<UserConfig> } | undefined;
  /** The watchers of the config's files (it and its includes), replaced with each read. */
  private configFiles: vscode.Disposable | undefined;
  private installed: ReturnType<NonNullable<typeof installedOpenClaw>> | undefined;
  /** Bumped whenever the config is to be read again: the skills outside the workspace are read again with it. */
  private configReads = 0;
  private readonly setups = new Map<string, Promise<boolean>>();
  private readonly chosen = new Map<string, OpenClawChoice>();
  /** Whether each folder looked at holds `.openclaw/workspace-state.json`: one stat, then the watcher keeps it. */
  private readonly stateFiles = new Map<string, boolean>();
  private agents: readonly OpenClawAgent[] = [];
  private agentsLoaded = false;
  private readonly stateEmitter = this.register(new vscode.EventEmitter<vscode.Uri>());
  /** A workspace's setup state changed on disk: the folder holding `.openclaw/`. */
  readonly onDidChangeSetup = this.stateEmitter.event;
  private readonly agentsEmitter = this.register(new vscode.EventEmitter<void>());
  /** The config's agents were read again. */
  readonly onDidChangeAgents = this.agentsEmitter.event;
  private readonly configEmitter = this.register(new vscode.EventEmitter<void>());
  /** An openclaw.json or a cron store (`jobs.json`) changed on disk: caps, agents, heartbeats and cron jobs may have. */
  readonly onDidChangeConfig = this.configEmitter.event;

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
    // An opened folder's own openclaw.json (the user opened ~/.openclaw) is read again when it
    // changes; any config or cron store in the workspace is said to have changed, for the schedules.
    const configs = this.register(vscode.workspace.createFileSystemWatcher('**/{openclaw.json,jobs.json}'));
    const configChanged = (uri: vscode.Uri) => {
      if (vscode.workspace.workspaceFolders?.some((root) => root.uri.path + '/openclaw.json' === uri.path)) this.reread();
      this.configEmitter.fire();
    };
    this.register(configs.onDidCreate(configChanged));
    this.register(configs.onDidChange(configChanged));
    this.register(configs.onDidDelete(configChanged));
    this.register({ dispose: () => this.configFiles?.dispose() });
  }

  /** Settings changed: the config file, the release and the setup are looked up again. */
  forget(): void {
    this.installed = undefined;
    this.setups.clear();
    this.reread();
  }

  private reread(): void {
    this.config = undefined;
    this.configReads++;
    if (this.agentsLoaded) this.loadAgents();
  }

  /** What places the skills outside the workspace: the config as parsed, the installed package's folder, and a key that changes when they are read again. */
  async machine(): Promise<{ readonly config?: unknown; readonly openclawPackage?: string; readonly key: number }> {
    const key = this.configReads;
    const [config, found] = await Promise.all([this.userConfig(), (this.installed ??= installedOpenClaw?.())]);
    return { config: config.config, openclawPackage: found?.where, key };
  }

  /** The agent whose workspace the folder is, when the config lists one. */
  agent(folder: vscode.Uri): OpenClawAgent | undefined {
    return agentOfWorkspace(this.agents, folder.fsPath);
  }

  /** The config's agents by where their workspace lies: an opened folder's (a URI), or outside every one (never looked at). */
  placed(): ReturnType<AgentsModule['placeAgents']> {
    return loadAgents().placeAgents(this.agents);
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

  /** Reads the agents of the user's openclaw.json; every folder looked at is told when there were or are some. */
  private loadAgents(): void {
    this.agentsLoaded = true;
    void this.userConfig().then((config) => {
      if (config.agents.length === 0 && this.agents.length === 0) return;
      this.agents = config.agents;
      this.agentsEmitter.fire();
      for (const key of this.stateFiles.keys()) this.stateEmitter.fire(vscode.Uri.parse(key));
    });
  }

  /** The release chosen for the folder at its last composition, if it was composed under OpenClaw. */
  choice(folder: vscode.Uri): OpenClawChoice | undefined {
    return this.chosen.get(folder.toString());
  }

  /** The options OpenClaw's composition of a persona folder takes from outside its files: its agent's caps (else the defaults'), where no setting is `set`. */
  async options(folder: vscode.Uri, set: RuntimeOptions): Promise<RuntimeOptions> {
    const [config, choice, setup] = await Promise.all([this.userConfig(), this.release(folder), this.setupCompleted(folder)]);
    this.chosen.set(folder.toString(), choice);
    const caps = agentOfWorkspace(config.agents, folder.fsPath)?.caps ?? config.caps;
    return {
      ...set,
      maxChars: set.maxChars ?? caps.maxChars,
      totalMaxChars: set.totalMaxChars ?? caps.totalMaxChars,
      openclawRelease: choice.release,
      ...(setup === undefined ? {} : { setupCompleted: setup }),
    };
  }

  private async release(folder: vscode.Uri): Promise<OpenClawChoice> {
    const chosen = openclawVersion(folder);
    const resolved = (release: string, why: string): OpenClawChoice => {
      const { release: name, note } = resolveOpenClawRelease(release);
      return note === undefined ? { release: name, why } : { release: name, why, note };
    };
    if (chosen !== 'auto') return resolved(chosen, vscode.l10n.t('set in personaStudio.openclaw.version'));
    const found = await (this.installed ??= installedOpenClaw?.());
    const installed = found && releaseFromPackageJson(found.manifest);
    if (installed) return resolved(installed, vscode.l10n.t('installed'));
    const recorded = (await this.userConfig()).release;
    if (recorded) return resolved(recorded, vscode.l10n.t('recorded in {0}', (await this.userConfig()).file ?? 'openclaw.json'));
    return { release: OPENCLAW_NEWEST_RELEASE, why: vscode.l10n.t('newest known: no OpenClaw found') };
  }

  /** The caps, release and agents of the user's openclaw.json, read once per setting (and again when it or a file it includes changes). */
  userConfig(): Promise<UserConfig> {
    const file = openclawConfigFile();
    if (!this.config || this.config.file !== file) {
      const folders = (vscode.workspace.workspaceFolders ?? []).map((root) => root.uri);
      const config = (this.config = { file, read: loadAgents().readUserConfig(file, folders) });
      // Its files (it and its includes) are watched while it is the config read.
      void config.read.then(({ files }) => {
        if (this.config !== config || this.isDisposed) return;
        this.configFiles?.dispose();
        this.configFiles = loadAgents().watchConfigFiles(files ?? [], () => (this.reread(), this.configEmitter.fire()));
      });
    }
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
