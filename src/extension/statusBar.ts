// One status-bar item for the persona of the active editor: the soul's size and the
// active file's share of its cap, coloured when any file nears or passes its cap,
// updated while typing. A click opens the soul preview of that persona.
import * as vscode from 'vscode';
import {
  BOOTSTRAP_ORDER,
  BootstrapName,
  CapState,
  FileReport,
  formatCount,
  HEARTWOOD_FILE,
  HeartwoodReport,
  MAX_FILE_BYTES,
  reportFile,
  reportHeartwood,
  sectionByteLength,
  soulByteLength,
  statusSummary,
  StatusSummary,
} from '../core';
import { Coalescer } from './coalescer';
import { heartwoodCaps, onDidChangeSettings, warnAt } from './config';
import { Disposable } from './disposable';
import { baseName, folderOf, Persona, PersonaWorkspace } from './personaWorkspace';

const TYPING_DELAY_MS = 75;
const CONTEXT_KEY = 'personaStudio.isPersonaFile';
const stateIcon: Record<CapState, string> = { missing: '$(circle-slash)', ok: '$(pass)', near: '$(warning)', over: '$(error)' };

interface FileFigures {
  readonly report: FileReport;
  /** Bytes of the file's section in the soul; 0 when missing. */
  readonly sectionBytes: number;
}

export class PersonaStatusBar extends Disposable {
  private readonly item = this.register(vscode.window.createStatusBarItem('personaStudio.status', vscode.StatusBarAlignment.Right, 100));
  /** Figures per file of the shown persona, dropped when the file changes. */
  private readonly cache = new Map<string, FileFigures | HeartwoodReport | undefined>();
  /** Bumped per file on each change, so a figure computed before it is not cached after it. */
  private readonly epochs = new Map<string, number>();
  private shown: { persona: Persona; active: vscode.Uri } | undefined;
  private generation = 0;
  private isPersonaFile: boolean | undefined;
  private readonly queue = this.register(new Coalescer<null>(TYPING_DELAY_MS, () => void this.update()));

  constructor(private readonly personas: PersonaWorkspace) {
    super();
    this.item.name = vscode.l10n.t('Persona Studio');
    this.register(vscode.window.onDidChangeActiveTextEditor(() => this.follow()));
    this.register(personas.onDidChangePersonas(() => this.follow()));
    this.register(
      personas.onDidChangeContent(({ folder, name }) => {
        this.invalidate(vscode.Uri.joinPath(folder, name).toString());
        if (this.shown?.persona.uri.toString() === folder.toString()) this.queue.add('', null);
      }),
    );
    this.register(
      onDidChangeSettings(() => {
        this.cache.clear();
        this.queue.add('', null);
      }),
    );
    this.follow();
  }

  private invalidate(key: string): void {
    this.epochs.set(key, (this.epochs.get(key) ?? 0) + 1);
    this.cache.delete(key);
  }

  /** Shows the persona of the active editor, or hides the item when it has none. */
  private follow(): void {
    const editor = vscode.window.activeTextEditor;
    const persona = editor && this.personas.personaOf(editor.document.uri);
    this.setPersonaFileContext(persona !== undefined);
    if (!editor && this.shown) {
      // Focus moved to a panel or a webview (the preview, say): keep the persona
      // while its file is still on screen.
      const active = this.shown.active.toString();
      if (vscode.window.visibleTextEditors.some((visible) => visible.document.uri.toString() === active)) {
        const still = this.personas.personaOf(this.shown.active);
        if (still) {
          this.shown = { persona: still, active: this.shown.active };
          void this.update();
          return;
        }
      }
    }
    if (!editor || !persona) {
      this.shown = undefined;
      this.generation++;
      this.cache.clear();
      this.item.hide();
      return;
    }
    // Only the shown persona's figures are kept.
    if (this.shown?.persona.uri.toString() !== persona.uri.toString()) this.cache.clear();
    this.shown = { persona, active: editor.document.uri };
    void this.update();
  }

  private setPersonaFileContext(value: boolean): void {
    if (this.isPersonaFile === value) return;
    this.isPersonaFile = value;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, value);
  }

  private async update(): Promise<void> {
    const generation = ++this.generation;
    const shown = this.shown;
    if (!shown) return;
    const { persona, active } = shown;
    let files: FileFigures[];
    let heartwood: HeartwoodReport | undefined;
    try {
      [files, heartwood] = await Promise.all([
        Promise.all(BOOTSTRAP_ORDER.map((name) => this.fileFigures(persona.uri, name))),
        this.heartwoodReport(persona.uri),
      ]);
    } catch {
      return; // A file vanished mid-read: its own change event brings another pass.
    }
    if (this.isDisposed || generation !== this.generation) return;
    const summary = statusSummary(
      {
        files: files.map((file) => file.report),
        heartwood,
        soulBytes: soulByteLength(files.filter((file) => file.report.present).map((file) => file.sectionBytes)),
        active: baseName(active),
      },
      (message, ...args) => vscode.l10n.t(message, ...args),
    );
    this.render(persona, summary);
  }

  private render(persona: Persona, summary: StatusSummary): void {
    const item = this.item;
    item.text = summary.text;
    item.backgroundColor =
      summary.state === 'over'
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : summary.state === 'near'
          ? new vscode.ThemeColor('statusBarItem.warningBackground')
          : undefined;
    item.tooltip = tooltip(persona, summary);
    item.command = { command: 'personaStudio.openPreview', title: vscode.l10n.t('Open Soul Preview'), arguments: [persona.uri] };
    const state =
      summary.state === 'over'
        ? vscode.l10n.t('a file is over its cap')
        : summary.state === 'near'
          ? vscode.l10n.t('a file is near its cap')
          : vscode.l10n.t('every file is within its cap');
    item.accessibilityInformation = { label: vscode.l10n.t('Persona {0}: soul {1}, {2}', persona.label, summary.soul, state) };
    item.show();
  }

  private async fileFigures(folder: vscode.Uri, name: BootstrapName): Promise<FileFigures> {
    const uri = vscode.Uri.joinPath(folder, name);
    const key = uri.toString();
    const cached = this.cache.get(key) as FileFigures | undefined;
    if (cached) return cached;
    const epoch = this.epochs.get(key) ?? 0;
    const source = await this.personas.source(uri);
    const report = reportFile(name, source, warnAt(uri));
    const figures: FileFigures = { report, sectionBytes: source === undefined ? 0 : sectionByteLength(name, source, { bytes: report.bytes, cutIndex: report.cut?.index }) };
    if ((this.epochs.get(key) ?? 0) === epoch && folderOf(uri).toString() === this.shown?.persona.uri.toString()) this.cache.set(key, figures);
    return figures;
  }

  private async heartwoodReport(folder: vscode.Uri): Promise<HeartwoodReport | undefined> {
    const uri = vscode.Uri.joinPath(folder, HEARTWOOD_FILE);
    const key = uri.toString();
    if (this.cache.has(key)) return this.cache.get(key) as HeartwoodReport | undefined;
    const epoch = this.epochs.get(key) ?? 0;
    const text = await this.personas.heartwoodText(folder);
    const report = text === undefined ? undefined : reportHeartwood(text, heartwoodCaps(uri), warnAt(uri));
    if ((this.epochs.get(key) ?? 0) === epoch && folder.toString() === this.shown?.persona.uri.toString()) this.cache.set(key, report);
    return report;
  }
}

function tooltip(persona: Persona, summary: StatusSummary): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(undefined, true);
  markdown.appendMarkdown('**');
  markdown.appendText(persona.label);
  markdown.appendMarkdown('**\n\n');
  markdown.appendMarkdown(`| | ${vscode.l10n.t('File')} | ${vscode.l10n.t('Size')} | ${vscode.l10n.t('Share of cap')} |\n|:-:|:--|--:|--:|\n`);
  for (const row of summary.rows) {
    markdown.appendMarkdown(`| ${stateIcon[row.state]} | ${row.name} | ${row.size} | ${row.share} |\n`);
  }
  markdown.appendMarkdown('\n');
  markdown.appendMarkdown(vscode.l10n.t('Soul: **{0}**. Each bootstrap file is capped at 2 MB ({1} bytes).', summary.soul, formatCount(MAX_FILE_BYTES)));
  markdown.appendMarkdown('\n\n');
  markdown.appendMarkdown(vscode.l10n.t('Click to open the soul preview.'));
  return markdown;
}
