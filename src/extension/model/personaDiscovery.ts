// Which folders of the workspace are persona folders: a whole walk (at start, or when
// the rules change), or one folder or one new subtree at a time, under the same rules.
import * as vscode from 'vscode';
import { BootstrapName, classifyFolder, DEFAULT_SKIP, DirectoryReader, discoverPersonaFolders, EntryKind, isGlob, PersonaFolder } from '../../core';
import { compileSettingGlobs, excludedFolders, folderPatterns } from './config';
import { listLocalFolder, realPath } from '../platform';
import { expectFileSystemError } from '../util/log';

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

/** Levels below a workspace folder that discovery looks into (the root is level 0). */
const MAX_DEPTH = 8;
/** Folders one walk reads at most. */
const MAX_FOLDERS = 10_000;

/** VS Code's file system as discovery reads it, counting the folders it reads. */
export class CountingReader implements DirectoryReader {
  foldersRead = 0;

  async readDirectory(dir: string): Promise<ReadonlyArray<readonly [string, EntryKind]>> {
    this.foldersRead++;
    const uri = vscode.Uri.parse(dir);
    // A local folder is listed in the extension host itself: a round trip through VS Code
    // for each of thousands of folders costs milliseconds apiece.
    if (uri.scheme === 'file' && listLocalFolder) return listLocalFolder(uri.fsPath);
    const entries = await vscode.workspace.fs.readDirectory(uri);
    return entries.map(([name, type]) => [name, entryKind(type)] as const);
  }

  join(dir: string, name: string): string {
    return vscode.Uri.joinPath(vscode.Uri.parse(dir), name).toString();
  }

  // Only a local folder can say where a link leads; elsewhere linked folders are not entered.
  async realPath(dir: string): Promise<string | undefined> {
    const uri = vscode.Uri.parse(dir);
    return uri.scheme === 'file' && realPath ? realPath(uri.fsPath) : undefined;
  }
}

/** Why discovery stopped early, when a bound stopped it. */
export interface DiscoveryStop {
  readonly by: 'folders' | 'depth';
  readonly folders: number;
}

function entryKind(type: vscode.FileType): EntryKind {
  if (type & vscode.FileType.Directory) return type & vscode.FileType.SymbolicLink ? 'linkedDirectory' : 'directory';
  return type & vscode.FileType.File ? 'file' : 'other';
}

/** The rules of one workspace folder: `personaStudio.folders` and the folders never entered. */
class FolderRules {
  readonly patterns: string[];
  readonly skip: ReadonlySet<string>;
  private readonly matches: (path: string) => boolean;
  /** Folders named outright (no glob characters), and the config's agents' workspaces: shown even before they have files. */
  readonly named: ReadonlySet<string>;
  /** `files.exclude`, as a test on folder paths relative to the workspace folder. */
  readonly exclude: ((relativePath: string) => boolean) | undefined;

  constructor(readonly workspaceFolder: vscode.WorkspaceFolder) {
    this.exclude = excludedFolders(workspaceFolder);
    this.patterns = folderPatterns(workspaceFolder).map(trimSlashes);
    this.skip = this.patterns.some((p) => p.includes('node_modules')) ? new Set(['.git']) : DEFAULT_SKIP;
    this.matches = this.patterns.length ? compileSettingGlobs('personaStudio.folders', this.patterns) : () => true;
    const agents = agentFolders.filter((uri) => isInside(uri, workspaceFolder.uri)).map((uri) => this.relative(uri));
    this.named = new Set([...this.patterns.filter((p) => !isGlob(p)).map((p) => p || '.'), ...agents]);
  }

  /** The folder's path below the workspace folder ('.' for the root). */
  relative(uri: vscode.Uri): string {
    return trimSlashes(uri.path.slice(this.workspaceFolder.uri.path.length)) || '.';
  }

  /** True when a walk would enter the folder (depth and skipped names only). */
  reaches(uri: vscode.Uri): boolean {
    const relative = this.relative(uri);
    const segments = relative === '.' ? [] : relative.split('/');
    return segments.length <= MAX_DEPTH && !segments.some((segment) => this.skip.has(segment));
  }

  /** True when a folder at this place could be a persona folder. */
  admits(uri: vscode.Uri): boolean {
    if (!this.reaches(uri)) return false;
    const relative = this.relative(uri);
    return this.named.has(relative) || this.matches(relative);
  }
}

/** Each workspace folder's rules, built once per settings change: a file event compiles no pattern. */
const rulesCache = new Map<string, FolderRules>();

function rulesOf(workspaceFolder: vscode.WorkspaceFolder): FolderRules {
  const key = workspaceFolder.uri.toString();
  let rules = rulesCache.get(key);
  // A folder replaced under the same URI (removed and added again) gets new rules too.
  if (!rules || rules.workspaceFolder !== workspaceFolder) rulesCache.set(key, (rules = new FolderRules(workspaceFolder)));
  return rules;
}

/** The OpenClaw config's agents' workspaces in the window: personas even before they hold a file. */
let agentFolders: readonly vscode.Uri[] = [];

/** Sets the agents' workspaces; returns those before and after, each to be read again. */
export function setAgentFolders(folders: readonly vscode.Uri[]): vscode.Uri[] {
  const changed = [...agentFolders, ...folders];
  agentFolders = folders;
  rulesCache.clear();
  return changed;
}

/** Drops the built rules: `personaStudio.folders`, `files.exclude` or the workspace folders changed. */
export function forgetFolderRules(): void {
  rulesCache.clear();
}

function rulesFor(uri: vscode.Uri): FolderRules | undefined {
  const workspaceFolder = vscode.workspace.getWorkspaceFolder(uri);
  return workspaceFolder && rulesOf(workspaceFolder);
}

/** True when a persona folder could be at `folder`: worth reading when a persona file in it changes. */
export function couldBePersona(folder: vscode.Uri): boolean {
  return rulesFor(folder)?.admits(folder) ?? false;
}

/** True when a walk would enter `folder`: worth looking into when it is created. */
export function withinReach(folder: vscode.Uri): boolean {
  return rulesFor(folder)?.reaches(folder) ?? false;
}

export function describe(uri: vscode.Uri, found: PersonaFolder, workspaceFolder = vscode.workspace.getWorkspaceFolder(uri)): Persona {
  const rootPath = workspaceFolder?.uri.path ?? '';
  const relative = workspaceFolder ? trimSlashes(uri.path.slice(rootPath.length)) : uri.path;
  const label = relative === '' ? (workspaceFolder?.name ?? '.') : relative;
  return { uri, workspaceFolder, label, files: found.files, heartwood: found.heartwood, miscased: found.miscased };
}

function empty(dir: string): PersonaFolder {
  return { dir, files: [], heartwood: false, miscased: [] };
}

/** The persona at a found folder, if the rules let it be one. */
function admit(rules: FolderRules, found: PersonaFolder): Persona | undefined {
  const uri = vscode.Uri.parse(found.dir);
  return rules.admits(uri) ? describe(uri, found, rules.workspaceFolder) : undefined;
}

/** Walks every workspace folder. */
export async function walkWorkspace(reader: CountingReader): Promise<{ personas: Persona[]; stop?: DiscoveryStop }> {
  const personas: Persona[] = [];
  let stop: DiscoveryStop | undefined;
  for (const workspaceFolder of vscode.workspace.workspaceFolders ?? []) {
    const rules = rulesOf(workspaceFolder);
    const root = workspaceFolder.uri.toString();
    const result = await discoverPersonaFolders(root, reader, { skip: rules.skip, exclude: rules.exclude, maxDepth: MAX_DEPTH, maxFolders: MAX_FOLDERS });
    if (result.incomplete) stop = { by: stop?.by ?? result.stoppedBy ?? 'folders', folders: (stop?.folders ?? 0) + result.foldersRead };
    for (const found of result.personas) {
      const persona = admit(rules, found);
      if (persona) personas.push(persona);
    }
    for (const named of rules.named) {
      const uri = named === '.' ? workspaceFolder.uri : vscode.Uri.joinPath(workspaceFolder.uri, named);
      if (personas.some((p) => p.uri.toString() === uri.toString())) continue;
      // readFolder follows no link out of the workspace folder.
      const persona = await readFolder(uri, reader);
      if (persona) personas.push(persona);
    }
  }
  return { personas, stop };
}

/** One folder read again: its persona, or undefined when it is none (or gone). */
export async function readFolder(uri: vscode.Uri, reader: CountingReader): Promise<Persona | undefined> {
  const rules = rulesFor(uri);
  if (!rules?.admits(uri)) return undefined;
  // A folder read by name obeys the full walk's rule: no link out of the workspace folder.
  if (!(await staysInside(rules.workspaceFolder.uri, uri))) return undefined;
  let entries: ReadonlyArray<readonly [string, EntryKind]>;
  try {
    entries = await reader.readDirectory(uri.toString());
  } catch (error) {
    expectFileSystemError(error); // Gone, or unreadable: not a persona folder.
    return undefined;
  }
  const found = classifyFolder(uri.toString(), entries) ?? (rules.named.has(rules.relative(uri)) ? empty(uri.toString()) : undefined);
  return found && describe(uri, found, rules.workspaceFolder);
}

/**
 * The persona folders inside newly created entries (of which only folders matter): each
 * new subtree is walked once, the rest of the workspace not at all. Entries inside another
 * new entry are left to it; entries that share a parent are told apart by one read of it.
 */
export async function walkCreated(created: readonly vscode.Uri[], reader: CountingReader): Promise<Persona[]> {
  const keys = new Set(created.map((uri) => uri.toString()));
  const outermost = created.filter((uri) => !ancestors(uri).some((ancestor) => keys.has(ancestor)));
  const byParent = new Map<string, vscode.Uri[]>();
  for (const uri of outermost) {
    const parent = vscode.Uri.joinPath(uri, '..').toString();
    byParent.set(parent, [...(byParent.get(parent) ?? []), uri]);
  }
  const folders: vscode.Uri[] = [];
  for (const [parent, children] of byParent) {
    if (children.length === 1) {
      if (await isFolder(children[0])) folders.push(children[0]);
      continue;
    }
    let entries: ReadonlyArray<readonly [string, EntryKind]> = [];
    try {
      entries = await reader.readDirectory(parent);
    } catch (error) {
      expectFileSystemError(error); // The parent is gone too: so are its new entries.
      continue;
    }
    const subfolders = new Set(entries.filter(([, kind]) => kind === 'directory').map(([name]) => name));
    folders.push(...children.filter((uri) => subfolders.has(uri.path.slice(uri.path.lastIndexOf('/') + 1))));
  }
  const personas: Persona[] = [];
  for (const folder of folders) {
    const rules = rulesFor(folder);
    if (!rules?.reaches(folder)) continue;
    const depth = rules.relative(folder).split('/').length;
    const result = await discoverPersonaFolders(folder.toString(), reader, {
      skip: rules.skip,
      exclude: rules.exclude && ((relative) => rules.exclude!(`${rules.relative(folder)}/${relative}`)),
      maxDepth: MAX_DEPTH - depth,
      maxFolders: MAX_FOLDERS,
      // The full walk's rule: nothing outside the workspace folder's real path, the new folder itself included.
      within: rules.workspaceFolder.uri.toString(),
    });
    for (const found of result.personas) {
      const persona = admit(rules, found);
      if (persona) personas.push(persona);
    }
    // A folder named in the settings shows even while it holds no file.
    for (const named of rules.named) {
      const uri = named === '.' ? rules.workspaceFolder.uri : vscode.Uri.joinPath(rules.workspaceFolder.uri, named);
      if (!isInside(uri, folder) || personas.some((p) => p.uri.toString() === uri.toString())) continue;
      const persona = await readFolder(uri, reader);
      if (persona) personas.push(persona);
    }
  }
  return personas;
}

/** True when `uri` (links resolved) lies inside `root`; a folder that cannot be resolved is not entered. */
async function staysInside(root: vscode.Uri, uri: vscode.Uri): Promise<boolean> {
  if (root.scheme !== 'file' || uri.scheme !== 'file' || !realPath) return true;
  try {
    const [rootReal, real] = await Promise.all([realPath(root.fsPath), realPath(uri.fsPath)]);
    return isInside(vscode.Uri.file(real), vscode.Uri.file(rootReal));
  } catch (error) {
    expectFileSystemError(error); // Gone, or a dangling link: not entered.
    return false;
  }
}

async function isFolder(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.Directory) !== 0;
  } catch (error) {
    expectFileSystemError(error); // Gone again already.
    return false;
  }
}

function ancestors(uri: vscode.Uri): string[] {
  const result: string[] = [];
  for (let path = uri.path; path.lastIndexOf('/') > 0;) {
    path = path.slice(0, path.lastIndexOf('/'));
    result.push(uri.with({ path }).toString());
  }
  return result;
}

/** True when `uri` is `folder` or lies under it. */
export function isInside(uri: vscode.Uri, folder: vscode.Uri): boolean {
  const prefix = folder.toString().replace(/\/?$/, '/');
  return uri.toString() === folder.toString() || uri.toString().startsWith(prefix);
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}
