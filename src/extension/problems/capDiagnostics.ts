// Cap warnings while typing: Problems entries for each persona file near or over its
// cap under the folder's runtime (over exactly what it drops), or named with the wrong case, kept in step with editors (before saving) and
// with the disk, and cleared when the file is fixed, deleted or leaves its persona.
import * as vscode from 'vscode';
import { HEARTWOOD_FILE, isBootstrapName, mapBounded } from '../../core';
import { registerCapCodeActions } from './codeActions';
import { onDidChangeSettings } from '../model/config';
import { DIAGNOSE_DELAY_MS } from '../util/delays';
import { Disposable } from '../util/disposable';
import { diagnoseFile, DIAGNOSTIC_SOURCE, STALE } from './fileProblems';
import { Measurements } from '../model/measurements';
import { baseName, folderOf, isPersonaFileName, Persona, PersonaWorkspace } from '../model/personaWorkspace';
import { Throttle } from '../util/throttle';
import { logUnexpected, logUnlessFileSystemError } from '../util/log';
import { Latest } from '../util/latest';

/**
 * Files diagnosed at once: a pass over 500 personas after the first walk reads a few
 * files at a time, so the tree's first rows are not kept waiting behind 3,500 reads.
 */
const FILES_IN_FLIGHT = 8;

export class CapDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection(DIAGNOSTIC_SOURCE));
  /** Per file, the latest pass: an older pass finishing late must not win. */
  private readonly passes = new Latest();
  private readonly queue = this.register(
    new Throttle<vscode.Uri>(
      (uris) => void mapBounded(uris, FILES_IN_FLIGHT, (uri) => this.update(uri).catch((error: unknown) => logUnexpected('Problems of a persona file', error))),
      { delayMs: DIAGNOSE_DELAY_MS },
    ),
  );

  constructor(
    private readonly personas: PersonaWorkspace,
    private readonly measurements: Measurements,
  ) {
    super();
    // Only the personas that came, went or changed files are looked at again.
    this.register(personas.onDidChangePersonas(({ folders }) => this.resync(folders)));
    this.register(onDidChangeSettings(() => this.resync()));
    this.register(
      measurements.onDidChange(({ folder, names }) => {
        const uris = names === 'all' ? [] : names.map((name) => vscode.Uri.joinPath(folder, name));
        // Beyond toolnexus a total budget ties the files: one file's change may move another's cut.
        const persona = this.personas.find(folder);
        if (persona && (names === 'all' || this.measurements.profile(folder).id !== 'toolnexus')) uris.push(...this.filesOf(persona));
        for (const uri of uris) this.enqueue(uri);
      }),
    );
    // Opening a file turns a position computed from the disk into the editor's own.
    this.register(
      vscode.workspace.onDidOpenTextDocument((document) => {
        if (isPersonaFileName(baseName(document.uri))) this.enqueue(document.uri);
      }),
    );
    this.register(registerCapCodeActions());
    this.resync();
  }

  private enqueue(uri: vscode.Uri): void {
    this.queue.add(uri, uri.toString());
  }

  /** The persona a file is diagnosed in, if it is diagnosed at all. */
  private personaFor(uri: vscode.Uri): Persona | undefined {
    // Only a persona folder of the workspace (by its correctly named files, or named in
    // personaStudio.folders) is diagnosed: a `memory.md` elsewhere is just a file, and a
    // document of another scheme (a git diff, say) never matches the folder's URI.
    // A file the runtime reads below the folder (Hermes's memories/MEMORY.md) is the folder's.
    const folder = folderOf(uri);
    const above = this.personas.find(folderOf(folder));
    return above && this.measurements.profile(above.uri).fileNames.includes(`${baseName(folder)}/${baseName(uri)}`) ? above : this.personas.find(folder);
  }

  /** Diagnoses every file of every persona again, and forgets files no longer in one. */
  /** Diagnoses again the files of these persona folders (all, when none are named), and clears what is no longer a persona file. */
  private resync(folders?: readonly vscode.Uri[]): void {
    const scope = folders && new Set(folders.map((folder) => folder.toString()));
    const inScope = (uri: vscode.Uri) => !scope || scope.has(folderOf(uri).toString());
    const wanted = new Map<string, vscode.Uri>();
    const want = (uri: vscode.Uri) => wanted.set(uri.toString(), uri);
    for (const persona of this.personas.personas) if (!scope || scope.has(persona.uri.toString())) for (const uri of this.filesOf(persona)) want(uri);
    for (const document of vscode.workspace.textDocuments) {
      if (!document.isClosed && inScope(document.uri) && isPersonaFileName(baseName(document.uri)) && this.personaFor(document.uri)) want(document.uri);
    }
    const gone: vscode.Uri[] = [];
    this.collection.forEach((uri) => {
      if (inScope(uri) && !wanted.has(uri.toString())) gone.push(uri);
    });
    for (const uri of gone) this.clear(uri);
    for (const uri of wanted.values()) this.enqueue(uri);
  }

  /** The files of a persona that may deserve a diagnostic. */
  private filesOf(persona: Persona): vscode.Uri[] {
    // With the others the runtime reads in the folder or below it (.hermes.md, memories/MEMORY.md):
    // the bootstrap files among them are in `files` when present, and only then.
    const others = this.measurements.profile(persona.uri).fileNames.filter((name) => !isBootstrapName(name));
    const names = [...persona.files, ...(persona.heartwood ? [HEARTWOOD_FILE] : []), ...persona.miscased, ...others];
    return [...new Set(names)].map((name) => vscode.Uri.joinPath(persona.uri, name));
  }

  private clear(uri: vscode.Uri): void {
    this.passes.stale(uri.toString());
    this.collection.delete(uri);
  }

  private async update(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    const latest = this.passes.begin(key);
    const persona = this.personaFor(uri);
    if (!persona) {
      if (this.collection.has(uri)) this.collection.delete(uri);
      return;
    }
    let result: Awaited<ReturnType<typeof diagnoseFile>>;
    try {
      result = await diagnoseFile(this.personas, this.measurements, persona, uri);
    } catch (error) {
      // The file moved under us (closed, deleted): nothing of it to show now; its own event brings a new pass.
      logUnlessFileSystemError('Problems of a persona file', error);
      if (latest() && this.collection.has(uri)) this.collection.delete(uri);
      return;
    }
    if (this.isDisposed || result === STALE || !latest()) return;
    const current = this.collection.get(uri) ?? [];
    if (result.length === 0 || !this.personaFor(uri)) {
      if (current.length > 0) this.collection.delete(uri);
    }
    // Unchanged problems are not set again: each set makes the editor redo its markers.
    else if (!sameDiagnostics(current, result)) this.collection.set(uri, result);
  }
}

function sameDiagnostics(a: readonly vscode.Diagnostic[], b: readonly vscode.Diagnostic[]): boolean {
  return a.length === b.length && a.every((diagnostic, index) => sameDiagnostic(diagnostic, b[index]));
}

function sameDiagnostic(a: vscode.Diagnostic, b: vscode.Diagnostic): boolean {
  return a.message === b.message && a.severity === b.severity && a.code === b.code && a.range.isEqual(b.range);
}
