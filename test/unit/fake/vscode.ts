// An in-memory VS Code for fast tests of the extension's model (the hub and its listeners),
// as VS Code's Markdown extension tests its language features on an in-memory workspace.
// What it has: Uri, events, an in-memory file system with watchers, workspace folders,
// settings, text documents that can be typed into and saved. `require('vscode')` resolves
// here in unit tests (see ../vscodeL10n.ts); `memory` drives it.
import { posix } from 'node:path';
import { globMatcher } from '../../../src/core/glob';
import { l10n } from '../vscodeL10n';

export { l10n };

export class Disposable {
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((item) => item.dispose()));
  }
  constructor(private readonly onDispose: () => unknown) {}
  dispose(): void {
    this.onDispose();
  }
}

export type Event<T> = (listener: (value: T) => unknown, thisArg?: unknown, disposables?: Disposable[]) => Disposable;

export class EventEmitter<T> {
  private listeners = new Set<(value: T) => unknown>();
  readonly event: Event<T> = (listener, thisArg, disposables) => {
    const bound = (value: T) => listener.call(thisArg, value);
    this.listeners.add(bound);
    const disposable = new Disposable(() => this.listeners.delete(bound));
    disposables?.push(disposable);
    return disposable;
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

export class Uri {
  private constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly path: string,
  ) {}
  static parse(value: string): Uri {
    const match = /^([a-z][a-z0-9+.-]*):(?:\/\/([^/]*))?(.*)$/i.exec(value);
    if (!match) throw new Error(`not a URI: ${value}`);
    return new Uri(match[1], match[2] ?? '', decodeURIComponent(match[3] || '/'));
  }
  static file(path: string): Uri {
    return new Uri('file', '', path);
  }
  static from(parts: { scheme: string; authority?: string; path?: string }): Uri {
    return new Uri(parts.scheme, parts.authority ?? '', parts.path ?? '/');
  }
  static joinPath(base: Uri, ...segments: string[]): Uri {
    return new Uri(base.scheme, base.authority, posix.join(base.path, ...segments));
  }
  get fsPath(): string {
    return this.path;
  }
  with(change: { scheme?: string; path?: string }): Uri {
    return new Uri(change.scheme ?? this.scheme, this.authority, change.path ?? this.path);
  }
  toString(): string {
    return `${this.scheme}://${this.authority}${encodeURI(this.path)}`;
  }
  toJSON(): string {
    return this.toString();
  }
}

export enum FileType {
  Unknown = 0,
  File = 1,
  Directory = 2,
  SymbolicLink = 64,
}

export class FileSystemError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = `${code} (FileSystemError)`;
  }
  static FileNotFound(uri?: Uri | string): FileSystemError {
    return new FileSystemError(`not found: ${String(uri)}`, 'FileNotFound');
  }
  static FileExists(uri?: Uri | string): FileSystemError {
    return new FileSystemError(`exists: ${String(uri)}`, 'FileExists');
  }
}

export class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

export class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(start: Position | number, end: Position | number, endLine?: number, endCharacter?: number) {
    this.start = typeof start === 'number' ? new Position(start, end as number) : start;
    this.end = typeof start === 'number' ? new Position(endLine!, endCharacter!) : (end as Position);
  }

  isEqual(other: Range): boolean {
    return this.start.line === other.start.line && this.start.character === other.start.character && this.end.line === other.end.line && this.end.character === other.end.character;
  }
}

export enum DiagnosticSeverity {
  Error = 0,
  Warning = 1,
  Information = 2,
  Hint = 3,
}

export class Diagnostic {
  code?: string | number;
  source?: string;
  relatedInformation?: DiagnosticRelatedInformation[];
  constructor(
    readonly range: Range,
    readonly message: string,
    readonly severity: DiagnosticSeverity = DiagnosticSeverity.Error,
  ) {}
}

export class Location {
  constructor(
    readonly uri: Uri,
    readonly range: Range | Position,
  ) {}
}

export class DiagnosticRelatedInformation {
  constructor(
    readonly location: Location,
    readonly message: string,
  ) {}
}

export class CodeActionKind {
  static readonly QuickFix = new CodeActionKind('quickfix');
  constructor(readonly value: string) {}
}

/** An edit of documents, as a list of replacements (an insert or a delete is a replacement too). */
export class WorkspaceEdit {
  readonly edits: { uri: Uri; range: Range; text: string }[] = [];
  replace(uri: Uri, range: Range, text: string): void {
    this.edits.push({ uri, range, text });
  }
  insert(uri: Uri, position: Position, text: string): void {
    this.edits.push({ uri, range: new Range(position, position), text });
  }
  delete(uri: Uri, range: Range): void {
    this.edits.push({ uri, range, text: '' });
  }
}

export class CodeAction {
  edit?: unknown;
  command?: unknown;
  diagnostics?: Diagnostic[];
  isPreferred?: boolean;
  constructor(
    readonly title: string,
    readonly kind?: CodeActionKind,
  ) {}
}

/** Diagnostics set by every collection, by collection name and then by URI string. */
export const diagnostics = new Map<string, Map<string, Diagnostic[]>>();

export class CodeLens {
  constructor(
    readonly range: Range,
    readonly command?: { title: string; command: string },
  ) {}
}

export enum TreeItemCollapsibleState {
  None = 0,
  Collapsed = 1,
  Expanded = 2,
}

export class ThemeColor {
  constructor(readonly id: string) {}
}

export class ThemeIcon {
  constructor(
    readonly id: string,
    readonly color?: ThemeColor,
  ) {}
}

export class MarkdownString {
  isTrusted = false;
  constructor(
    public value = '',
    readonly supportThemeIcons = false,
  ) {}
  appendMarkdown(value: string): this {
    this.value += value;
    return this;
  }
  appendText(value: string): this {
    this.value += value;
    return this;
  }
}

/** A tree row as the extension builds it; no view shows it here. */
export class TreeItem {
  id?: string;
  description?: string;
  tooltip?: string | MarkdownString;
  iconPath?: ThemeIcon;
  contextValue?: string;
  resourceUri?: Uri;
  command?: { command: string; title: string; arguments?: unknown[] };
  constructor(
    public label: string,
    public collapsibleState = TreeItemCollapsibleState.None,
  ) {}
}

export class RelativePattern {
  readonly baseUri: Uri;
  constructor(
    base: Uri,
    readonly pattern: string,
  ) {
    this.baseUri = base;
  }
}

export enum StatusBarAlignment {
  Left = 1,
  Right = 2,
}

/** A status-bar item as the extension sets it; `visible` after show(). */
export interface FakeStatusBarItem {
  readonly id: string;
  name?: string;
  text: string;
  tooltip?: string | MarkdownString;
  backgroundColor?: ThemeColor;
  command?: unknown;
  accessibilityInformation?: { label: string };
  visible: boolean;
  show(): void;
  hide(): void;
  dispose(): void;
}

export enum QuickPickItemKind {
  Separator = -1,
  Default = 0,
}

export enum ConfigurationTarget {
  Global = 1,
  Workspace = 2,
  WorkspaceFolder = 3,
}

interface Watcher {
  readonly matches: (path: string) => boolean;
  readonly create: EventEmitter<Uri>;
  readonly change: EventEmitter<Uri>;
  readonly remove: EventEmitter<Uri>;
}

interface Entry {
  bytes: Uint8Array;
  mtime: number;
}

export interface FakeDocument {
  readonly uri: Uri;
  version: number;
  isDirty: boolean;
  isClosed: boolean;
  text: string;
  getText(): string;
  lineAt(line: number): { text: string; range: Range };
  positionAt(offset: number): Position;
  readonly lineCount: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The in-memory disk, settings and editors; every call records what the model read. */
class Memory {
  readonly files = new Map<string, Entry>();
  /** Symbolic links: the link's path, and the path it leads to (anywhere, the workspace or not). */
  readonly links = new Map<string, string>();
  readonly folders = new Set<string>(['/']);
  readonly settings = new Map<string, unknown>();
  readonly documents: FakeDocument[] = [];
  readonly reads: string[] = [];
  /** Every path stat-ed or listed, as `reads` holds every path read. */
  readonly looks: string[] = [];
  workspaceFolders: { uri: Uri; name: string; index: number }[] = [];
  private clock = 1;
  readonly watchers = new Set<Watcher>();
  readonly onDidChangeTextDocument = new EventEmitter<{ document: FakeDocument; contentChanges: unknown[] }>();
  readonly onDidSaveTextDocument = new EventEmitter<FakeDocument>();
  readonly onDidCloseTextDocument = new EventEmitter<FakeDocument>();
  readonly onDidChangeConfiguration = new EventEmitter<{ affectsConfiguration(section: string): boolean }>();

  /** The scheme of the workspace's files: `memfs`, or `file` for a test that needs a folder on disk too (a repository). */
  scheme = 'memfs';

  /** Opens a workspace of one folder, `/ws` in the `memfs` scheme: nothing in it is read from the real disk through the fake. */
  openWorkspace(path = '/ws', scheme = 'memfs'): Uri {
    this.scheme = scheme;
    const uri = Uri.from({ scheme, path });
    this.folders.add(path);
    this.workspaceFolders = [{ uri, name: posix.basename(path), index: 0 }];
    return uri;
  }

  /**
   * Writes a file (and its folders), and tells the watchers, as a program outside VS Code
   * would; `mtime` as a real clock would give it (ms), else a counter that differs on every write.
   */
  write(path: string, text: string, mtime = this.clock++): Uri {
    const existed = this.files.has(path);
    for (let dir = posix.dirname(path); !this.folders.has(dir); dir = posix.dirname(dir)) this.folders.add(dir);
    this.files.set(path, { bytes: encoder.encode(text), mtime });
    const uri = Uri.from({ scheme: this.scheme, path });
    for (const watcher of this.watching(path)) (existed ? watcher.change : watcher.create).fire(uri);
    return uri;
  }

  /** Deletes a file, and tells the watchers. */
  remove(path: string): void {
    if (!this.files.delete(path)) return;
    const uri = Uri.from({ scheme: this.scheme, path });
    for (const watcher of this.watching(path)) watcher.remove.fire(uri);
  }

  /** Opens a file in an editor (clean, its text from disk). */
  open(path: string): FakeDocument {
    const entry = this.files.get(path);
    const document: FakeDocument = {
      uri: Uri.from({ scheme: this.scheme, path }),
      version: 1,
      isDirty: false,
      isClosed: false,
      text: entry ? decoder.decode(entry.bytes) : '',
      getText(range?: Range) {
        if (!range) return this.text;
        // Offsets of the editor's lines (a lone CR, LF or CRLF ends one).
        const offset = (position: Position) => {
          let at = 0;
          for (let line = 0; line < position.line; line++) {
            const end = /\r\n|\r|\n/.exec(this.text.slice(at));
            if (!end) return this.text.length;
            at += end.index + end[0].length;
          }
          return at + position.character;
        };
        return this.text.slice(offset(range.start), offset(range.end));
      },
      // The editor's lines (a lone CR, LF or CRLF ends one), as VS Code counts them.
      lineAt(line: number) {
        const text = this.text.split(/\r\n|\r|\n/)[line] ?? '';
        return { text, range: new Range(new Position(line, 0), new Position(line, text.length)) };
      },
      positionAt(offset: number) {
        const before = this.text.slice(0, Math.max(0, offset)).split(/\r\n|\r|\n/);
        return new Position(before.length - 1, before[before.length - 1].length);
      },
      get lineCount() {
        return this.text.split(/\r\n|\r|\n/).length;
      },
    };
    this.documents.push(document);
    return document;
  }

  /** Types into an open editor: the text changes, the disk does not. */
  type(document: FakeDocument, text: string): void {
    document.text = text;
    document.version++;
    document.isDirty = true;
    this.onDidChangeTextDocument.fire({ document, contentChanges: [{ text }] });
  }

  /** Saves an editor: VS Code says so first, then the watcher sees the file change. */
  save(document: FakeDocument): void {
    document.isDirty = false;
    this.files.set(document.uri.path, { bytes: encoder.encode(document.text), mtime: this.clock++ });
    this.onDidSaveTextDocument.fire(document);
    for (const watcher of this.watching(document.uri.path)) watcher.change.fire(document.uri);
  }

  /** Changes a setting of the `personaStudio` section (or another, with its full key). */
  configure(key: string, value: unknown): void {
    this.settings.set(key, value);
    this.onDidChangeConfiguration.fire({ affectsConfiguration: (section) => key === section || key.startsWith(`${section}.`) });
  }

  /** The watchers whose glob matches the path, as VS Code's do. */
  watching(path: string): Watcher[] {
    return [...this.watchers].filter((watcher) => watcher.matches(path.slice(1)));
  }

  /** Makes `path` a link to `target`, and tells the watchers. */
  link(path: string, target: string): Uri {
    for (let dir = posix.dirname(path); !this.folders.has(dir); dir = posix.dirname(dir)) this.folders.add(dir);
    const existed = this.files.has(path) || this.links.has(path);
    this.files.delete(path);
    this.links.set(path, target);
    const uri = Uri.from({ scheme: this.scheme, path });
    for (const watcher of this.watching(path)) (existed ? watcher.change : watcher.create).fire(uri);
    return uri;
  }

  /** Where a link leads when that is outside every workspace folder, as the local disk's check answers. */
  async leadsOutside(uri: Uri): Promise<string | undefined> {
    const target = this.links.get(uri.path);
    if (target === undefined) return undefined;
    return this.workspaceFolders.some((folder) => target.startsWith(`${folder.uri.path}/`)) ? undefined : target;
  }

  entry(uri: Uri): Entry | undefined {
    return this.files.get(this.links.get(uri.path) ?? uri.path);
  }
}

export const memory = new Memory();

const never = new EventEmitter<never>();

export const workspace = {
  get workspaceFolders() {
    return memory.workspaceFolders.length ? memory.workspaceFolders : undefined;
  },
  getWorkspaceFolder(uri: Uri) {
    return memory.workspaceFolders.find((folder) => uri.scheme === folder.uri.scheme && (uri.path === folder.uri.path || uri.path.startsWith(`${folder.uri.path}/`)));
  },
  get textDocuments() {
    return memory.documents;
  },
  isTrusted: true,
  getConfiguration(section: string) {
    const key = (name: string) => `${section}.${name}`;
    return {
      get: <T>(name: string, fallback?: T) => (memory.settings.has(key(name)) ? memory.settings.get(key(name)) : fallback),
      inspect: (name: string) => ({ key: key(name), globalValue: memory.settings.get(key(name)) }),
      has: (name: string) => memory.settings.has(key(name)),
    };
  },
  onDidChangeTextDocument: memory.onDidChangeTextDocument.event,
  onDidSaveTextDocument: memory.onDidSaveTextDocument.event,
  onDidCloseTextDocument: memory.onDidCloseTextDocument.event,
  onDidOpenTextDocument: never.event,
  onDidChangeConfiguration: memory.onDidChangeConfiguration.event,
  onDidChangeWorkspaceFolders: never.event,
  onDidGrantWorkspaceTrust: never.event,
  onDidRenameFiles: never.event,
  /** Content providers by scheme, for tests that read virtual documents. */
  contentProviders: new Map<string, { provideTextDocumentContent(uri: Uri): string }>(),
  registerTextDocumentContentProvider(scheme: string, provider: { provideTextDocumentContent(uri: Uri): string }) {
    workspace.contentProviders.set(scheme, provider);
    return new Disposable(() => workspace.contentProviders.delete(scheme));
  },
  createFileSystemWatcher(pattern: string | RelativePattern) {
    // A relative pattern watches below its base, inside the workspace or not.
    const glob = typeof pattern === 'string' ? pattern : `${pattern.baseUri.path.slice(1)}/${pattern.pattern}`;
    // VS Code's globs take one level of braces: a nested group there matches nothing it should.
    if (/\{[^}]*\{/.test(glob)) throw new Error(`nested braces in a watcher's glob, which VS Code does not read: ${glob}`);
    const watcher: Watcher = { matches: globMatcher([glob]), create: new EventEmitter<Uri>(), change: new EventEmitter<Uri>(), remove: new EventEmitter<Uri>() };
    memory.watchers.add(watcher);
    return {
      onDidCreate: watcher.create.event,
      onDidChange: watcher.change.event,
      onDidDelete: watcher.remove.event,
      dispose: () => memory.watchers.delete(watcher),
    };
  },
  fs: {
    async stat(uri: Uri) {
      memory.looks.push(uri.path);
      const entry = memory.entry(uri);
      const link = memory.links.has(uri.path) ? FileType.SymbolicLink : 0;
      if (entry) return { type: FileType.File | link, size: entry.bytes.byteLength, mtime: entry.mtime, ctime: 0 };
      if (memory.folders.has(uri.path)) return { type: FileType.Directory, size: 0, mtime: 0, ctime: 0 };
      throw FileSystemError.FileNotFound(uri);
    },
    async readFile(uri: Uri) {
      const entry = memory.entry(uri);
      if (!entry) throw FileSystemError.FileNotFound(uri);
      memory.reads.push(memory.links.get(uri.path) ?? uri.path);
      return entry.bytes;
    },
    async readDirectory(uri: Uri): Promise<[string, FileType][]> {
      memory.looks.push(uri.path);
      if (!memory.folders.has(uri.path)) throw FileSystemError.FileNotFound(uri);
      const prefix = uri.path === '/' ? '/' : `${uri.path}/`;
      const children = new Map<string, FileType>();
      for (const path of [...memory.files.keys(), ...memory.links.keys()])
        if (path.startsWith(prefix) && !path.slice(prefix.length).includes('/')) children.set(path.slice(prefix.length), FileType.File);
      for (const path of memory.folders)
        if (path.startsWith(prefix) && path !== uri.path && !path.slice(prefix.length).includes('/')) children.set(path.slice(prefix.length), FileType.Directory);
      return [...children];
    },
  },
};

const messages: string[] = [];
const activeEditor = new EventEmitter<{ document: FakeDocument } | undefined>();

export const window = {
  /** Every status-bar item made, for assertions. */
  statusBarItems: [] as FakeStatusBarItem[],
  createStatusBarItem(id: string): FakeStatusBarItem {
    const item: FakeStatusBarItem = {
      id,
      text: '',
      visible: false,
      show: () => (item.visible = true),
      hide: () => (item.visible = false),
      dispose: () => window.statusBarItems.splice(window.statusBarItems.indexOf(item), 1),
    };
    window.statusBarItems.push(item);
    return item;
  },
  activeTextEditor: undefined as { document: FakeDocument } | undefined,
  get visibleTextEditors() {
    return window.activeTextEditor ? [window.activeTextEditor] : [];
  },
  onDidChangeActiveTextEditor: activeEditor.event,
  /** Shows a document in the active editor (undefined: none), as a click on its tab would. */
  showEditor(document: FakeDocument | undefined): void {
    window.activeTextEditor = document && { document };
    activeEditor.fire(window.activeTextEditor);
  },
  /** Every notification shown, for assertions. */
  messages,
  async showWarningMessage(message: string) {
    messages.push(message);
    return undefined;
  },
  async showInformationMessage(message: string) {
    messages.push(message);
    return undefined;
  },
  async showErrorMessage(message: string) {
    messages.push(message);
    return undefined;
  },
  /** What `showQuickPick` answers, from the items it was shown: a test sets it; by default nothing is picked. */
  pick: undefined as undefined | ((items: readonly unknown[]) => unknown),
  async showQuickPick(items: readonly unknown[] | Promise<readonly unknown[]>) {
    return window.pick?.(await items);
  },
  /** What `showOpenDialog` answers, from its options: a test sets it; by default nothing is picked. */
  openDialog: undefined as undefined | ((options: unknown) => Uri[] | undefined),
  async showOpenDialog(options: unknown) {
    return window.openDialog?.(options);
  },
};

/** Every command executed through `commands.executeCommand`, with its arguments. */
const executed: { command: string; args: unknown[] }[] = [];
const registered = new Map<string, (...args: unknown[]) => unknown>();

export const commands = {
  executed,
  async executeCommand(command: string, ...args: unknown[]) {
    executed.push({ command, args });
    return registered.get(command)?.(...args);
  },
  registerCommand(command: string, run: (...args: unknown[]) => unknown) {
    registered.set(command, run);
    return new Disposable(() => registered.delete(command));
  },
};

/** CodeLens providers, for tests that read lenses. */
const codeLensProviders: { selector: unknown; provider: { provideCodeLenses(document: { uri: Uri }): CodeLens[] } }[] = [];

interface CodeActionProvider {
  provideCodeActions(document: unknown, range: Range, context: { diagnostics: readonly Diagnostic[] }): CodeAction[] | undefined | Promise<CodeAction[] | undefined>;
}
const codeActionProviders: { selector: unknown; provider: CodeActionProvider }[] = [];

export const languages = {
  codeLensProviders,
  createDiagnosticCollection(name: string) {
    const byUri = new Map<string, Diagnostic[]>();
    diagnostics.set(name, byUri);
    return {
      name,
      set: (uri: Uri, list: Diagnostic[] | undefined) => void (list ? byUri.set(uri.toString(), list) : byUri.delete(uri.toString())),
      get: (uri: Uri) => byUri.get(uri.toString()),
      delete: (uri: Uri) => void byUri.delete(uri.toString()),
      clear: () => byUri.clear(),
      forEach: (callback: (uri: Uri, list: Diagnostic[]) => void) => byUri.forEach((list, uri) => callback(Uri.parse(uri), list)),
      dispose: () => void diagnostics.delete(name),
    };
  },
  /** Code action providers, for tests that ask for quick fixes. */
  codeActionProviders,
  registerCodeActionsProvider(selector: unknown, provider: CodeActionProvider) {
    const entry = { selector, provider };
    codeActionProviders.push(entry);
    return new Disposable(() => void codeActionProviders.splice(codeActionProviders.indexOf(entry), 1));
  },
  registerCodeLensProvider(selector: unknown, provider: { provideCodeLenses(document: { uri: Uri }): CodeLens[] }) {
    const entry = { selector, provider };
    codeLensProviders.push(entry);
    return new Disposable(() => codeLensProviders.splice(codeLensProviders.indexOf(entry), 1));
  },
};

/** Extensions by id a test installs (`vscode.git`'s API, for one). */
const installed = new Map<string, unknown>();

export const extensions = {
  installed,
  getExtension(id: string) {
    return installed.get(id);
  },
};
