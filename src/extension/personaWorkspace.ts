// The persona folders of the workspace and the live content of their files: the text
// of an open editor (saved or not) wins over the disk, so everything downstream
// shows what the runtime would compose if the user saved now.
import * as vscode from 'vscode';
import picomatch from 'picomatch';
import {
  BOOTSTRAP_ORDER,
  BootstrapName,
  BootstrapSource,
  classifyFolder,
  DEFAULT_SKIP,
  DirectoryReader,
  discoverPersonaFolders,
  EntryKind,
  HEARTWOOD_FILE,
  isBootstrapName,
  miscasedBootstrapName,
  PersonaFolder,
  decodeUtf8,
} from '../core';
import { folderPatterns, onDidChangeSettings } from './config';
import { Disposable } from './disposable';

export interface Persona {
  /** The persona folder. */
  readonly uri: vscode.Uri;
  readonly workspaceFolder: vscode.WorkspaceFolder | undefined;
  /** Path relative to its workspace folder ('.' for the root), for labels. */
  readonly label: string;
  /** What is on disk, as last discovered. */
  readonly files: readonly BootstrapName[];
  readonly heartwood: boolean;
  readonly miscased: readonly string[];
}

export interface ContentChange {
  readonly folder: vscode.Uri;
  /** The file's name in the folder (a bootstrap name, HEARTWOOD.md or a mis-cased name). */
  readonly name: string;
}

const BOM = '\uFEFF';
const fsReader: DirectoryReader = {
  async readDirectory(dir) {
    const entries = await vscode.workspace.fs.readDirectory(vscode.Uri.parse(dir));
    return entries.map(([name, type]) => [name, entryKind(type)] as const);
  },
  join: (dir, name) => vscode.Uri.joinPath(vscode.Uri.parse(dir), name).toString(),
};

function entryKind(type: vscode.FileType): EntryKind {
  if (type & vscode.FileType.Directory) return 'directory';
  return type & vscode.FileType.File ? 'file' : 'other';
}

/** True for a name whose edits matter to a persona. */
export function isPersonaFileName(name: string): boolean {
  return isBootstrapName(name) || name === HEARTWOOD_FILE || miscasedBootstrapName(name) !== undefined;
}

export function folderOf(uri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(uri, '..');
}

export function baseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

export class PersonaWorkspace extends Disposable {
  private readonly changeEmitter = this.register(new vscode.EventEmitter<void>());
  private readonly contentEmitter = this.register(new vscode.EventEmitter<ContentChange>());
  /** The set of personas, or which files they have, changed. */
  readonly onDidChangePersonas = this.changeEmitter.event;
  /** A persona file's content changed: typed in an editor, or changed on disk. */
  readonly onDidChangeContent = this.contentEmitter.event;

  private list: Persona[] = [];
  private markReady!: () => void;
  /** Settles once the first discovery has finished, so views can tell "none" from "not yet". */
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));
  private incomplete = false;
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  /** Whether each file read from disk began with a BOM, which an editor hides but saves back. */
  private readonly bomOnDisk = new Map<string, boolean>();

  constructor() {
    super();
    const watcher = this.register(
      vscode.workspace.createFileSystemWatcher('**/*.{md,MD,Md,mD}'),
    );
    const onDisk = (uri: vscode.Uri, created: boolean) => {
      const name = baseName(uri);
      if (!isPersonaFileName(name)) return;
      this.bomOnDisk.delete(uri.toString());
      if (created || !this.contains(uri)) void this.refresh();
      this.contentEmitter.fire({ folder: folderOf(uri), name });
    };
    this.register(watcher.onDidCreate((uri) => onDisk(uri, true)));
    this.register(watcher.onDidDelete((uri) => onDisk(uri, true)));
    this.register(watcher.onDidChange((uri) => onDisk(uri, false)));
    // A folder that arrives with its files (mkdir -p and write, a copy, a checkout) may
    // reach the watcher as the folder alone, its files written before it was watched;
    // a deleted or renamed folder, likewise, without its files. Both change the personas.
    const folders = this.register(vscode.workspace.createFileSystemWatcher('**/*', false, true, false));
    this.register(folders.onDidCreate((uri) => void this.folderCreated(uri)));
    this.register(folders.onDidDelete((uri) => this.folderDeleted(uri)));
    this.register(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length === 0) return;
        const name = baseName(event.document.uri);
        if (isPersonaFileName(name)) this.contentEmitter.fire({ folder: folderOf(event.document.uri), name });
      }),
    );
    // Closing an unsaved editor reverts what the runtime would see to the disk.
    this.register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        const name = baseName(document.uri);
        if (isPersonaFileName(name)) this.contentEmitter.fire({ folder: folderOf(document.uri), name });
      }),
    );
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => void this.refresh()));
    this.register(onDidChangeSettings(() => void this.refresh()));
  }

  private async folderCreated(uri: vscode.Uri): Promise<void> {
    if (isPersonaFileName(baseName(uri)) || uri.path.split('/').some((segment) => DEFAULT_SKIP.has(segment))) return;
    try {
      if ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.Directory) void this.refresh();
    } catch {
      // Gone again already.
    }
  }

  private folderDeleted(uri: vscode.Uri): void {
    const prefix = uri.toString().replace(/\/?$/, '/');
    if (this.list.some((persona) => `${persona.uri.toString()}/`.startsWith(prefix))) void this.refresh();
  }

  get personas(): readonly Persona[] {
    return this.list;
  }

  /** True when a bound stopped discovery before the whole workspace was seen. */
  get discoveryIncomplete(): boolean {
    return this.incomplete;
  }

  private contains(uri: vscode.Uri): boolean {
    const folder = folderOf(uri).toString();
    const persona = this.list.find((p) => p.uri.toString() === folder);
    return persona !== undefined && (persona.files as readonly string[]).includes(baseName(uri));
  }

  /** The persona a file belongs to: a known one, or its folder when the file is a persona file. */
  personaOf(uri: vscode.Uri): Persona | undefined {
    const folder = folderOf(uri).toString();
    const known = this.list.find((p) => p.uri.toString() === folder);
    if (known) return known;
    if (!isPersonaFileName(baseName(uri))) return undefined;
    return this.describe(folderOf(uri), { dir: folder, files: [], heartwood: false, miscased: [] });
  }

  find(folder: vscode.Uri): Persona | undefined {
    return this.list.find((p) => p.uri.toString() === folder.toString());
  }

  /** Rediscovers persona folders; concurrent calls coalesce into one more pass. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        do {
          this.refreshAgain = false;
          await this.discover();
        } while (this.refreshAgain && !this.isDisposed);
      } finally {
        this.refreshing = undefined;
        this.markReady();
      }
    })();
    return this.refreshing;
  }

  private async discover(): Promise<void> {
    const found: Persona[] = [];
    let incomplete = false;
    for (const workspaceFolder of vscode.workspace.workspaceFolders ?? []) {
      const patterns = folderPatterns(workspaceFolder);
      const skip = patterns.some((p) => p.includes('node_modules')) ? new Set(['.git']) : DEFAULT_SKIP;
      const result = await discoverPersonaFolders(workspaceFolder.uri.toString(), fsReader, { skip });
      incomplete ||= result.incomplete;
      const chosen = patterns.length ? await this.choose(workspaceFolder, patterns, result.personas) : result.personas;
      for (const persona of chosen) found.push(this.describe(vscode.Uri.parse(persona.dir), persona, workspaceFolder));
    }
    found.sort((a, b) => a.uri.toString().localeCompare(b.uri.toString()));
    this.incomplete = incomplete;
    if (JSON.stringify(found.map(key)) !== JSON.stringify(this.list.map(key))) {
      this.list = found;
      this.changeEmitter.fire();
    }
  }

  /**
   * `personaStudio.folders` narrows discovery to matching folders, and widens it to
   * a matching folder named outright (no glob characters) even before it has files.
   */
  private async choose(workspaceFolder: vscode.WorkspaceFolder, patterns: string[], discovered: PersonaFolder[]): Promise<PersonaFolder[]> {
    const matches = picomatch(patterns.map(trimSlashes), { dot: true });
    const relative = (dir: string) => trimSlashes(vscode.Uri.parse(dir).path.slice(workspaceFolder.uri.path.length)) || '.';
    const chosen = discovered.filter((p) => matches(relative(p.dir)));
    for (const pattern of patterns.map(trimSlashes)) {
      if (picomatch.scan(pattern).isGlob) continue;
      const uri = vscode.Uri.joinPath(workspaceFolder.uri, pattern);
      if (chosen.some((p) => p.dir === uri.toString())) continue;
      try {
        const entries = await fsReader.readDirectory(uri.toString());
        chosen.push(classifyFolder(uri.toString(), entries) ?? { dir: uri.toString(), files: [], heartwood: false, miscased: [] });
      } catch {
        // A named folder that does not exist is not shown.
      }
    }
    return chosen;
  }

  private describe(uri: vscode.Uri, found: PersonaFolder, workspaceFolder = vscode.workspace.getWorkspaceFolder(uri)): Persona {
    const rootPath = workspaceFolder?.uri.path ?? '';
    const relative = workspaceFolder ? trimSlashes(uri.path.slice(rootPath.length)) : uri.path;
    const label = relative === '' ? (workspaceFolder?.name ?? '.') : relative;
    return { uri, workspaceFolder, label, files: found.files, heartwood: found.heartwood, miscased: found.miscased };
  }

  /** The open editor holding a file, if any. */
  openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
    const key = uri.toString();
    return vscode.workspace.textDocuments.find((document) => document.uri.toString() === key && !document.isClosed);
  }

  /**
   * One file's content as the runtime would read it after a save: an open editor's
   * text (with the BOM it would save back), else the bytes on disk; undefined when
   * the file is missing or unreadable.
   */
  async source(uri: vscode.Uri): Promise<BootstrapSource | undefined> {
    const document = this.openDocument(uri);
    if (document) {
      const bom = this.bomOnDisk.get(uri.toString()) ?? (await this.readBytes(uri))?.[0] === 0xef;
      return bom ? BOM + document.getText() : document.getText();
    }
    return this.readBytes(uri);
  }

  private async readBytes(uri: vscode.Uri): Promise<Uint8Array | undefined> {
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      this.bomOnDisk.set(uri.toString(), bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf);
      return bytes;
    } catch {
      return undefined;
    }
  }

  /** Every bootstrap file of a persona folder that exists, in bootstrap order. */
  async sources(folder: vscode.Uri): Promise<Map<BootstrapName, BootstrapSource>> {
    const entries = await Promise.all(
      BOOTSTRAP_ORDER.map(async (name) => [name, await this.source(vscode.Uri.joinPath(folder, name))] as const),
    );
    return new Map(entries.filter((entry): entry is readonly [BootstrapName, BootstrapSource] => entry[1] !== undefined));
  }

  /** HEARTWOOD.md's text (editor or disk), or undefined when absent. */
  async heartwoodText(folder: vscode.Uri): Promise<string | undefined> {
    const source = await this.source(vscode.Uri.joinPath(folder, HEARTWOOD_FILE));
    if (source === undefined) return undefined;
    return typeof source === 'string' ? source : decodeUtf8(source);
  }
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

function key(persona: Persona): string {
  return [persona.uri.toString(), persona.files.join(','), persona.heartwood, persona.miscased.join(',')].join('|');
}
