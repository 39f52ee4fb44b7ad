// In the editor itself: what the folder's runtime drops of a persona file is dimmed
// (with a hover saying so), and a CodeLens above the file states what the runtime
// keeps ("OpenClaw keeps 14,920 + 4,973 of 33,071 chars"). Both follow the one
// measurement, so they move while the user types, before any save.
import * as vscode from 'vscode';
import { FileMeasure, isBootstrapName, RUNTIME_NAMES, RuntimeId } from '../../core';
import { CHOOSE_RUNTIME_COMMAND } from '../commands/ids';
import { DROP_REDRAW_DELAY_MS } from '../util/delays';
import { Disposable } from '../util/disposable';
import { locator } from '../problems/fileProblems';
import { Measurements } from '../model/measurements';
import { baseName, folderOf, PersonaWorkspace } from '../model/personaWorkspace';
import { Throttle } from '../util/throttle';
import { logUnlessFileSystemError } from '../util/log';
import { Latest } from '../util/latest';

/** How faint dropped text is: still readable, plainly not part of what is sent. */
const DROPPED_OPACITY = '0.45';

/** What a file's dimming and lens show, from its measure. */
interface FileView {
  readonly ranges: vscode.DecorationOptions[];
  readonly lens?: vscode.Command;
}

export class DropDecorations extends Disposable implements vscode.CodeLensProvider {
  private readonly dropped = this.register(
    vscode.window.createTextEditorDecorationType({
      opacity: DROPPED_OPACITY,
      overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
      overviewRulerLane: vscode.OverviewRulerLane.Full,
    }),
  );
  private readonly lensEmitter = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.lensEmitter.event;
  /** Folders whose measure changed, redrawn together. */
  private readonly redraws = this.register(new Throttle<string>((folders) => this.redrawFolders(folders), { delayMs: DROP_REDRAW_DELAY_MS }));
  /** Per document, the latest pass: an older one finishing late must not win. */
  private readonly passes = new Latest();
  /** What each editor shows now, so an unchanged measure is not drawn again. */
  private readonly shown = new WeakMap<vscode.TextEditor, string>();
  /** Each document's lens as last drawn: VS Code asks for lenses again only when one changed. */
  private readonly lenses = new Map<string, string>();

  constructor(
    private readonly personas: PersonaWorkspace,
    private readonly measurements: Measurements,
  ) {
    super();
    this.register(vscode.languages.registerCodeLensProvider({ pattern: '**/*' }, this));
    this.register(
      measurements.onDidChange(({ folder }) => {
        const key = folder.toString();
        if (vscode.window.visibleTextEditors.some((editor) => folderOf(editor.document.uri).toString() === key)) this.redraws.add(key);
      }),
    );
    this.register(vscode.window.onDidChangeVisibleTextEditors(() => void this.redrawAll()));
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.lenses.delete(document.uri.toString())));
    void this.redrawAll();
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (!this.isPersonaFile(document.uri)) return [];
    let view = await this.view(document);
    // Typed into meanwhile: measure the newer text rather than leave the lens out.
    for (let tries = 0; view === STALE && tries < 3; tries++) view = await this.view(document);
    return view !== STALE && view?.lens ? [new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), view.lens)] : [];
  }

  private isPersonaFile(uri: vscode.Uri): boolean {
    return isBootstrapName(baseName(uri)) && this.personas.find(folderOf(uri)) !== undefined;
  }

  private redrawFolders(keys: readonly string[]): Promise<void> {
    const folders = new Set(keys);
    return this.redrawEditors(vscode.window.visibleTextEditors.filter((editor) => folders.has(folderOf(editor.document.uri).toString())));
  }

  private redrawAll(): Promise<void> {
    return this.redrawEditors(vscode.window.visibleTextEditors);
  }

  private async redrawEditors(editors: readonly vscode.TextEditor[]): Promise<void> {
    // Lenses asked for again are a round trip through the workbench: only when one changed.
    const lensChanged = await Promise.all(editors.map((editor) => this.redraw(editor)));
    if (lensChanged.some(Boolean) && !this.isDisposed) this.lensEmitter.fire();
  }

  /** Draws the editor's dimming; true when the document's lens changed. */
  private async redraw(editor: vscode.TextEditor): Promise<boolean> {
    const document = editor.document;
    const key = document.uri.toString();
    const latest = this.passes.begin(key);
    const view = this.isPersonaFile(document.uri) ? await this.view(document) : undefined;
    // Superseded: the newer pass tells whether the lens changed.
    if (this.isDisposed || !latest() || view === STALE) return false;
    const lens = view?.lens ? JSON.stringify([view.lens.title, view.lens.tooltip, view.lens.command]) : '';
    const lensChanged = this.lenses.get(key) !== lens;
    this.lenses.set(key, lens);
    const ranges = view?.ranges ?? [];
    const signature = ranges.map((range) => `${range.range.start.line}:${range.range.start.character}-${range.range.end.line}:${range.range.end.character}`).join(',');
    if (this.shown.get(editor) !== signature) {
      this.shown.set(editor, signature);
      editor.setDecorations(this.dropped, ranges);
    }
    return lensChanged;
  }

  private async view(document: vscode.TextDocument): Promise<FileView | typeof STALE | undefined> {
    const version = document.version;
    let measure: FileMeasure | undefined;
    let runtime: RuntimeId;
    try {
      const composition = await this.measurements.composition(folderOf(document.uri));
      runtime = composition.runtime;
      measure = composition.files.find((file) => file.name === baseName(document.uri));
    } catch (error) {
      // A file vanished mid-read: its own change event brings another pass.
      logUnlessFileSystemError('the dropped-text decorations', error);
      return undefined;
    }
    if (document.isClosed || document.version !== version) return STALE;
    if (!measure) return undefined;
    return fileView(document, measure, runtime);
  }
}

const STALE = Symbol('stale');

function fileView(document: vscode.TextDocument, measure: FileMeasure, runtime: RuntimeId): FileView {
  const name = RUNTIME_NAMES[runtime];
  const spans = measure.status === 'cut' || measure.status === 'dropped' || measure.status === 'notLoaded' ? measure.dropped : [];
  const locate = locator(document, measure.text);
  const hover = new vscode.MarkdownString();
  hover.appendText(
    measure.status === 'notLoaded'
      ? vscode.l10n.t('Not loaded by {0}: none of this file is sent.', name)
      : measure.status === 'dropped'
        ? vscode.l10n.t('Dropped by {0}: its total budget is spent before this file.', name)
        : vscode.l10n.t('Dropped by {0}: this text is not sent.', name),
  );
  if (measure.note) hover.appendText(`\n${measure.note}`);
  const ranges = spans
    .map((span) => new vscode.Range(locate.at(span.start), span.end >= measure.text.length ? locate.end() : locate.at(span.end)))
    .filter((range) => !range.isEmpty)
    .map((range) => ({ range, hoverMessage: hover }));
  let lens: vscode.Command | undefined;
  if (measure.status === 'cut' || measure.status === 'dropped') {
    const title = measure.note ?? vscode.l10n.t('{0} drops part of this file', name);
    lens = {
      title,
      tooltip: vscode.l10n.t('Open the preview where {0} cuts {1}', name, measure.name),
      command: 'personaStudio.showCut',
      arguments: [document.uri, { revealCut: true }],
    };
  } else if (measure.status === 'notLoaded') {
    lens = { title: vscode.l10n.t('Not loaded by {0}', name), tooltip: vscode.l10n.t('Choose another runtime'), command: CHOOSE_RUNTIME_COMMAND, arguments: [document.uri] };
  }
  return { ranges, lens };
}
