// Each OpenClaw persona's skill catalog, as the chosen OpenClaw release lists it: its skill folders
// walked once (again only when an entry under them is created or deleted), each SKILL.md
// read once and again alone when it changes (an editor's unsaved text counts, as for
// bootstrap files), the catalog composed once per version. The skills outside the workspace
// (machineSkills.ts) are walked and read once per read of the config or change of the
// setting, never on a keystroke, with the same walk and bounds. Part of the skills bundle.
import * as vscode from 'vscode';
import type { FileContent } from '../../core';
import { composeSkills, SkillsOptions, SkillsReport } from '../../core/skills';
import { skillMachine } from '../platform';
import { Disposable } from '../util/disposable';
import { PersonaWorkspace } from './personaWorkspace';
import { mergeTrees, SKILL_READ_LIMIT, SKILL_ROOTS, SkillTree, treeReader, walkSkillRoots } from './skillFiles';
import type { SkillsMeasure, SkillsSettings } from './skillTypes';

/** Passes of reading what the core asked for: each reads more SKILL.md files, bounded by its root's candidates. */
const MAX_PASSES = 20;

interface FolderSkills {
  tree?: Promise<SkillTree>;
  /** SKILL.md contents by path (undefined: absent), dropped one at a time when the file changes. */
  readonly contents: Map<string, FileContent | undefined>;
  generation: number;
  last?: { readonly generation: number; readonly settings: string; readonly measure: Promise<SkillsMeasure> };
}

/** The machine's skill roots as walked, and their SKILL.md contents read: one for every persona. */
interface MachineWalk {
  readonly key: string;
  readonly tree: Promise<SkillTree>;
  readonly contents: Map<string, FileContent | undefined>;
}

export class SkillsModel extends Disposable {
  private readonly folders = new Map<string, FolderSkills>();
  private machine: MachineWalk | undefined;
  private readonly emitter = this.register(new vscode.EventEmitter<vscode.Uri>());
  /** A persona's skills may have changed. */
  readonly onDidChange = this.emitter.event;

  constructor(private readonly personas: PersonaWorkspace) {
    super();
    const watcher = this.register(vscode.workspace.createFileSystemWatcher('**/skills/**'));
    this.register(watcher.onDidChange((uri) => uri.path.endsWith('/SKILL.md') && this.fileChanged(uri, true)));
    this.register(watcher.onDidCreate((uri) => this.entriesChanged(uri)));
    this.register(watcher.onDidDelete((uri) => this.entriesChanged(uri)));
    this.register(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0 && event.document.uri.path.endsWith('/SKILL.md')) this.fileChanged(event.document.uri);
      }),
    );
    // Closing an unsaved editor brings the disk's text back.
    this.register(vscode.workspace.onDidCloseTextDocument((document) => document.uri.path.endsWith('/SKILL.md') && this.fileChanged(document.uri, true)));
    this.register(personas.onDidChangePersonas(() => this.forgetGone()));
  }

  /** The persona's catalog under these settings, computed once per version of its skills. */
  measure(folder: vscode.Uri, settings: SkillsSettings): Promise<SkillsMeasure> {
    const state = this.state(folder);
    // The config stands in the key by the number of its read.
    const key = JSON.stringify(settings, (name, value: unknown) => (name === 'config' ? undefined : value));
    if (state.last?.generation === state.generation && state.last.settings === key) return state.last.measure;
    const measure = this.compute(folder, state, settings);
    state.last = { generation: state.generation, settings: key, measure };
    measure.catch(() => state.last?.measure === measure && (state.last = undefined));
    return measure;
  }

  /** The SKILL.md files read so far (a probe for tests: reads stay one file at a time). */
  contentsRead(folder: vscode.Uri): number {
    return this.folders.get(folder.toString())?.contents.size ?? 0;
  }

  private async compute(folder: vscode.Uri, state: FolderSkills, settings: SkillsSettings): Promise<SkillsMeasure> {
    const tree = await (state.tree ??= walkSkillRoots(folder));
    // Once disposed, nothing more is read outside the workspace.
    const machine =
      settings.machineSkills &&
      !this.isDisposed &&
      this.machineWalk(
        folder,
        settings.machineSkills.key,
        settings.machineSkills.roots.roots.map((root) => root.dir),
      );
    const read = (path: string) => this.personas.content.content(folder.with({ path }), SKILL_READ_LIMIT);
    const contents = machine ? splitContents(state.contents, machine.contents, await machine.tree) : state.contents;
    const report = await composeTree(folder, machine ? mergeTrees(tree, await machine.tree) : tree, contents, settings, read);
    const { tools, pluginSkills, toolsByDefault, openclawRelease, machineUnread } = settings;
    const linksOutside = [...(tree.outside ?? [])].filter(([, real]) => real).map(([path]) => path);
    return {
      report,
      tools,
      pluginSkills,
      toolsByDefault,
      ...(openclawRelease !== undefined && { openclawRelease }),
      ...(linksOutside.length > 0 && { linksOutside }),
      machine: Boolean(machine),
      ...(machineUnread !== undefined && { machineUnread }),
    };
  }

  /** The machine's roots walked, once per read of the config: a new read drops what the last one read. */
  private machineWalk(folder: vscode.Uri, configRead: number, roots: readonly string[]): MachineWalk {
    const key = JSON.stringify([folder.scheme, folder.authority, configRead, roots]);
    if (this.machine?.key !== key) {
      for (const path of this.machine?.contents.keys() ?? []) this.personas.content.changed(folder.with({ path }));
      this.machine = { key, tree: walkSkillRoots(folder, undefined, roots), contents: new Map() };
    }
    return this.machine;
  }

  /** The personas whose skill roots hold `uri`. */
  private owners(uri: vscode.Uri): vscode.Uri[] {
    return this.personas.personas
      .map((persona) => persona.uri)
      .filter((folder) => folder.scheme === uri.scheme && SKILL_ROOTS.some((root) => uri.path.startsWith(`${folder.path}/${root}/`)));
  }

  /** One SKILL.md changed: in an editor, or (`onDisk`) on disk, where its cached bytes go stale. */
  private fileChanged(uri: vscode.Uri, onDisk = false): void {
    if (onDisk) this.personas.content.changed(uri);
    for (const folder of this.owners(uri)) {
      const state = this.folders.get(folder.toString());
      if (!state) continue;
      state.contents.delete(uri.path);
      this.bump(folder, state);
    }
  }

  /** An entry came or went under the skill roots: the walk is done again (not on a keystroke). */
  private entriesChanged(uri: vscode.Uri): void {
    this.personas.content.changed(uri);
    for (const folder of this.owners(uri)) {
      const state = this.folders.get(folder.toString());
      if (!state) continue;
      state.tree = undefined;
      for (const path of [...state.contents.keys()]) if (path === uri.path || path.startsWith(`${uri.path}/`)) state.contents.delete(path);
      this.bump(folder, state);
    }
  }

  private bump(folder: vscode.Uri, state: FolderSkills): void {
    state.generation++;
    this.emitter.fire(folder);
  }

  private forgetGone(): void {
    const known = new Set(this.personas.personas.map((persona) => persona.uri.toString()));
    for (const key of [...this.folders.keys()]) if (!known.has(key)) this.folders.delete(key);
  }

  private state(folder: vscode.Uri): FolderSkills {
    const key = folder.toString();
    let state = this.folders.get(key);
    if (!state) this.folders.set(key, (state = { contents: new Map(), generation: 0 }));
    return state;
  }
}

type Contents = Pick<Map<string, FileContent | undefined>, 'get' | 'has' | 'set'>;

/** The workspace's contents and the machine's as one: a SKILL.md the machine's walk saw goes to the machine's. */
function splitContents(own: Contents, machine: Contents, machineTree: SkillTree): Contents {
  const of = (path: string) => (machineTree.files.has(path) ? machine : own);
  return {
    get: (path) => of(path).get(path),
    has: (path) => of(path).has(path),
    set: (path, content) => (of(path).set(path, content), own as Map<string, FileContent | undefined>),
  };
}

/**
 * The catalog of a walked skill tree: composed again while the core asks for SKILL.md files
 * not read yet, each read once through `read` (absolute path; undefined: absent) into `contents`.
 */
export async function composeTree(
  folder: vscode.Uri,
  tree: SkillTree,
  contents: Contents,
  settings: SkillsSettings,
  read: (path: string) => Promise<FileContent | undefined>,
): Promise<SkillsReport> {
  const { workspacePath, home, tools, pluginSkills, allowlist, openclawRelease, machineSkills } = settings;
  // With the machine's skills, this machine's OS and PATH gate every skill; the gateway's environment stays unknown.
  const machine: Pick<SkillsOptions, 'machine' | 'host'> = machineSkills
    ? { machine: machineSkills.roots, host: { ...(skillMachine ?? {}), envUnknown: true, config: machineSkills.config } }
    : {};
  const options = { workspacePath, home, tools, pluginSkills, allowlist, ...(openclawRelease !== undefined && { openclawRelease }), ...machine };
  for (let pass = 0; ; pass++) {
    const wanted = new Set<string>();
    const report = composeSkills(treeReader(tree, contents, wanted), folder.path, options);
    if (wanted.size === 0 || pass >= MAX_PASSES) return { ...report, notices: [...tree.notices, ...report.notices] };
    await Promise.all([...wanted].map(async (path) => contents.set(path, await read(path))));
  }
}
