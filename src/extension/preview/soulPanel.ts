// The soul preview in an editor tab. It stays on its persona, and comes back after a
// window reload: the webview keeps the persona in its state, which the serializer reads.
import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';
import { PersonaWorkspace } from '../model/personaWorkspace';
import { CompositionSource } from './compositionSource';
import { previewHtml, webviewOptions } from './html';
import { guardedWebview } from './personaGuard';
import type { PreviewSession } from './previewSession';
import { previewSessionModule } from './sessionModule';

export const PREVIEW_VIEW_TYPE = 'personaStudio.preview';

export class SoulPanel extends Disposable {
  readonly session: PreviewSession;
  private readonly disposeEmitter = this.register(new vscode.EventEmitter<void>());
  readonly onDidDispose = this.disposeEmitter.event;
  /** The name of the persona folder this tab showed until it went (deleted, or moved out of sight), for its message. */
  private gone: string | undefined;

  static create(extensionUri: vscode.Uri, personas: PersonaWorkspace, source: CompositionSource, folder: vscode.Uri, column: vscode.ViewColumn, preserveFocus: boolean): SoulPanel {
    const panel = vscode.window.createWebviewPanel(
      PREVIEW_VIEW_TYPE,
      vscode.l10n.t('Soul'),
      { viewColumn: column, preserveFocus },
      {
        ...webviewOptions(extensionUri),
        enableFindWidget: true,
      },
    );
    return new SoulPanel(panel, extensionUri, personas, source, folder);
  }

  constructor(
    private readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    personas: PersonaWorkspace,
    source: CompositionSource,
    folder: vscode.Uri | undefined,
    gone?: string,
  ) {
    super();
    this.gone = folder ? undefined : gone;
    // A revived panel comes with no options or html of ours: set both every time.
    panel.webview.options = webviewOptions(extensionUri);
    panel.webview.html = previewHtml(panel.webview, extensionUri, 'panel');
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'persona.svg');
    this.session = this.register(
      new (previewSessionModule().PreviewSession)(
        {
          webview: guardedWebview(panel.webview, personas.ready, () => personas.personas),
          get visible() {
            return panel.visible;
          },
          fileColumn: (uri) => this.fileColumn(uri),
        },
        personas,
        source,
        folder,
        () =>
          this.gone
            ? vscode.l10n.t('{0} is no longer a persona folder of this workspace: it was moved or deleted. Run "Persona: Open Soul Preview" to open one.', this.gone)
            : vscode.l10n.t('This preview has no persona. Run "Persona: Open Soul Preview" to open one.'),
      ),
    );
    this.register(
      this.session.onDidChangeFolder((shown) => {
        if (shown) this.gone = undefined;
        this.retitle();
      }),
    );
    this.register(
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.session.hidden();
      }),
    );
    this.register(
      panel.onDidDispose(() => {
        this.disposeEmitter.fire();
        this.dispose();
      }),
    );
    this.retitle();
  }

  get folder(): vscode.Uri | undefined {
    return this.session.persona;
  }

  /** `folder`, which this tab shows, is gone: the tab says so instead of showing an empty soul. */
  lose(folder: vscode.Uri): void {
    if (this.folder?.toString() !== folder.toString()) return;
    this.gone = this.session.label(folder);
    this.session.show(undefined);
  }

  /** The tab is the active editor. */
  get active(): boolean {
    return this.panel.active;
  }

  reveal(column: vscode.ViewColumn | undefined, preserveFocus: boolean): void {
    this.panel.reveal(column, preserveFocus);
  }

  retitle(): void {
    const label = this.session.label();
    this.panel.title = label ? vscode.l10n.t('Soul: {0}', label) : vscode.l10n.t('Soul');
  }

  override dispose(): void {
    if (this.isDisposed) return;
    super.dispose();
    this.panel.dispose();
  }

  /** Files open beside the preview: where they are already shown, else in another column. */
  private fileColumn(uri: vscode.Uri): vscode.ViewColumn {
    const shown = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === uri.toString());
    if (shown?.viewColumn) return shown.viewColumn;
    const other = vscode.window.visibleTextEditors.find((editor) => editor.viewColumn !== undefined && editor.viewColumn !== this.panel.viewColumn);
    if (other?.viewColumn) return other.viewColumn;
    return this.panel.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
  }
}
