// The Soul view in the Persona Studio container: the preview of the persona of the
// active editor (when `personaStudio.preview.followActiveEditor` is on).
import * as vscode from 'vscode';
import { followActiveEditor } from '../model/config';
import { Disposable } from '../util/disposable';
import { PersonaWorkspace } from '../model/personaWorkspace';
import { CompositionSource } from './compositionSource';
import { previewHtml, webviewOptions } from './html';
import { guardedWebview, renamedFolder } from './personaGuard';
import type { PreviewSession } from './previewSession';
import { previewSessionModule } from './sessionModule';

export const SOUL_VIEW_ID = 'personaStudio.soul';

export class SoulView extends Disposable implements vscode.WebviewViewProvider {
  private view: vscode.WebviewView | undefined;
  private session: PreviewSession | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly personas: PersonaWorkspace,
    private readonly source: CompositionSource,
  ) {
    super();
    this.register({ dispose: () => this.session?.dispose() });
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.session?.dispose();
    this.view = view;
    view.webview.options = webviewOptions(this.extensionUri);
    view.webview.html = previewHtml(view.webview, this.extensionUri, 'view');
    const session = new (previewSessionModule().PreviewSession)(
      {
        webview: guardedWebview(view.webview, this.personas.ready, () => this.personas.personas),
        get visible() {
          return view.visible;
        },
        fileColumn: () => vscode.ViewColumn.Active,
      },
      this.personas,
      this.source,
      this.initialPersona(),
      () =>
        vscode.workspace.workspaceFolders?.length
          ? vscode.l10n.t('Open a file of a persona folder to see its composed soul here.')
          : vscode.l10n.t('Open a folder to see the composed soul of its personas here.'),
    );
    this.session = session;
    session.onDidChangeFolder(() => this.describe());
    view.onDidChangeVisibility(() => {
      if (!view.visible) session.hidden();
    });
    view.onDidDispose(() => {
      session.dispose();
      if (this.session === session) this.session = undefined;
      if (this.view === view) this.view = undefined;
    });
    this.describe();
  }

  /** Follows the active editor to its persona; other editors leave the view as it is. */
  follow(editor: vscode.TextEditor | undefined): void {
    if (!this.session || !editor || !followActiveEditor()) return;
    const persona = this.personas.personaOf(editor.document.uri);
    if (persona) this.session.show(persona.uri);
  }

  /** A folder was renamed or moved: a view on it, or inside it, follows. */
  renamed(from: vscode.Uri, to: vscode.Uri): void {
    const folder = this.session?.persona;
    const moved = folder && renamedFolder(folder, from, to);
    if (moved) this.session?.show(moved);
  }

  refresh(): void {
    this.session?.refresh();
  }

  toggleAllDropped(): void {
    this.session?.toggleAllDropped();
  }

  revealSecrets(): void {
    this.session?.revealSecrets();
  }

  /** The persona list changed: a view with nothing to show may now have something. */
  personasChanged(): void {
    if (!this.session) return;
    if (!this.session.persona) this.session.show(this.initialPersona());
    this.describe();
  }

  private initialPersona(): vscode.Uri | undefined {
    const active = vscode.window.activeTextEditor?.document.uri;
    const fromEditor = active && followActiveEditor() ? this.personas.personaOf(active) : undefined;
    return (fromEditor ?? this.personas.personas[0])?.uri;
  }

  private describe(): void {
    if (this.view && this.session) this.view.description = this.session.label() || undefined;
  }
}
