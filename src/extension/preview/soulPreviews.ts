// The soul previews: the Soul view, and one editor tab per persona. Routes persona
// changes to each, and restores tabs after a window reload.
import * as vscode from 'vscode';
import { onDidChangeSettings } from '../model/config';
import { Disposable } from '../util/disposable';
import { baseName, Persona, PersonaWorkspace } from '../model/personaWorkspace';
import { folderIdentity } from '../platform';
import type { WebviewState } from '../../webview/protocol';
import { CompositionSource } from './compositionSource';
import { renamedFolder, trustedPersonaUri } from './personaGuard';
import { PREVIEW_VIEW_TYPE, SoulPanel } from './soulPanel';
import { SOUL_VIEW_ID, SoulView } from './soulView';
import { disposePreviewSessionModule } from './sessionModule';

const OPEN_PREVIEWS_KEY = 'personaStudio.openPreviews';
/** A restored tab names its gone folder by at most this many characters (the name comes from the webview's state). */
const MAX_GONE_NAME = 80;

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
  private closing = false;
  /** The personas of the tabs open when the window last closed (read before any is restored). */
  private readonly lastSession: readonly string[];
  /** Each tab's folder as its disk knows it (see folderIdentity), kept after the folder goes, to find it again. */
  private readonly identities = new Map<SoulPanel, string>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly personas: PersonaWorkspace,
    /** What each runtime injects: read by every preview and by copy and export. */
    readonly source: CompositionSource,
  ) {
    super();
    const remembered = context.workspaceState.get<unknown>(OPEN_PREVIEWS_KEY);
    this.lastSession = Array.isArray(remembered) ? remembered.filter((uri): uri is string => typeof uri === 'string') : [];
    this.view = this.register(new SoulView(context.extensionUri, personas, source));
    this.register(vscode.window.registerWebviewViewProvider(SOUL_VIEW_ID, this.view));
    this.register(
      vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, state: WebviewState | undefined) => {
          // A saved state is the webview's word: it counts only for a persona folder of
          // the workspace, known once the first discovery has settled. A folder gone
          // meanwhile leaves an empty preview that says how to open one.
          await personas.ready;
          const persona = trustedPersonaUri(state?.persona, personas.personas) ?? (state?.persona === undefined ? this.unclaimedPersona() : undefined);
          this.track(new SoulPanel(panel, context.extensionUri, personas, source, persona, persona ? undefined : goneName(state?.persona)));
        },
      }),
    );
    this.register(
      personas.onDidChangePersonas(() => {
        this.view.personasChanged();
        for (const panel of this.panels) panel.retitle();
        void this.followMoves();
      }),
    );
    this.register(onDidChangeSettings(() => this.refresh()));
    this.register(vscode.workspace.onDidRenameFiles((event) => void this.renamed(event.files)));
    this.register(vscode.window.onDidChangeActiveTextEditor((editor) => this.view.follow(editor)));
    this.register({
      dispose: () => {
        // Closing the window disposes the panels too; they are still open for the next session.
        this.closing = true;
        [...this.panels].forEach((panel) => panel.dispose());
        disposePreviewSessionModule();
      },
    });
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
      panel = this.track(SoulPanel.create(this.context.extensionUri, this.personas, this.source, persona.uri, column, options.toSide === true));
    }
    if (options.revealSection) panel.session.reveal(options.revealSection, options.revealCut === true);
  }

  /** The active tab's preview session, else the Soul view. */
  private get active(): Pick<SoulView, 'toggleAllDropped' | 'revealSecrets' | 'toggleAfterDoctor'> {
    return [...this.panels].find((candidate) => candidate.active)?.session ?? this.view;
  }

  /** Shows (or hides) the dropped text of every cut section: in the active tab, else in the Soul view. */
  toggleDropped(): void {
    this.active.toggleAllDropped();
  }

  /** Shows the persona in the active tab (else the only tab, else the Soul view) as after `openclaw doctor --fix`, or as it is again. */
  toggleAfterDoctor(): boolean | undefined {
    return (this.panels.size === 1 ? [...this.panels][0].session : this.active).toggleAfterDoctor();
  }

  /** Shows the secrets of the persona in the active tab (else the Soul view's) as sent, until its text changes. */
  revealSecrets(): void {
    this.active.revealSecrets();
  }

  /** Sends every preview its soul again. */
  refresh(): void {
    this.view.refresh();
    for (const panel of this.panels) panel.session.refresh();
  }

  private track(panel: SoulPanel): SoulPanel {
    this.panels.add(panel);
    panel.onDidDispose(() => {
      this.panels.delete(panel);
      this.identities.delete(panel);
      this.remember();
    });
    panel.session.onDidChangeFolder(() => {
      this.remember();
      void this.identify(panel);
    });
    this.remember();
    void this.identify(panel);
    return panel;
  }

  /** Notes the disk's identity of a tab's folder; a tab that lost its folder keeps the one it had. */
  private async identify(panel: SoulPanel): Promise<void> {
    const folder = panel.folder;
    if (!folder || !folderIdentity || folder.scheme !== 'file') return;
    const identity = await folderIdentity(folder.fsPath);
    if (identity && panel.folder?.toString() === folder.toString()) this.identities.set(panel, identity);
  }

  /**
   * A tab whose folder left the disk says so; when the same folder shows up under
   * another name (renamed or moved outside VS Code, where no rename event comes), the
   * tab follows it.
   */
  private async followMoves(): Promise<void> {
    const known = new Set(this.personas.personas.map((persona) => persona.uri.toString()));
    for (const panel of this.panels) {
      const folder = panel.folder;
      if (!folder || known.has(folder.toString())) continue;
      const exists = await vscode.workspace.fs.stat(folder).then(
        () => true,
        () => false,
      );
      if (!exists) panel.lose(folder);
    }
    if (!folderIdentity) return;
    const lost = () => [...this.panels].filter((panel) => !panel.folder && this.identities.has(panel));
    if (lost().length === 0) return;
    const shown = new Set([...this.panels].map((panel) => panel.folder?.toString()));
    for (const persona of this.personas.personas) {
      if (shown.has(persona.uri.toString()) || persona.uri.scheme !== 'file') continue;
      const identity = await folderIdentity(persona.uri.fsPath);
      const panel = lost().find((candidate) => this.identities.get(candidate) === identity);
      if (panel) panel.session.show(persona.uri);
    }
  }

  /**
   * The personas of the open tabs, kept in workspace state: a tab is restored from the
   * state its webview saved, but a window closed before that state reached the disk
   * (a reload moments after opening, or a browser tab closing) restores without it.
   */
  private remember(): void {
    if (this.closing) return;
    const open = [...this.panels].flatMap((panel) => (panel.folder ? [panel.folder.toString()] : []));
    void this.context.workspaceState.update(OPEN_PREVIEWS_KEY, open);
  }

  /** A persona that had a tab last session, has none yet in this one, and is still a persona folder. */
  private unclaimedPersona(): vscode.Uri | undefined {
    const shown = new Set([...this.panels].map((panel) => panel.folder?.toString()));
    for (const candidate of this.lastSession) {
      if (shown.has(candidate)) continue;
      const uri = trustedPersonaUri(candidate, this.personas.personas);
      if (uri) return uri;
    }
    return undefined;
  }

  /** Previews of a renamed or moved folder (or of one inside it) follow it, once discovery has seen the new name. */
  private async renamed(files: ReadonlyArray<{ readonly oldUri: vscode.Uri; readonly newUri: vscode.Uri }>): Promise<void> {
    const moves = [...this.panels].flatMap((panel) => {
      const folder = panel.folder;
      for (const { oldUri, newUri } of files) {
        const moved = folder && renamedFolder(folder, oldUri, newUri);
        if (moved) return [{ panel, moved }];
      }
      return [];
    });
    await this.personas.refresh();
    for (const { panel, moved } of moves) if (this.panels.has(panel)) panel.session.show(moved);
    for (const { oldUri, newUri } of files) this.view.renamed(oldUri, newUri);
    this.remember();
  }
}

/** The name of the folder a restored tab showed, when that folder is no longer a persona folder of the workspace. */
function goneName(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    const name = baseName(vscode.Uri.parse(raw, true));
    return name.length > MAX_GONE_NAME ? `${name.slice(0, MAX_GONE_NAME - 1)}…` : name || undefined;
  } catch {
    return undefined;
  }
}
