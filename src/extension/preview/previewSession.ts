// One webview (the Soul view or a preview tab) showing one persona's soul, kept in
// step with the editors: the first render sends everything, then each change sends
// only the changed section as a patch. Updates are coalesced, never debounced.
import * as vscode from 'vscode';
import {
  BootstrapName,
  BootstrapSource,
  composeSection,
  HEARTWOOD_FILE,
  isBootstrapName,
  reportFile,
  reportHeartwood,
} from '../../core';
import { heartwoodCaps, previewWrap, warnAt } from '../config';
import { Disposable } from '../disposable';
import { baseName, ContentChange, PersonaWorkspace } from '../personaWorkspace';
import { HeartwoodUpdate, parseFromWebview, RevealMessage, SectionUpdate, ToWebview } from '../../webview/protocol';
import { heartwoodModel, labels, sectionModel, SectionModel } from './soulModel';
import { Coalescer, SoulSync } from './sync';

/** Where the session lives: a webview view or a webview panel. */
export interface PreviewHost {
  readonly webview: vscode.Webview;
  readonly visible: boolean;
  /** The editor column a file opened from this preview should go to. */
  fileColumn(uri: vscode.Uri): vscode.ViewColumn;
}

const ACK_TIMEOUT_MS = 2000;

export class PreviewSession extends Disposable {
  private folder: vscode.Uri | undefined;
  private ready = false;
  private needsRender = true;
  private readonly dirty = new Set<string>();
  private readonly sync = new SoulSync(vscode.l10n.t);
  private readonly updates: Coalescer;
  private pendingReveal: RevealMessage | undefined;
  /** The render or update the webview has not acknowledged yet. */
  private unacked: number | undefined;
  private ackTimeout: ReturnType<typeof setTimeout> | undefined;
  private readonly folderEmitter = this.register(new vscode.EventEmitter<vscode.Uri | undefined>());
  /** The shown persona changed (or the webview asked for its last one back). */
  readonly onDidChangeFolder = this.folderEmitter.event;

  constructor(
    private readonly host: PreviewHost,
    private readonly personas: PersonaWorkspace,
    folder: vscode.Uri | undefined,
    private readonly emptyText: () => string,
  ) {
    super();
    this.folder = folder;
    this.updates = new Coalescer(() => this.update());
    this.register({ dispose: () => (this.updates.dispose(), clearTimeout(this.ackTimeout)) });
    this.register(host.webview.onDidReceiveMessage((raw) => this.receive(raw)));
  }

  get persona(): vscode.Uri | undefined {
    return this.folder;
  }

  /** Shows another persona (or none): everything is sent again. */
  show(folder: vscode.Uri | undefined): void {
    if (folder?.toString() === this.folder?.toString()) return;
    this.folder = folder;
    this.folderEmitter.fire(folder);
    this.refresh();
  }

  /** Sends everything again (settings changed, or the persona list did). */
  refresh(): void {
    this.needsRender = true;
    this.updates.request();
  }

  /** A persona file changed, in an editor or on disk. */
  changed(change: ContentChange): void {
    if (!this.folder || change.folder.toString() !== this.folder.toString()) return;
    this.dirty.add(change.name);
    this.updates.request();
  }

  /** Scrolls to a section, or to its cut, once the webview shows it. */
  reveal(section: string, cut: boolean): void {
    this.pendingReveal = { type: 'reveal', section, cut };
    this.updates.request();
  }

  /** The webview is destroyed when hidden; when shown again its script says it is ready. */
  hidden(): void {
    this.ready = false;
    this.unacked = undefined;
  }

  private receive(raw: unknown): void {
    const message = parseFromWebview(raw);
    if (!message) return;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.unacked = undefined;
        if (!this.folder && message.state?.persona) this.show(vscode.Uri.parse(message.state.persona));
        this.refresh();
        return;
      case 'ack':
        this.acked(message.seq);
        return;
      case 'resync':
        this.refresh();
        return;
      case 'openFile':
        void this.openFile(message.name, message.atCut);
        return;
    }
  }

  private post(message: ToWebview | undefined): void {
    if (!message) return;
    if (message.type === 'render' || message.type === 'update') {
      this.unacked = message.seq;
      // Should an ack get lost, carry on after a while rather than stall.
      clearTimeout(this.ackTimeout);
      this.ackTimeout = setTimeout(() => this.acked(message.seq), ACK_TIMEOUT_MS);
    }
    void this.host.webview.postMessage(message);
  }

  private acked(seq: number): void {
    if (seq !== this.unacked) return;
    this.unacked = undefined;
    clearTimeout(this.ackTimeout);
    if (this.needsRender || this.dirty.size > 0 || this.pendingReveal) this.updates.request();
  }

  private async update(): Promise<void> {
    if (!this.ready || !this.host.visible) {
      this.dirty.clear();
      return;
    }
    // One message in flight at a time: when the webview (or the machine) is slow, the
    // changes made meanwhile go together in the next message instead of queueing up.
    if (this.unacked !== undefined) return;
    if (this.needsRender) {
      this.needsRender = false;
      this.dirty.clear();
      await this.render();
    } else if (this.dirty.size > 0 && this.folder) {
      const folder = this.folder;
      const names = [...this.dirty];
      this.dirty.clear();
      const parts: Array<SectionUpdate | HeartwoodUpdate | undefined> = [];
      for (const name of names) {
        if (isBootstrapName(name)) {
          const source = await this.personas.source(vscode.Uri.joinPath(folder, name));
          parts.push(this.sync.section(name, source === undefined ? undefined : this.sectionOf(name, source, folder)));
        } else if (name === HEARTWOOD_FILE) {
          const text = await this.personas.heartwoodText(folder);
          parts.push(this.sync.heartwood(heartwoodModel(text, heartwoodCaps(folder), warnAt(folder), vscode.l10n.t)));
        }
      }
      // The persona changed meanwhile: a full render follows, this pass is moot.
      if (this.needsRender) return;
      this.post(this.sync.update(parts));
    }
    if (this.pendingReveal && !this.needsRender) {
      this.post(this.pendingReveal);
      this.pendingReveal = undefined;
    }
  }

  private sectionOf(name: BootstrapName, source: BootstrapSource, folder: vscode.Uri): SectionModel {
    const section = composeSection(name, source);
    const cut = section.truncated ? reportFile(name, source).cut : undefined;
    return sectionModel(section, warnAt(folder), vscode.l10n.t, cut);
  }

  private async render(): Promise<void> {
    const folder = this.folder;
    const t = vscode.l10n.t;
    const common = { wrap: previewWrap(), labels: labels(t) };
    if (!folder) {
      this.post(this.sync.render({ ...common, empty: this.emptyText(), sections: [] }));
      return;
    }
    const [sources, heartwoodText] = await Promise.all([this.personas.sources(folder), this.personas.heartwoodText(folder)]);
    if (this.folder?.toString() !== folder.toString()) return; // Another persona is on its way.
    const sections = [...sources].map(([name, source]) => this.sectionOf(name, source, folder));
    const heartwood = heartwoodModel(heartwoodText, heartwoodCaps(folder), warnAt(folder), t);
    const empty = sections.length === 0 && !heartwood ? t('This persona folder has no bootstrap file yet.') : undefined;
    this.post(this.sync.render({ ...common, persona: { uri: folder.toString(), label: this.label(folder) }, empty, sections, heartwood }));
  }

  label(folder = this.folder): string {
    if (!folder) return '';
    return this.personas.find(folder)?.label ?? baseName(folder);
  }

  private async openFile(name: string, atCut: boolean): Promise<void> {
    const folder = this.folder;
    // The webview only names a file; which files it may open is decided here.
    if (!folder || !(isBootstrapName(name) || name === HEARTWOOD_FILE)) return;
    const uri = vscode.Uri.joinPath(folder, name);
    let selection: vscode.Range | undefined;
    if (atCut) {
      const cut = isBootstrapName(name)
        ? reportFile(name, await this.personas.source(uri)).cut
        : reportHeartwood(await this.personas.heartwoodText(folder), heartwoodCaps(folder)).cut;
      if (cut) selection = new vscode.Range(cut.line, cut.column, cut.line, cut.column);
    }
    try {
      await vscode.window.showTextDocument(uri, { viewColumn: this.host.fileColumn(uri), selection, preview: false });
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not open {0}: {1}', name, error instanceof Error ? error.message : String(error)));
    }
  }
}
