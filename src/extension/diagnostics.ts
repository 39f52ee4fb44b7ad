// Cap warnings while typing: a Problems entry for each persona file near or over its
// cap, or named with the wrong case, kept in step with editors (before saving) and
// with the disk, and cleared when the file is fixed, deleted or leaves its persona.
import * as vscode from 'vscode';
import { HEARTWOOD_FILE } from '../core';
import { registerCapCodeActions } from './codeActions';
import { Coalescer } from './coalescer';
import { onDidChangeSettings } from './config';
import { Disposable } from './disposable';
import { diagnoseFile, DIAGNOSTIC_SOURCE, STALE } from './fileProblems';
import { baseName, folderOf, isPersonaFileName, Persona, PersonaWorkspace } from './personaWorkspace';

/** Keystrokes closer together than this are diagnosed once. */
const TYPING_DELAY_MS = 50;

export class CapDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection(DIAGNOSTIC_SOURCE));
  /** Per file, the latest pass: an older pass finishing late must not win. */
  private readonly generations = new Map<string, number>();
  private readonly queue = this.register(
    new Coalescer<vscode.Uri>(TYPING_DELAY_MS, (uris) => {
      for (const uri of uris) void this.update(uri);
    }),
  );

  constructor(private readonly personas: PersonaWorkspace) {
    super();
    this.register(personas.onDidChangePersonas(() => this.resync()));
    this.register(onDidChangeSettings(() => this.resync()));
    this.register(personas.onDidChangeContent(({ folder, name }) => this.enqueue(vscode.Uri.joinPath(folder, name))));
    // Opening a file turns a position computed from the disk into the editor's own.
    this.register(
      vscode.workspace.onDidOpenTextDocument((document) => {
        if (isPersonaFileName(baseName(document.uri))) this.enqueue(document.uri);
      }),
    );
    this.register(registerCapCodeActions(this.collection));
    this.resync();
  }

  private enqueue(uri: vscode.Uri): void {
    this.queue.add(uri.toString(), uri);
  }

  /** The persona a file is diagnosed in, if it is diagnosed at all. */
  private personaFor(uri: vscode.Uri): Persona | undefined {
    // Only a persona folder of the workspace (by its correctly named files, or named in
    // personaStudio.folders) is diagnosed: a `memory.md` elsewhere is just a file, and a
    // document of another scheme (a git diff, say) never matches the folder's URI.
    return this.personas.find(folderOf(uri));
  }

  /** Diagnoses every file of every persona again, and forgets files no longer in one. */
  private resync(): void {
    const wanted = new Map<string, vscode.Uri>();
    const want = (uri: vscode.Uri) => wanted.set(uri.toString(), uri);
    for (const persona of this.personas.personas) {
      for (const name of persona.files) want(vscode.Uri.joinPath(persona.uri, name));
      if (persona.heartwood) want(vscode.Uri.joinPath(persona.uri, HEARTWOOD_FILE));
      for (const name of persona.miscased) want(vscode.Uri.joinPath(persona.uri, name));
    }
    for (const document of vscode.workspace.textDocuments) {
      if (!document.isClosed && isPersonaFileName(baseName(document.uri)) && this.personaFor(document.uri)) want(document.uri);
    }
    const gone: vscode.Uri[] = [];
    this.collection.forEach((uri) => {
      if (!wanted.has(uri.toString())) gone.push(uri);
    });
    for (const uri of gone) this.clear(uri);
    for (const uri of wanted.values()) this.enqueue(uri);
  }

  private clear(uri: vscode.Uri): void {
    this.nextGeneration(uri.toString());
    this.collection.delete(uri);
  }

  private nextGeneration(key: string): number {
    const generation = (this.generations.get(key) ?? 0) + 1;
    this.generations.set(key, generation);
    return generation;
  }

  private async update(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    const generation = this.nextGeneration(key);
    const persona = this.personaFor(uri);
    if (!persona) {
      this.collection.delete(uri);
      return;
    }
    let result: Awaited<ReturnType<typeof diagnoseFile>>;
    try {
      result = await diagnoseFile(this.personas, persona, uri);
    } catch {
      return; // The file moved under us (closed, deleted): its own event brings a new pass.
    }
    if (this.isDisposed || result === STALE || this.generations.get(key) !== generation) return;
    if (!result || !this.personaFor(uri)) this.collection.delete(uri);
    // An unchanged problem is not set again: each set makes the editor redo its markers.
    else if (!sameDiagnostic(this.collection.get(uri)?.[0], result)) this.collection.set(uri, [result]);
  }
}

function sameDiagnostic(a: vscode.Diagnostic | undefined, b: vscode.Diagnostic): boolean {
  return a !== undefined && a.message === b.message && a.severity === b.severity && a.code === b.code && a.range.isEqual(b.range);
}
