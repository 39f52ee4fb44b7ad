// The soul previews: the Soul view, and one editor tab per persona. Routes persona
// changes to each, and restores tabs after a window reload.
import * as vscode from 'vscode';
import { onDidChangeSettings } from '../config';
import { Disposable } from '../disposable';
import { Persona, PersonaWorkspace } from '../personaWorkspace';
import type { WebviewState } from '../../webview/protocol';
import { PREVIEW_VIEW_TYPE, SoulPanel } from './soulPanel';
import { SOUL_VIEW_ID, SoulView } from './soulView';

export interface OpenPreviewOptions {
  /** Open beside the active editor rather than in its column. */
  readonly toSide?: boolean;
  /** A bootstrap file name (or HEARTWOOD.md) to scroll to and highlight. */
  readonly revealSection?: string;
  /** Scroll to where that section is cut at its cap rather than to its header. */
  readonly revealCut?: boolean;
}

export class SoulPreviews extends Disposable {
  private readonly view: SoulView;
  private readonly panels = new Set<SoulPanel>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly personas: PersonaWorkspace,
  ) {
    super();
    this.view = this.register(new SoulView(context.extensionUri, personas));
    this.register(vscode.window.registerWebviewViewProvider(SOUL_VIEW_ID, this.view));
    this.register(
      vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, state: WebviewState | undefined) => {
          const persona = typeof state?.persona === 'string' ? vscode.Uri.parse(state.persona) : undefined;
          this.track(new SoulPanel(panel, context.extensionUri, personas, persona));
        },
      }),
    );
    this.register(
      personas.onDidChangeContent((change) => {
        this.view.changed(change);
        for (const panel of this.panels) panel.session.changed(change);
      }),
    );
    this.register(
      personas.onDidChangePersonas(() => {
        this.view.personasChanged();
        for (const panel of this.panels) panel.retitle();
      }),
    );
    this.register(onDidChangeSettings(() => this.refresh()));
    this.register(vscode.window.onDidChangeActiveTextEditor((editor) => this.view.follow(editor)));
    this.register({ dispose: () => [...this.panels].forEach((panel) => panel.dispose()) });
  }

  /**
   * Opens (or reveals) the preview tab of a persona and, when asked, scrolls to a
   * section or to the place where that section is cut, highlighting it briefly.
   */
  async open(persona: Persona, options: OpenPreviewOptions = {}): Promise<void> {
    const key = persona.uri.toString();
    let panel = [...this.panels].find((candidate) => candidate.folder?.toString() === key);
    if (panel) {
      // An open tab is revealed where it is, not moved.
      panel.reveal(undefined, options.toSide === true);
    } else {
      const column = options.toSide ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
      panel = this.track(SoulPanel.create(this.context.extensionUri, this.personas, persona.uri, column, options.toSide === true));
    }
    if (options.revealSection) panel.session.reveal(options.revealSection, options.revealCut === true);
  }

  /** Sends every preview its soul again. */
  refresh(): void {
    this.view.refresh();
    for (const panel of this.panels) panel.session.refresh();
  }

  private track(panel: SoulPanel): SoulPanel {
    this.panels.add(panel);
    panel.onDidDispose(() => this.panels.delete(panel));
    return panel;
  }
}
