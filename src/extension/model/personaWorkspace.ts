// The persona folders of the workspace and the live content of their files: the text
// of an open editor (saved or not) wins over the disk, so everything downstream
// shows what the runtime would compose if the user saved now.
import * as vscode from 'vscode';
import { HEARTWOOD_FILE, isBootstrapName, miscasedBootstrapName, RUNTIME_IDS, runtimeProfile } from '../../core';
import { CREATED_SETTLE_MS } from '../util/delays';
import { Disposable } from '../util/disposable';
import {
  CountingReader,
  couldBePersona,
  describe,
  DiscoveryStop,
  forgetFolderRules,
  isInside,
  Persona,
  readFolder,
  setAgentFolders,
  walkCreated,
  walkWorkspace,
  withinReach,
} from './personaDiscovery';
import { LiveContent } from './liveContent';
import { LinkConsent } from './linkConsent';
import { Throttle } from '../util/throttle';
import { logUnexpected } from '../util/log';
import { baseName, folderOf } from './uris';
import { runtimeId } from './config';

export type { DiscoveryStop, Persona } from './personaDiscovery';

/** Schemes of files on a real file system, local or remote (not `git:`, `output:`, ...). */
export const FILE_LIKE_SCHEMES: ReadonlySet<string> = new Set(['file', 'vscode-remote', 'vscode-vfs']);

/** Which persona folders a change of the list touched: added, removed, or with other files. */
export interface PersonasChange {
  /** Empty when only what stopped discovery changed. */
  readonly folders: readonly vscode.Uri[];
}

export interface ContentChange {
  readonly folder: vscode.Uri;
  /** The file's name in the folder (a bootstrap name, HEARTWOOD.md, a mis-cased name, or another a runtime reads). */
  readonly name: string;
}

/** The one setting that changes which folders are persona folders. */
const FOLDERS_SETTING = 'personaStudio.folders';

/**
 * Names a runtime reads that are no persona file names (AGENTS.override.md, BOOTSTRAP.md):
 * their changes reach the measurements, but never start discovery.
 */
const READ_ONLY_NAMES: ReadonlySet<string> = new Set(
  RUNTIME_IDS.flatMap((id) => runtimeProfile(id).filesToRead('/', () => false))
    .map((path) => path.slice(path.lastIndexOf('/') + 1))
    .filter((name) => !isPersonaFileName(name)),
);

/** Folders a runtime reads files of below the persona folder (Hermes's `memories/`). */
const READ_BELOW: ReadonlySet<string> = new Set(
  RUNTIME_IDS.flatMap((id) => runtimeProfile(id).fileNames)
    .filter((name) => name.includes('/'))
    .map((name) => name.slice(0, name.indexOf('/'))),
);

/** True for a name a runtime reads, persona file or not: a change to it changes a measurement. */
function isReadName(name: string): boolean {
  return isPersonaFileName(name) || READ_ONLY_NAMES.has(name);
}

/** True for a name whose edits matter to a persona. */
export function isPersonaFileName(name: string): boolean {
  return isBootstrapName(name) || name === HEARTWOOD_FILE || miscasedBootstrapName(name) !== undefined;
}

export { baseName, folderOf };

export class PersonaWorkspace extends Disposable {
  private readonly changeEmitter = this.register(new vscode.EventEmitter<PersonasChange>());
  private readonly contentEmitter = this.register(new vscode.EventEmitter<ContentChange>());
  /** The set of personas, or which files they have, changed. */
  readonly onDidChangePersonas = this.changeEmitter.event;
  /** A persona file's content changed: typed in an editor, or changed on disk. */
  readonly onDidChangeContent = this.contentEmitter.event;

  private list: Persona[] = [];
  private markReady!: () => void;
  /** Settles once the first discovery has finished, so views can tell "none" from "not yet". */
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));
  private stop: DiscoveryStop | undefined;
  /** Work waiting for the one discovery pass that runs at a time. */
  private walkWanted = false;
  private walkReason = '';
  private readonly stale = new Map<string, vscode.Uri>();
  private readonly created = new Map<string, vscode.Uri>();
  private readonly deleted = new Map<string, vscode.Uri>();
  /** New entries (a checkout, a copy) arrive in bursts: they are looked into together. */
  private readonly createdSettle = this.register(new Throttle(() => void this.drain(), { delayMs: CREATED_SETTLE_MS }));
  private running: Promise<void> | undefined;
  /** Whole walks of the workspace so far (the log says when, and why). */
  private walks = 0;
  /** Live content of persona files, shared by every reader: one bounded read per (file, mtime). */
  readonly content: LiveContent;

  constructor(
    private readonly log?: vscode.LogOutputChannel,
    /** Which links leading outside the workspace the user let be shown this session. */
    readonly linkConsent = new LinkConsent(),
  ) {
    super();
    this.register(linkConsent);
    this.content = new LiveContent((uri) => this.openDocument(uri), linkConsent);
    // Shown now: read it, and measure it again.
    this.register(
      linkConsent.onDidChange((uri) => {
        this.content.forget(uri);
        this.contentEmitter.fire({ folder: folderOf(uri), name: baseName(uri) });
      }),
    );
    // With Hermes's .cursorrules, the one file a runtime reads whose name is not *.md. One level
    // of braces: VS Code's globs do not nest them (a nested group matched no .md file at all).
    const watcher = this.register(vscode.workspace.createFileSystemWatcher('**/{*.md,*.MD,*.Md,*.mD,.cursorrules}'));
    const onDisk = (uri: vscode.Uri, added: boolean) => {
      const name = baseName(uri);
      if (!isReadName(name)) return;
      // Only a persona file added or removed, or one the list does not know, changes a persona's files.
      if (isPersonaFileName(name) && (added || !this.contains(uri))) this.folderChanged(folderOf(uri));
      this.contentEmitter.fire({ folder: folderOf(uri), name });
    };
    this.register(watcher.onDidCreate((uri) => onDisk(uri, true)));
    this.register(watcher.onDidDelete((uri) => onDisk(uri, true)));
    this.register(watcher.onDidChange((uri) => onDisk(uri, false)));
    // A folder that arrives with its files (mkdir -p and write, a copy, a checkout) may
    // reach the watcher as the folder alone, its files written before it was watched;
    // a deleted or renamed folder, likewise, without its files. Both change the personas.
    const entries = this.register(vscode.workspace.createFileSystemWatcher('**/*', false, true, false));
    this.register(entries.onDidCreate((uri) => this.entryCreated(uri)));
    this.register(entries.onDidDelete((uri) => this.entryDeleted(uri)));
    this.register(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length === 0) return;
        const name = baseName(event.document.uri);
        if (isReadName(name)) this.contentEmitter.fire({ folder: folderOf(event.document.uri), name });
      }),
    );
    // Closing an unsaved editor reverts what the runtime would see to the disk.
    this.register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        const name = baseName(document.uri);
        if (isReadName(name)) this.contentEmitter.fire({ folder: folderOf(document.uri), name });
      }),
    );
    // Trust makes the workspace's own personaStudio.folders count: the rules change.
    this.register(
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        forgetFolderRules();
        void this.refresh('the workspace was trusted');
      }),
    );
    this.register(
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        forgetFolderRules();
        void this.refresh('the workspace folders changed');
      }),
    );
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        const rulesChanged = event.affectsConfiguration(FOLDERS_SETTING) || event.affectsConfiguration('files.exclude');
        if (rulesChanged) forgetFolderRules();
        if (event.affectsConfiguration(FOLDERS_SETTING)) void this.refresh(`${FOLDERS_SETTING} changed`);
        else if (event.affectsConfiguration('files.exclude')) void this.refresh('files.exclude changed');
        else if (event.affectsConfiguration('personaStudio')) this.log?.info('Settings changed; which folders are personas did not: no walk');
      }),
    );
    this.watchContent();
  }

  /** A persona file was added, removed, or changed in a folder the list does not know. */
  private folderChanged(folder: vscode.Uri): void {
    if (!couldBePersona(folder)) return;
    this.stale.set(folder.toString(), folder);
    void this.drain();
  }

  /** The OpenClaw config's agents' workspaces in the window: each is a persona, files or not. */
  showAgentFolders(folders: readonly vscode.Uri[]): void {
    for (const folder of setAgentFolders(folders)) this.stale.set(folder.toString(), folder);
    void this.drain();
  }

  private entryCreated(uri: vscode.Uri): void {
    // Persona files have their own watcher; only a new folder can bring files unseen.
    if (isPersonaFileName(baseName(uri)) || !withinReach(uri)) return;
    this.created.set(uri.toString(), uri);
    this.createdSettle.request();
  }

  private entryDeleted(uri: vscode.Uri): void {
    if (!this.list.some((persona) => isInside(persona.uri, uri))) return;
    this.deleted.set(uri.toString(), uri);
    void this.drain();
  }

  get personas(): readonly Persona[] {
    return this.list.filter((persona) => !this.readFromAbove(persona));
  }

  /**
   * A folder whose every file the persona above it reads under its runtime (Hermes's
   * `memories/`) is part of that persona, not one of its own.
   */
  private readFromAbove(persona: Persona): boolean {
    const name = baseName(persona.uri);
    if (!READ_BELOW.has(name) || persona.heartwood || persona.files.length === 0) return false;
    const above = folderOf(persona.uri).toString();
    if (above === persona.uri.toString() || !this.list.some((p) => p.uri.toString() === above)) return false;
    const names: readonly string[] = runtimeProfile(runtimeId(folderOf(persona.uri))).fileNames;
    return persona.files.every((file) => names.includes(`${name}/${file}`));
  }

  /** True when a bound stopped discovery before the whole workspace was seen. */
  get discoveryIncomplete(): boolean {
    return this.stop !== undefined;
  }

  /** What stopped discovery early, if anything did. */
  get discoveryStop(): DiscoveryStop | undefined {
    return this.stop;
  }

  /** True when the list knows the file as one of its persona's files. */
  private contains(uri: vscode.Uri): boolean {
    const persona = this.find(folderOf(uri));
    if (!persona) return false;
    const name = baseName(uri);
    return (persona.files as readonly string[]).includes(name) || (name === HEARTWOOD_FILE && persona.heartwood) || persona.miscased.includes(name);
  }

  /** The persona a file belongs to: a known one, or its folder when the file is a persona file. */
  personaOf(uri: vscode.Uri): Persona | undefined {
    const folder = folderOf(uri).toString();
    const known = this.list.find((p) => p.uri.toString() === folder);
    if (known) return this.readFromAbove(known) ? this.find(folderOf(known.uri)) : known;
    // Outside a known persona, only a correctly named file of a real file system makes
    // its folder one: a stray `memory.md` or a git diff document does not.
    const name = baseName(uri);
    if (!(isBootstrapName(name) || name === HEARTWOOD_FILE) || !FILE_LIKE_SCHEMES.has(uri.scheme)) return undefined;
    return describe(folderOf(uri), { dir: folder, files: [], heartwood: false, miscased: [] });
  }

  find(folder: vscode.Uri): Persona | undefined {
    const persona = this.list.find((p) => p.uri.toString() === folder.toString());
    return persona && !this.readFromAbove(persona) ? persona : undefined;
  }

  /** Walks the whole workspace again; calls during a walk coalesce into one more. */
  refresh(reason = 'asked for'): Promise<void> {
    this.walkWanted = true;
    this.walkReason = reason;
    return this.drain();
  }

  /** Runs what is waiting, one pass at a time: a whole walk first, else the folders that changed. */
  private drain(): Promise<void> {
    this.running ??= (async () => {
      // Begin once `running` holds this pass: a pass that found nothing to do and ended at
      // once would otherwise clear `running` before it was set, and leave it set for good.
      await undefined;
      try {
        while (!this.isDisposed) {
          if (this.walkWanted) {
            // A walk sees the disk as it is now: what was waiting is in it.
            this.walkWanted = false;
            this.stale.clear();
            this.created.clear();
            this.deleted.clear();
            try {
              await this.walk(this.walkReason);
            } finally {
              this.markReady();
            }
          } else if (this.stale.size || this.created.size || this.deleted.size) {
            await this.update(take(this.deleted), take(this.created), take(this.stale));
          } else break;
        }
      } catch (error) {
        // A failed pass is a bug: it is seen, the list stays as it was, and the next change tries again.
        logUnexpected('discovery', error);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async walk(reason: string): Promise<void> {
    const started = Date.now();
    const reader = new CountingReader();
    const { personas, stop } = await walkWorkspace(reader);
    const incomplete = stop !== undefined;
    this.walks++;
    const stopChanged = JSON.stringify(stop) !== JSON.stringify(this.stop);
    this.stop = stop;
    const roots = (vscode.workspace.workspaceFolders ?? []).map((folder) => (folder.uri.scheme === 'file' ? folder.uri.fsPath : folder.uri.toString()));
    this.log?.info(
      `Walk ${this.walks} (${reason}) of ${roots.join(', ') || 'no folder'}: ${reader.foldersRead} folders read, ${personas.length} persona folders, ${Date.now() - started} ms` +
        (incomplete ? ', stopped at its bound' : ''),
    );
    // The tree says when a bound stopped the walk, so a new stop is news even with the same personas.
    if (!this.replace(personas) && stopChanged) this.changeEmitter.fire({ folders: [] });
  }

  /** Applies deleted folders, walks new ones and reads again the folders whose files changed. */
  private async update(deleted: vscode.Uri[], created: vscode.Uri[], stale: vscode.Uri[]): Promise<void> {
    const started = Date.now();
    const reader = new CountingReader();
    const next = new Map(this.list.map((persona) => [persona.uri.toString(), persona]));
    for (const [key, persona] of next) if (deleted.some((folder) => isInside(persona.uri, folder))) next.delete(key);
    for (const persona of await walkCreated(created, reader)) next.set(persona.uri.toString(), persona);
    for (const folder of stale) {
      const persona = await readFolder(folder, reader);
      if (persona) next.set(folder.toString(), persona);
      else next.delete(folder.toString());
    }
    const changed = this.replace([...next.values()]);
    const counts = [deleted.length && `${deleted.length} deleted`, created.length && `${created.length} created`, stale.length && `${stale.length} changed`];
    const line =
      `Updated without a walk (${counts.filter(Boolean).join(', ')}): ${reader.foldersRead} folders read, ` +
      `${changed ? 'personas changed' : 'no persona changed'}, ${Date.now() - started} ms`;
    // A new file elsewhere costs one stat and is not worth a line; a folder looked into is.
    if (changed || reader.foldersRead > 0) this.log?.info(line);
    else this.log?.debug(line);
  }

  /** Takes a new list; tells listeners when it differs. */
  private replace(personas: Persona[]): boolean {
    personas.sort((a, b) => a.uri.toString().localeCompare(b.uri.toString()));
    const before = new Map(this.list.map((persona) => [persona.uri.toString(), key(persona)]));
    const after = new Map(personas.map((persona) => [persona.uri.toString(), key(persona)]));
    const folders = [
      ...personas.filter((persona) => before.get(persona.uri.toString()) !== after.get(persona.uri.toString())).map((persona) => persona.uri),
      ...this.list.filter((persona) => !after.has(persona.uri.toString())).map((persona) => persona.uri),
    ];
    if (folders.length === 0) return false;
    this.list = personas;
    this.changeEmitter.fire({ folders });
    return true;
  }

  /** The open editor holding a file, if any. */
  openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
    const key = uri.toString();
    return vscode.workspace.textDocuments.find((document) => document.uri.toString() === key && !document.isClosed);
  }

  /** Keeps `content` true to the disk: a change not typed in a dirty editor, a save or a close, stats the file again. */
  private watchContent(): void {
    this.register(
      this.onDidChangeContent(({ folder, name }) => {
        const uri = vscode.Uri.joinPath(folder, name);
        // A keystroke in a dirty editor leaves the disk as it was: no stat, no BOM read again.
        if (!this.openDocument(uri)?.isDirty) this.content.changed(uri);
      }),
    );
    // A save writes the disk before the watcher says so: the bytes read before it are stale.
    this.register(vscode.workspace.onDidSaveTextDocument((document) => this.content.changed(document.uri)));
  }
}

function take(waiting: Map<string, vscode.Uri>): vscode.Uri[] {
  const uris = [...waiting.values()];
  waiting.clear();
  return uris;
}

function key(persona: Persona): string {
  return [persona.uri.toString(), persona.files.join(','), persona.heartwood, persona.miscased.join(',')].join('|');
}
