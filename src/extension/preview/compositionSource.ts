// Where the preview (and the copy/export commands) read what a runtime injects: one
// composition per persona folder, with a measure of each file. Until the extension's
// shared measurements land, a small adapter here composes over the live sources.
import * as vscode from 'vscode';
import { Composition, DEFAULT_RUNTIME, FileContent, FileMeasure, isRuntimeId, RuntimeOptions, RuntimeProfile, runtimeProfile } from '../../core';
import { onDidChangeSettings, warnAt } from '../config';
import { Disposable } from '../disposable';
import { baseName, folderOf, PersonaWorkspace } from '../personaWorkspace';

export interface CompositionChange {
  readonly folder: vscode.Uri;
  readonly names: readonly string[] | 'all';
}

/** The members of the extension's measurements the preview reads. */
export interface CompositionSource {
  profile(folder: vscode.Uri): RuntimeProfile;
  options(folder: vscode.Uri): RuntimeOptions;
  composition(folder: vscode.Uri): Promise<Composition>;
  file(uri: vscode.Uri): Promise<FileMeasure | undefined>;
  readonly onDidChange: vscode.Event<CompositionChange>;
}

/** The chosen runtime of a folder: `personaStudio.runtime`, or the default. */
function runtimeOf(folder: vscode.Uri): RuntimeProfile {
  const id = vscode.workspace.getConfiguration('personaStudio', folder).get<unknown>('runtime');
  return runtimeProfile(isRuntimeId(id) ? id : DEFAULT_RUNTIME);
}

/**
 * Composes over the editors' and the disk's current text. Each file's content object
 * is kept until that file changes, so a runtime's per-version measure is reused.
 */
export class LiveCompositions extends Disposable implements CompositionSource {
  private readonly contents = new Map<string, FileContent | undefined>();
  /** Bumped when a file changes: a read begun before the change is not kept. */
  private readonly versions = new Map<string, number>();
  private readonly changeEmitter = this.register(new vscode.EventEmitter<CompositionChange>());
  readonly onDidChange = this.changeEmitter.event;

  constructor(private readonly personas: PersonaWorkspace) {
    super();
    this.register(
      personas.onDidChangeContent((change) => {
        const key = vscode.Uri.joinPath(change.folder, change.name).toString();
        this.contents.delete(key);
        this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
        this.changeEmitter.fire({ folder: change.folder, names: [change.name] });
      }),
    );
    this.register(
      onDidChangeSettings(() => {
        for (const persona of personas.personas) this.changeEmitter.fire({ folder: persona.uri, names: 'all' });
      }),
    );
  }

  profile(folder: vscode.Uri): RuntimeProfile {
    return runtimeOf(folder);
  }

  options(folder: vscode.Uri): RuntimeOptions {
    return { warnAt: warnAt(folder) };
  }

  async composition(folder: vscode.Uri): Promise<Composition> {
    const profile = this.profile(folder);
    const names = profile.filesToRead(folder.fsPath, () => false);
    const files = new Map<string, FileContent>();
    const contents = await Promise.all(names.map((name) => this.content(vscode.Uri.joinPath(folder, name), profile.readLimit)));
    names.forEach((name, i) => {
      const content = contents[i];
      if (content) files.set(name, content);
    });
    return profile.compose({ dir: folder.fsPath, files }, this.options(folder));
  }

  async file(uri: vscode.Uri): Promise<FileMeasure | undefined> {
    const name = baseName(uri);
    return (await this.composition(folderOf(uri))).files.find((file) => file.name === name);
  }

  private async content(uri: vscode.Uri, readLimit: number): Promise<FileContent | undefined> {
    const key = uri.toString();
    if (this.contents.has(key)) return this.contents.get(key);
    const version = this.versions.get(key);
    const source = await this.personas.source(uri);
    let content: FileContent | undefined;
    if (typeof source === 'string') content = { kind: 'text', text: source };
    else if (source) content = { kind: 'bytes', bytes: source.subarray(0, readLimit), size: source.byteLength };
    if (this.versions.get(key) === version) this.contents.set(key, content);
    return content;
  }
}
