// One webview (the Soul view or a preview tab) showing one persona's soul exactly as
// its runtime injects it, kept in step with the editors: the first render sends
// everything, then each change sends only the changed sections as patches. Updates
// are coalesced, never debounced.
import * as vscode from 'vscode';
import { Composition, HEARTWOOD_FILE, editorLineAndColumn, isBootstrapName, RunKind } from '../../core';
import { previewWrap } from '../model/config';
import { SKILLS_CHANGE } from '../model/skills';
import { PREVIEW_ACK_TIMEOUT_MS, PREVIEW_FRAME_MS } from '../util/delays';
import { Disposable } from '../util/disposable';
import type { PersonaWorkspace } from '../model/personaWorkspace';
import { baseName } from '../model/uris';
import { Throttle } from '../util/throttle';
import { HeartwoodUpdate, parseFromWebview, RevealMessage, ToWebview } from '../../webview/protocol';
import { tokensMessage } from '../tokens/tokenViews';
import { SoulBlocks, SoulModel } from './blocks';
import { CompositionSource } from './compositionSource';
import { FullerTexts } from './droppedText';
import { postSectionHistory } from './sectionHistory';
import { maskModel } from './maskedModel';
import { linkedViews } from './linkedPlaceholders';
import { heartwoodModel, labels } from './soulModel';
import { SoulChanges, SoulSync } from './sync';
import { kindTokens, Sessions, sessionsOf, settingKind } from './sessions';
import { noSessions, sessionsMessage } from './sessionViews';
import { logUnlessFileSystemError } from '../util/log';

export { checkLastRun } from './lastRunCommand';
export { disposeSessions, sessionsOf } from './sessions';
export { costLines } from './sessionViews';

/** Where the session lives: a webview view or a webview panel. */
export interface PreviewHost {
  readonly webview: vscode.Webview;
  readonly visible: boolean;
  /** The editor column a file opened from this preview should go to. */
  fileColumn(uri: vscode.Uri): vscode.ViewColumn;
}

export class PreviewSession extends Disposable {
  private folder: vscode.Uri | undefined;
  private ready = false;
  private needsRender = true;
  /** The composition may have changed since the last message. */
  private soulDirty = false;
  private heartwoodDirty = false;
  private readonly sync = new SoulSync();
  private blocks = new SoulBlocks();
  /** The blocks last sent, for the reveal toggles and for opening files. */
  private shown: SoulModel | undefined;
  /** Sections whose dropped text is revealed. */
  private readonly revealed = new Set<string>();
  private readonly fuller = new FullerTexts();
  /** The first change of a burst is sent at once, the rest in one more update a frame later. */
  private readonly updates: Throttle;
  private pendingReveal: RevealMessage | undefined;
  /** The render or update the webview has not acknowledged yet. */
  private unacked: number | undefined;
  private ackTimeout: ReturnType<typeof setTimeout> | undefined;
  /** The composition last shown, whose tokens the page is to show. */
  private composition: Composition | undefined;
  /** The tokens message last sent for this page ('' after a render: nothing shown yet). */
  private tokensSent = '';
  /** Counts came while an update was on its way: they follow its ack, unless more text goes first. */
  private tokensWaiting = false;
  /** Shows the persona as its OpenClaw release would compose it after `openclaw doctor --fix`. */
  private afterDoctor = false;
  /** The session kind this preview shows, when the user chose one here (else the setting's). */
  private kind: RunKind | undefined;
  /** The shown composition is another kind's than the one measured (and counted) for the folder. */
  private otherKind = false;
  /** An OpenClaw persona's session kinds, cost per day and last-run check (with the extension's measurements). */
  private readonly sessions: Sessions | undefined;
  private sessionsSent = '';
  /** A file of the shown persona's prompt was saved: the edit's cache write is said as this edit's. */
  private saved = false;
  private readonly folderEmitter = this.register(new vscode.EventEmitter<vscode.Uri | undefined>());
  /** The shown persona changed (or the webview asked for its last one back). */
  readonly onDidChangeFolder = this.folderEmitter.event;

  constructor(
    private readonly host: PreviewHost,
    private readonly personas: PersonaWorkspace,
    private readonly source: CompositionSource,
    folder: vscode.Uri | undefined,
    private readonly emptyText: () => string,
  ) {
    super();
    this.folder = folder;
    this.updates = new Throttle(() => this.update(), { delayMs: PREVIEW_FRAME_MS, leading: true });
    this.register({ dispose: () => (this.updates.dispose(), clearTimeout(this.ackTimeout)) });
    this.register(host.webview.onDidReceiveMessage((raw) => this.receive(raw)));
    this.register(
      source.onDidChange(({ folder: changed, names }) => {
        if (!this.folder || changed.toString() !== this.folder.toString()) return;
        if (names === 'all' || names.includes(HEARTWOOD_FILE)) this.heartwoodDirty = true;
        if (names === 'all' || names.some((name) => name !== HEARTWOOD_FILE)) this.soulDirty = true;
        this.updates.request();
      }),
    );
    if (source.secrets) {
      this.register(
        source.secrets.onDidChange((folder) => {
          if (this.folder?.toString() !== folder.toString()) return;
          this.soulDirty = true;
          this.updates.request();
        }),
      );
    }
    if (source.tokens) {
      this.register(
        source.tokens.onDidChange((folder) => {
          if (this.folder?.toString() !== folder.toString()) return;
          this.postTokens();
          void this.postSessions();
        }),
      );
    }
    this.register(
      vscode.workspace.onDidSaveTextDocument((document) => {
        const folder = this.folder;
        const name = document.uri.path.split('/').pop() ?? '';
        if (!folder || !document.uri.path.startsWith(`${folder.path}/`) || !(isBootstrapName(name) || name === 'SKILL.md')) return;
        this.saved = true;
        void this.postSessions();
      }),
    );
    this.sessions = source.measurements && sessionsOf({ measurements: source.measurements, content: personas.content, tokens: source.tokens });
    if (this.sessions) {
      this.register(
        this.sessions.onDidChange((folder) => {
          if (!folder || folder.toString() === this.folder?.toString()) void this.postSessions();
        }),
      );
    }
  }

  get persona(): vscode.Uri | undefined {
    return this.folder;
  }

  /** Shows another persona (or none): everything is sent again. */
  show(folder: vscode.Uri | undefined): void {
    if (folder?.toString() === this.folder?.toString()) return;
    this.folder = folder;
    this.revealed.clear();
    this.kind = undefined;
    this.saved = false;
    this.folderEmitter.fire(folder);
    this.refresh();
  }

  /** Sends everything again (settings changed, or the persona list did). */
  refresh(): void {
    this.needsRender = true;
    this.updates.request();
  }

  /** Shows or hides what the runtime drops of one section. */
  toggleDropped(name: string): void {
    if (!this.shown?.sections.some((section) => section.meta.name === name && section.meta.cut)) return;
    if (!this.revealed.delete(name)) this.revealed.add(name);
    this.soulDirty = true;
    this.updates.request();
  }

  /** Shows the dropped text of every cut section, or hides it when all of it is shown. */
  toggleAllDropped(): void {
    const cut = (this.shown?.sections ?? []).filter((section) => section.meta.cut).map((section) => section.meta.name);
    const all = cut.length > 0 && cut.every((name) => this.revealed.has(name));
    this.revealed.clear();
    if (!all) for (const name of cut) this.revealed.add(name);
    this.soulDirty = true;
    this.updates.request();
  }

  /** Switches between the persona as it is and as it would be after `openclaw doctor --fix`. */
  toggleAfterDoctor(): boolean {
    this.afterDoctor = !this.afterDoctor;
    this.refresh();
    return this.afterDoctor;
  }

  get showsAfterDoctor(): boolean {
    return this.afterDoctor;
  }

  /** Shows the persona as another session kind runs it, in this preview only. */
  chooseSession(kind: RunKind): void {
    if (!this.folder || kind === (this.kind ?? settingKind(this.folder))) return;
    this.kind = kind;
    this.refresh();
  }

  /** Shows a linked file held back, when its placeholder offered to (never in Restricted Mode). */
  showLinked(name: string): void {
    const folder = this.folder;
    if (!folder || !vscode.workspace.isTrusted) return;
    if (!this.shown?.sections.some((section) => section.meta.name === name && section.meta.linked?.show !== undefined)) return;
    // Measured again once granted: the change reaches this preview like an edit.
    this.source.showLinked?.(folder, name);
  }

  /** Shows the persona's secrets as sent, until its text changes. */
  revealSecrets(): void {
    if (this.folder && this.composition) this.source.secrets?.reveal(this.folder, this.composition);
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
      case 'toggleDropped':
        this.toggleDropped(message.name);
        return;
      case 'showLinked':
        this.showLinked(message.name);
        return;
      case 'chooseSession':
        this.chooseSession(message.kind as RunKind);
        return;
    }
  }

  private post(message: ToWebview | undefined): void {
    if (!message) return;
    if (message.type === 'render' || message.type === 'update') {
      this.unacked = message.seq;
      // Should an ack get lost, carry on after a while rather than stall.
      clearTimeout(this.ackTimeout);
      this.ackTimeout = setTimeout(() => this.acked(message.seq), PREVIEW_ACK_TIMEOUT_MS);
    }
    void this.host.webview.postMessage(message);
  }

  /**
   * Asks for the tokens of what was just shown; they follow in a message of their own
   * once the worker answers and the page has taken the text, so they never hold it up.
   */
  private wantTokens(folder: vscode.Uri): void {
    const tokens = this.source.tokens;
    // The counts are the persona's as it is: the after-doctor text has none of its own here.
    if (!tokens || !this.composition || this.afterDoctor) return;
    // Another kind's composition is not the folder's counted one: its counts are derived from that one's.
    if (!this.otherKind) tokens.request(folder, this.composition);
    this.postTokens();
  }

  /** Sends the page the tokens it lacks: the newest counts, or none when tokens are off. */
  private postTokens(): void {
    const tokens = this.source.tokens;
    const folder = this.folder;
    if (!tokens || !folder || !this.ready || !this.host.visible || !this.shown || this.afterDoctor) return;
    // While typing, the page's time goes to the text: counts wait for its ack.
    if (this.unacked !== undefined) {
      this.tokensWaiting = true;
      return;
    }
    this.tokensWaiting = false;
    const settings = tokens.settings(folder);
    const counts = settings.encoding === undefined ? undefined : tokens.counts(folder);
    // Tokens on but none counted yet: the page shows none until they come.
    if (settings.encoding !== undefined && !counts) return;
    const names = this.shown.sections.map((section) => section.meta.name);
    const shownCounts = counts && this.otherKind && this.composition ? { ...counts, total: kindTokens(this.composition, counts).tokens, estimated: true } : counts;
    const message = tokensMessage(this.sync.currentGeneration, names, shownCounts, settings, this.source.profile(folder).id);
    const key = JSON.stringify(message);
    if (key === this.tokensSent) return;
    this.tokensSent = key;
    void this.host.webview.postMessage(message);
  }

  private acked(seq: number): void {
    if (seq !== this.unacked) return;
    this.unacked = undefined;
    clearTimeout(this.ackTimeout);
    if (this.needsRender || this.soulDirty || this.heartwoodDirty || this.pendingReveal) this.updates.request();
    else if (this.tokensWaiting) this.postTokens();
  }

  private async update(): Promise<void> {
    if (!this.ready || !this.host.visible) {
      this.soulDirty = this.heartwoodDirty = false;
      return;
    }
    // One message in flight at a time: when the webview (or the machine) is slow, the
    // changes made meanwhile go together in the next message instead of queueing up.
    if (this.unacked !== undefined) return;
    if (this.needsRender) {
      this.needsRender = false;
      this.soulDirty = this.heartwoodDirty = false;
      await this.render();
    } else if ((this.soulDirty || this.heartwoodDirty) && this.folder) {
      const folder = this.folder;
      const [soul, heartwood] = [this.soulDirty, this.heartwoodDirty];
      this.soulDirty = this.heartwoodDirty = false;
      let changes: SoulChanges | undefined;
      let heartwoodPart: HeartwoodUpdate | undefined;
      if (soul) {
        const model = await this.soulOf(folder);
        // The persona changed meanwhile: a full render follows, this pass is moot.
        if (this.needsRender || this.folder?.toString() !== folder.toString()) return;
        changes = this.sync.soul(model);
      }
      if (heartwood) {
        const measure = await this.source.heartwood(folder);
        if (this.needsRender) return;
        heartwoodPart = this.sync.heartwood(heartwoodModel(measure));
      }
      this.post(this.sync.update(changes, heartwoodPart));
      if (soul) {
        this.wantTokens(folder);
        void this.postSessions();
      }
    }
    if (this.pendingReveal && !this.needsRender) {
      this.post(this.pendingReveal);
      this.pendingReveal = undefined;
    }
  }

  /** The runtime's composition of the folder, as blocks. */
  private async soulOf(folder: vscode.Uri): Promise<SoulModel> {
    let composition = await this.source.composition(folder);
    let label = this.source.profile(folder).label;
    this.otherKind = false;
    if (this.sessions && this.kind !== undefined && composition.runtime === 'openclaw' && !this.afterDoctor) {
      const shown = await this.sessions.composition(folder, this.kind);
      this.otherKind = shown !== composition;
      composition = shown;
    }
    let fuller: ReadonlyMap<string, string> | undefined;
    if (this.afterDoctor) {
      // Nothing is written: the migrated files exist only in this composition.
      const preview = await this.source.afterDoctor?.(folder);
      if (preview) composition = preview.composition;
      label = preview ? vscode.l10n.t('{0} after openclaw doctor --fix', label) : vscode.l10n.t('{0} (openclaw doctor --fix changes nothing here)', label);
    } else if (this.revealed.size > 0) fuller = await this.fuller.of(folder, composition, this.revealed);
    this.composition = composition;
    const linked = this.source.linkedOutside ? linkedViews(composition, this.source.linkedOutside(folder), vscode.workspace.isTrusted) : undefined;
    const built = this.blocks.build(composition, label, (name) => this.revealed.has(name), fuller, linked);
    // Secrets are masked before the text leaves the extension host.
    const mask = this.source.secrets?.masker(folder, composition);
    const model = mask ? maskModel(built, mask) : built;
    this.shown = model;
    return model;
  }

  private async render(): Promise<void> {
    const folder = this.folder;
    const common = { wrap: previewWrap(), labels: labels() };
    if (!folder) {
      this.shown = undefined;
      this.post(this.sync.render({ ...common, empty: this.emptyText() }));
      return;
    }
    // A fresh start reads everything again, separators included.
    this.blocks = new SoulBlocks();
    const [soul, measure] = await Promise.all([this.soulOf(folder), this.source.heartwood(folder)]);
    if (this.folder?.toString() !== folder.toString()) return; // Another persona is on its way.
    const heartwood = heartwoodModel(measure);
    const empty = soul.sections.length === 0 && !heartwood ? vscode.l10n.t('This persona folder has no bootstrap file yet.') : undefined;
    this.post(this.sync.render({ ...common, persona: { uri: folder.toString(), label: this.label(folder) }, empty, soul, heartwood }));
    this.tokensSent = '';
    this.sessionsSent = '';
    this.wantTokens(folder);
    void this.postSessions();
    const generation = this.sync.currentGeneration;
    const current = () => this.ready && this.sync.currentGeneration === generation && this.folder?.toString() === folder.toString();
    void postSectionHistory(
      this.source,
      folder,
      soul.sections.map((section) => section.meta.name),
      generation,
      current,
      (message) => void this.host.webview.postMessage(message),
    );
  }

  /** Sends an OpenClaw persona's session switch, summary row, cost per day and last-run check. */
  private async postSessions(): Promise<void> {
    const folder = this.folder;
    const sessions = this.sessions;
    if (!sessions || !folder || !this.ready || !this.host.visible || !this.shown) return;
    const generation = this.sync.currentGeneration;
    try {
      const summary = await sessions.summary(folder);
      const lastRun = summary && (await sessions.lastRun(folder));
      if (folder.toString() !== this.folder?.toString() || generation !== this.sync.currentGeneration) return;
      const setting = settingKind(folder);
      // Under another runtime, a message of no kinds hides the switch.
      const message = summary ? sessionsMessage(generation, this.kind ?? setting, setting, summary, lastRun, this.saved) : noSessions(generation);
      const key = JSON.stringify(message);
      if (key === this.sessionsSent) return;
      this.sessionsSent = key;
      void this.host.webview.postMessage(message);
    } catch (error) {
      // A file vanished mid-read: its own change brings another pass.
      logUnlessFileSystemError('the sessions of the preview', error);
    }
  }

  label(folder = this.folder): string {
    if (!folder) return '';
    return this.personas.find(folder)?.label ?? baseName(folder);
  }

  private async openFile(name: string, atCut: boolean): Promise<void> {
    const folder = this.folder;
    // The webview only names a file; which files it may open is decided here: the
    // sections shown and HEARTWOOD.md, inside the workspace.
    // A linked file held back is not opened from here: an editor would show what is behind the link.
    if (!folder || !(name === HEARTWOOD_FILE || this.shown?.sections.some((section) => section.meta.name === name && !section.meta.linked))) return;
    // The Skills section is no file: its skills are rows of the Personas tree.
    if (name === SKILLS_CHANGE) return void vscode.commands.executeCommand('personaStudio.personas.focus');
    const uri = vscode.Uri.joinPath(folder, name);
    if (!vscode.workspace.getWorkspaceFolder(uri)) return;
    let selection: vscode.Range | undefined;
    if (atCut) {
      const at = name === HEARTWOOD_FILE ? (await this.source.heartwood(folder))?.report.cut : await this.cutOf(uri);
      if (at) selection = new vscode.Range(at.line, at.column, at.line, at.column);
    }
    try {
      await vscode.window.showTextDocument(uri, { viewColumn: this.host.fileColumn(uri), selection, preview: false });
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not open {0}: {1}', name, error instanceof Error ? error.message : String(error)));
    }
  }

  /** Where the runtime's first cut of a file falls, as an editor position. */
  private async cutOf(uri: vscode.Uri): Promise<{ line: number; column: number } | undefined> {
    const measure = await this.source.file(uri);
    const span = measure?.dropped[0];
    if (!measure || !span) return undefined;
    return editorLineAndColumn(measure.text, Math.min(span.start, measure.text.length));
  }
}
