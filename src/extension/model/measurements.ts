// The one measurement of each persona under its runtime: composed once per (folder,
// file versions, runtime options) from live content, and read by every surface (tree,
// status bar, diagnostics, editor, preview) instead of each recounting on its own.
import * as vscode from 'vscode';
import {
  Composition,
  decodeUtf8,
  DoctorPreview,
  FileContent,
  FileMeasure,
  filesWithinWorkspace,
  HEARTWOOD_FILE,
  HeartwoodCaps,
  HeartwoodReport,
  isBootstrapName,
  OpenClawAgent,
  PersonaInput,
  RuntimeId,
  RuntimeOptions,
  RuntimeProfile,
  runtimeProfile,
  reportHeartwood,
} from '../../core';
import { chosenRuntime, detectOpenClawWorkspaces, heartwoodCaps, RUNTIME_SETTINGS, runtimeId, runtimeOptions, warnAt } from './config';
import { Disposable } from '../util/disposable';
import { LiveContent } from './liveContent';
import type { LinkOutside } from './linkConsent';
import { homeFolder, pathExistsNow } from '../platform';
import { loadDoctor } from '../doctor/load';
import { SKILLS_CHANGE, startSkills } from './skills';
import type { SkillsUi } from './skillsUi';
import type { SkillsMeasure, SkillsSettings } from './skillTypes';
import type { SkillTree } from './skillFiles';
import type { SkillsReport } from '../../core/skills/types';
import type { UserConfig } from '../agents/userConfig';
import { logUnexpected } from '../util/log';
import { OpenClawChoice, OpenClawContext } from './openclawContext';
import { baseName, folderOf, Persona, PersonaWorkspace } from './personaWorkspace';

export interface CompositionChange {
  readonly folder: vscode.Uri;
  /** file names whose measure may have changed, or 'all' (runtime/settings) */
  readonly names: readonly string[] | 'all';
}

/** A file of a composition that is a link leading outside the workspace. */
export interface LinkedFile extends LinkOutside {
  /** Its name in the composition (`SOUL.md`, `../AGENTS.md`). */
  readonly name: string;
  readonly uri: vscode.Uri;
}

/** HEARTWOOD.md as it would be read now, with its report under the folder's Heartwood caps. */
export interface HeartwoodMeasure {
  readonly text: string;
  readonly report: HeartwoodReport;
  readonly caps: HeartwoodCaps;
}

/** What a folder's composition was made with, besides the files' content. */
export interface CompositionInputs {
  readonly profile: RuntimeProfile;
  readonly options: RuntimeOptions;
  /** The paths read, relative to the folder (nothing above the workspace folder). */
  readonly names: readonly string[];
  readonly composition: Composition;
  /** The runtime's own composition, without the skill catalog OpenClaw's `composition` starts with: what a revision is composed as. */
  readonly composed: Composition;
}

/** HEARTWOOD.md keeps its own caps (thousands of characters): this many bytes hold far more than any. */
const HEARTWOOD_READ_LIMIT = 1024 * 1024;

/** The last composition of a folder and what it was made from. */
interface Composed {
  readonly runtime: RuntimeId;
  readonly options: string;
  readonly runtimeOptions: RuntimeOptions;
  readonly dir: string;
  readonly contents: ReadonlyMap<string, FileContent>;
  readonly composition: Composition;
  /** `composition` without the skill catalog. */
  readonly composed: Composition;
  readonly skills?: SkillsMeasure;
}

interface FolderState {
  /** Bumped on every change that may alter the composition. */
  generation: number;
  pending?: { readonly generation: number; readonly composition: Promise<Composition>; done?: boolean };
  last?: Composed;
  /** Files outside the folder itself it read last time (Codex's parent AGENTS.md), by URI. */
  reads: readonly string[];
  /** The runtime would look above the workspace folder; those folders are not read or shown. */
  clamped?: boolean;
  /** The runtime, options and paths of the last composition: what a comparison composes an earlier revision with. */
  inputs?: CompositionInputs;
  /** HEARTWOOD.md's last measure and the content and settings it was made from. */
  heartwood?: { readonly content: FileContent; readonly settings: string; readonly measure: HeartwoodMeasure };
}

export class Measurements extends Disposable {
  private readonly emitter = this.register(new vscode.EventEmitter<CompositionChange>());
  readonly onDidChange = this.emitter.event;
  private readonly live: LiveContent;
  private readonly folders = new Map<string, FolderState>();
  /** Persona folders by a file they read outside themselves. */
  private readonly readers = new Map<string, Set<string>>();
  private personaKeys = new Map<string, string>();
  /** The release, config caps and setup state OpenClaw's compositions take from outside the files. */
  private readonly openclaw = this.register(new OpenClawContext());
  /** The prompt after `openclaw doctor --fix`, once per composition (undefined: nothing for doctor to do). */
  private readonly doctor = new WeakMap<Composition, DoctorPreview | undefined>();
  /** A profile under the label of the release chosen for it ("OpenClaw 2026.7.35"), by label. */
  private readonly labelled = new Map<string, RuntimeProfile>();
  /** The skills bundle (catalog, tree rows, Problems), loaded once an OpenClaw persona is found. */
  private skillsUi: SkillsUi | undefined;

  constructor(private readonly personas: PersonaWorkspace) {
    super();
    this.live = personas.content;
    // A save needs no event of its own: the text is what the dirty editor held, and the watcher's change follows.
    this.register(personas.onDidChangeContent(({ folder, name }) => this.fileChanged(vscode.Uri.joinPath(folder, name))));
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('personaStudio.openclaw')) this.openclaw.forget();
        for (const state of this.folderKeys()) {
          const folder = vscode.Uri.parse(state);
          if (RUNTIME_SETTINGS.some((setting) => event.affectsConfiguration(setting, folder))) this.invalidate(folder, 'all');
        }
      }),
    );
    this.register(personas.onDidChangePersonas(() => this.personasChanged()));
    // An OpenClaw agent workspace defaults to the openclaw runtime: found by its state file or the config's agents.
    this.register(detectOpenClawWorkspaces((folder) => this.openclaw.workspace(folder)));
    this.register(this.openclaw.onDidChangeSetup((folder) => this.invalidate(folder, 'all')));
    // Each agent's workspace in the window is a persona, even before it holds a file.
    this.register(this.openclaw.onDidChangeAgents(() => personas.showAgentFolders(this.openclaw.placed().inside)));
    // Caps, heartbeats and cron jobs come from the config and the cron store: every surface of an OpenClaw persona hears of them.
    this.register(
      this.openclaw.onDidChangeConfig(() => this.folderKeys().forEach((key) => runtimeId(vscode.Uri.parse(key)) === 'openclaw' && this.invalidate(vscode.Uri.parse(key), 'all'))),
    );
    this.personasChanged();
  }

  /** The runtime chosen for a folder (setting personaStudio.runtime, resource scope) and its options. */
  profile(folder: vscode.Uri): RuntimeProfile {
    const profile = runtimeProfile(runtimeId(folder));
    const choice = profile.id === 'openclaw' ? this.openclaw.choice(folder) : undefined;
    const label = choice && profile.labelFor ? profile.labelFor({ openclawRelease: choice.release }) : profile.label;
    if (label === profile.label) return profile;
    let labelled = this.labelled.get(label);
    if (!labelled) this.labelled.set(label, (labelled = { ...profile, label }));
    return labelled;
  }

  /** The OpenClaw agent whose workspace the folder is, when the config lists one. */
  agent(folder: vscode.Uri): OpenClawAgent | undefined {
    return this.openclaw.agent(folder);
  }

  /** The config's agents whose workspace is not in this window (never read). */
  get otherAgents(): readonly OpenClawAgent[] {
    return this.openclaw.placed().others;
  }

  get onDidChangeAgents(): vscode.Event<void> {
    return this.openclaw.onDidChangeAgents;
  }

  /** The user's OpenClaw config as read for every surface (its `$include`s followed), read again when it changes. */
  openclawConfig(): Promise<UserConfig> {
    return this.openclaw.userConfig();
  }

  /** An openclaw.json or cron store changed on disk (the OpenClaw personas' onDidChange follows). */
  get onDidChangeOpenClawConfig(): vscode.Event<void> {
    return this.openclaw.onDidChangeConfig;
  }

  /** Why the folder has its runtime, when not by default: "set in settings", "OpenClaw workspace of agent main". */
  runtimeWhy(folder: vscode.Uri): string | undefined {
    return chosenRuntime(folder).why;
  }

  /** Why the folder's runtime release is the one shown ("installed"), with a note when it is newer than any known. */
  runtimeChoice(folder: vscode.Uri): OpenClawChoice | undefined {
    return runtimeId(folder) === 'openclaw' ? this.openclaw.choice(folder) : undefined;
  }

  /**
   * The persona's composition under its runtime, from live content: a dirty editor's
   * text, else the disk bytes (bounded). Computed once per (folder, file versions,
   * runtime options) and shared by every surface.
   */
  composition(folder: vscode.Uri): Promise<Composition> {
    const state = this.state(folder.toString());
    if (state.pending?.generation === state.generation) return state.pending.composition;
    const composition = this.compose(folder, state);
    const pending: FolderState['pending'] = { generation: state.generation, composition };
    state.pending = pending;
    composition.then(
      () => (pending.done = true),
      // A failed pass is not kept: the next caller tries again.
      () => {
        if (state.pending === pending) state.pending = undefined;
      },
    );
    return composition;
  }

  /** The folder's composition now and the runtime, options and paths it was made with. */
  async inputs(folder: vscode.Uri): Promise<CompositionInputs> {
    const composition = await this.composition(folder);
    const inputs = this.state(folder.toString()).inputs;
    // A change since may have started the next pass: these are of the composition returned.
    return inputs?.composition === composition ? inputs : this.inputs(folder);
  }

  /**
   * The files of the folder's last composition that are links leading outside the
   * workspace (after composition()): where they lead, and whether the user let them be shown.
   * Those not shown were not read: the composition holds them as empty.
   */
  linkedOutside(folder: vscode.Uri): LinkedFile[] {
    const names = [...(this.folders.get(folder.toString())?.last?.contents.keys() ?? [])];
    return names.flatMap((name) => {
      const uri = vscode.Uri.joinPath(folder, name);
      const outside = this.live.linkOutside(uri);
      return outside ? [{ name, uri, ...outside }] : [];
    });
  }

  /** The user asked to see a linked file: false in Restricted Mode, or when it is no such file. */
  showLinked(folder: vscode.Uri, name: string): boolean {
    const file = this.linkedOutside(folder).find((linked) => linked.name === name);
    return file !== undefined && this.personas.linkConsent.grant(file.uri, file.target);
  }

  /**
   * An OpenClaw persona's skill catalog (the `## Skills` section sent on every turn before the
   * Project Context) under the skill settings: computed once per version of its SKILL.md files
   * and shared by every surface; undefined under another runtime. A change fires onDidChange
   * with the name `SKILLS_CHANGE`. `workspacePath`: as if the workspace were there (a recorded run's).
   */
  skills(folder: vscode.Uri, workspacePath?: string): Promise<SkillsMeasure | undefined> {
    if (runtimeId(folder) !== 'openclaw') return Promise.resolve(undefined);
    return this.skillsBundle().measure(folder, ...this.skillsChoice(folder), workspacePath, this.openclaw);
  }

  /**
   * A skill tree read elsewhere (a revision's) composed as the persona's catalog is now: under
   * the release its composition chose, its skill settings and its agent's allowlist; undefined under another runtime.
   */
  async skillsAt(folder: vscode.Uri, tree: SkillTree, read: (path: string) => Promise<FileContent | undefined>): Promise<SkillsReport | undefined> {
    if (runtimeId(folder) !== 'openclaw') return undefined;
    // The release is chosen by the composition (see OpenClawContext.options).
    await this.composition(folder);
    return this.skillsBundle().composeAt(folder, tree, read, ...this.skillsChoice(folder));
  }

  /** The release and agent allowlist the folder's catalog is composed with. */
  private skillsChoice(folder: vscode.Uri): [string | undefined, SkillsSettings['allowlist']] {
    const agent = this.agent(folder);
    return [this.openclaw.choice(folder)?.release, agent?.skills && { agent: agent.id, skills: agent.skills }];
  }

  /** The skills bundle, started on first use. */
  skillsBundle(): SkillsUi {
    if (!this.skillsUi) {
      const ui = (this.skillsUi = this.register(startSkills(this.personas, this)));
      this.register(ui.model.onDidChange((folder) => this.invalidate(folder, [SKILLS_CHANGE])));
    }
    return this.skillsUi;
  }

  /** True when the folder's composition is computed and current: reading it now costs nothing. */
  isCurrent(folder: vscode.Uri): boolean {
    const state = this.folders.get(folder.toString());
    return state?.pending?.done === true && state.pending.generation === state.generation;
  }

  /** True when the runtime's files reach above the workspace folder, whose folders are not shown (after composition()). */
  clampedAtWorkspace(folder: vscode.Uri): boolean {
    return this.folders.get(folder.toString())?.clamped === true;
  }

  /**
   * The persona as its OpenClaw release would compose it after `openclaw doctor --fix` (8.x+,
   * with TOOLS.md, HEARTBEAT.md or memory.md still there); undefined when there is nothing for
   * doctor to do or the runtime is not OpenClaw. Nothing is written.
   */
  async afterDoctor(folder: vscode.Uri): Promise<DoctorPreview | undefined> {
    const composition = await this.composition(folder);
    const last = this.folders.get(folder.toString())?.last;
    if (!last || last.composition !== composition || last.runtime !== 'openclaw') return undefined;
    if (this.doctor.has(composition)) return this.doctor.get(composition);
    const preview = loadDoctor().composeAfterDoctor(runtimeProfile('openclaw').compose, { dir: last.dir, files: last.contents }, last.runtimeOptions, { home: homeFolder });
    this.doctor.set(composition, preview);
    return preview;
  }

  /** One file's measure under the runtime of its folder, or of `folder` above it (by its path there: `memories/MEMORY.md`). */
  async file(uri: vscode.Uri, folder = folderOf(uri)): Promise<FileMeasure | undefined> {
    const name = uri.path.slice(folder.path.replace(/\/?$/, '/').length);
    return (await this.composition(folder)).files.find((file) => file.name === name);
  }

  /** A dirty editor's encoding when it is not UTF-8 (the runtime decodes the saved bytes as UTF-8). */
  foreignEncoding(uri: vscode.Uri): string | undefined {
    return this.live.foreignEncoding(uri);
  }

  /**
   * HEARTWOOD.md as it would be read now (editor or disk) and its report, computed once
   * per (file version, Heartwood settings); undefined when it is absent or unreadable.
   */
  async heartwood(folder: vscode.Uri): Promise<HeartwoodMeasure | undefined> {
    const content = await this.live.content(vscode.Uri.joinPath(folder, HEARTWOOD_FILE), HEARTWOOD_READ_LIMIT);
    if (!content || content.kind === 'unreadable') return undefined;
    const caps = heartwoodCaps(folder);
    const threshold = warnAt(folder);
    const settings = `${JSON.stringify(caps)}|${threshold}`;
    const state = this.state(folder.toString());
    if (state.heartwood?.content === content && state.heartwood.settings === settings) return state.heartwood.measure;
    const text = content.kind === 'text' ? content.text : decodeUtf8(content.bytes);
    const measure = { text, report: reportHeartwood(text, caps, threshold), caps };
    state.heartwood = { content, settings, measure };
    return measure;
  }

  private async compose(folder: vscode.Uri, state: FolderState): Promise<Composition> {
    const runtime = runtimeId(folder);
    const profile = runtimeProfile(runtime);
    const set = runtimeOptions(folder, runtime);
    const options = runtime === 'openclaw' ? await this.openclaw.options(folder, set) : set;
    const optionsKey = JSON.stringify(options);
    const dir = folder.fsPath || folder.path;
    const persona = this.personas.find(folder);
    // Nothing above the workspace folder is looked at or read: the chain stops there.
    const { names, clamped } = filesWithinWorkspace(
      profile,
      dir,
      this.depth(folder),
      (relative) => this.exists(folder, relative),
      (relative) => this.markerAbove(folder, relative),
      options,
    );
    state.clamped = clamped;
    const entries = await Promise.all(names.map(async (name) => [name, await this.read(folder, name, profile.readLimitFor?.(options) ?? profile.readLimit, persona)] as const));
    const contents = new Map(entries.filter((entry): entry is readonly [string, FileContent] => entry[1] !== undefined));
    this.track(folder, state, names);
    const skills = runtime === 'openclaw' ? await this.skills(folder).catch((error: unknown) => void logUnexpected('the skill catalog', error)) : undefined;
    const last = state.last;
    let composition: Composition;
    let composed: Composition;
    if (last && last.runtime === runtime && last.options === optionsKey && last.skills === skills && sameContents(last.contents, contents)) {
      composition = last.composition;
      composed = last.composed;
    } else {
      const input: PersonaInput = { dir, files: contents };
      composed = profile.compose(input, options);
      composition = skills ? this.skillsBundle().withSection(composed, skills, options.workspacePath ?? dir) : composed;
      state.last = { runtime, options: optionsKey, runtimeOptions: options, dir, contents, composition, composed, skills };
    }
    state.inputs = { profile, options, names, composition, composed };
    return composition;
  }

  private read(folder: vscode.Uri, name: string, limit: number, persona: Persona | undefined): Promise<FileContent | undefined> {
    const uri = vscode.Uri.joinPath(folder, name);
    // Discovery already knows which of the seven are on disk: an absent one costs no stat.
    if (persona && isBootstrapName(name) && !persona.files.includes(name) && !this.personas.openDocument(uri)) return Promise.resolve(undefined);
    if (!this.inWorkspace(uri)) return Promise.resolve(undefined);
    return this.live.content(uri, limit);
  }

  /** Whether a path relative to the folder exists, for runtimes that look upward; never outside the workspace. */
  private exists(folder: vscode.Uri, relative: string): boolean {
    const uri = vscode.Uri.joinPath(folder, relative);
    if (uri.scheme !== 'file' || !this.inWorkspace(uri) || !pathExistsNow) return false;
    return pathExistsNow(uri.fsPath);
  }

  /** Whether a root marker (`.git`) is above the workspace folder: a stat, which reads nothing; undefined without a local disk. */
  private markerAbove(folder: vscode.Uri, relative: string): boolean | undefined {
    const uri = vscode.Uri.joinPath(folder, relative);
    if (uri.scheme !== 'file' || !pathExistsNow) return undefined;
    return pathExistsNow(uri.fsPath);
  }

  /** How many folders the folder lies below its workspace folder (0 outside any). */
  private depth(folder: vscode.Uri): number {
    const root = vscode.workspace.getWorkspaceFolder(folder);
    if (!root) return 0;
    return folder.path.split('/').filter(Boolean).length - root.uri.path.split('/').filter(Boolean).length;
  }

  private inWorkspace(uri: vscode.Uri): boolean {
    return vscode.workspace.getWorkspaceFolder(uri) !== undefined;
  }

  /** Remembers which files outside the folder it read, so their changes reach it. */
  private track(folder: vscode.Uri, state: FolderState, names: readonly string[]): void {
    const key = folder.toString();
    const outside = names.filter((name) => name.includes('/')).map((name) => vscode.Uri.joinPath(folder, name).toString());
    for (const uri of state.reads) this.readers.get(uri)?.delete(key);
    for (const uri of outside) {
      let set = this.readers.get(uri);
      if (!set) this.readers.set(uri, (set = new Set()));
      set.add(key);
    }
    state.reads = outside;
  }

  private fileChanged(uri: vscode.Uri): void {
    const name = baseName(uri);
    this.invalidate(folderOf(uri), [name]);
    for (const reader of this.readers.get(uri.toString()) ?? []) {
      const folder = vscode.Uri.parse(reader);
      if (folder.toString() !== folderOf(uri).toString()) this.invalidate(folder, [relativeName(folder, uri)]);
    }
  }

  /** Discovery changed which files a persona has: its composition may too. */
  private personasChanged(): void {
    const next = new Map(this.personas.personas.map((persona) => [persona.uri.toString(), persona.files.join('|')]));
    for (const [key, files] of next) {
      if (this.personaKeys.has(key) && this.personaKeys.get(key) !== files) this.invalidate(vscode.Uri.parse(key), 'all');
    }
    for (const key of this.personaKeys.keys()) {
      if (!next.has(key)) this.folders.delete(key);
    }
    this.personaKeys = next;
    this.openclaw.look(this.personas.personas.map((persona) => persona.uri));
    // Skills' Problems show without a surface asking: the bundle starts with the first OpenClaw persona.
    if (!this.skillsUi && this.personas.personas.some((persona) => runtimeId(persona.uri) === 'openclaw')) this.skillsBundle();
  }

  private invalidate(folder: vscode.Uri, names: readonly string[] | 'all'): void {
    const state = this.folders.get(folder.toString());
    if (state) state.generation++;
    this.emitter.fire({ folder, names });
  }

  private state(key: string): FolderState {
    let state = this.folders.get(key);
    if (!state) this.folders.set(key, (state = { generation: 0, reads: [] }));
    return state;
  }

  private folderKeys(): string[] {
    return [...new Set([...this.folders.keys(), ...this.personas.personas.map((persona) => persona.uri.toString())])];
  }
}

function sameContents(a: ReadonlyMap<string, FileContent>, b: ReadonlyMap<string, FileContent>): boolean {
  if (a.size !== b.size) return false;
  for (const [name, content] of a) if (b.get(name) !== content) return false;
  return true;
}

/** A file's path relative to a folder below it (`../AGENTS.md`). */
function relativeName(folder: vscode.Uri, uri: vscode.Uri): string {
  const from = folder.path.split('/').filter(Boolean);
  const to = uri.path.split('/').filter(Boolean);
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...Array(from.length - common).fill('..'), ...to.slice(common)].join('/');
}
