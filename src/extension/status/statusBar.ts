// Two status-bar items for the persona of the active editor: its total against the
// runtime's budget and the active file's share of its cap, coloured when any file nears
// or passes its cap (a click opens the preview); and the runtime's name (a click
// chooses another). Both read the one measurement, updated while typing; the first
// turns to a warning when the persona sends a secret (from the secret scans).
import * as vscode from 'vscode';
import { CapState, Composition, formatCount, HEARTWOOD_FILE, RUNTIME_NAMES, statusSummary, StatusSummary } from '../../core';
import { SKILLS_CHANGE } from '../model/skills';
import { CHOOSE_RUNTIME_COMMAND } from '../commands/ids';
import { onDidChangeSettings } from '../model/config';
import { localize } from '../util/coreMessages';
import { STATUS_BAR_DELAY_MS } from '../util/delays';
import { Disposable } from '../util/disposable';
import { Measurements } from '../model/measurements';
import type { Secrets } from '../model/secrets';
import type { PersonaTokens } from '../tokens/personaTokens';
import { tooltipLines } from '../tokens/tokenViews';
import { baseName, Persona, PersonaWorkspace } from '../model/personaWorkspace';
import { Throttle } from '../util/throttle';
import { logUnlessFileSystemError } from '../util/log';
import { Latest } from '../util/latest';
import { previewSessionModule } from '../preview/sessionModule';

const CONTEXT_KEY = 'personaStudio.isPersonaFile';
const stateIcon: Record<CapState, string> = { missing: '$(circle-slash)', ok: '$(pass)', near: '$(warning)', over: '$(error)' };

export class PersonaStatusBar extends Disposable {
  private readonly item = this.register(vscode.window.createStatusBarItem('personaStudio.status', vscode.StatusBarAlignment.Right, 100));
  private readonly runtimeItem = this.register(vscode.window.createStatusBarItem('personaStudio.runtime', vscode.StatusBarAlignment.Right, 99));
  private shown: { persona: Persona; active: vscode.Uri } | undefined;
  /** The latest update: an older one finishing late must not win. */
  private readonly passes = new Latest<'status'>();
  private isPersonaFile: boolean | undefined;
  /** What each item shows now; hidden items show nothing, so are drawn afresh. */
  private rendered = '';
  private runtimeRendered = '';
  private readonly queue = this.register(new Throttle(() => void this.update(), { delayMs: STATUS_BAR_DELAY_MS }));

  constructor(
    readonly personas: PersonaWorkspace,
    readonly measurements: Measurements,
    readonly tokens?: PersonaTokens,
    private readonly secrets?: Secrets,
  ) {
    super();
    if (secrets) {
      this.register(
        secrets.onDidChange((folder) => {
          if (this.shown?.persona.uri.toString() === folder.toString()) this.queue.request();
        }),
      );
    }
    if (tokens) {
      this.register(
        tokens.onDidChange((folder) => {
          if (this.shown?.persona.uri.toString() === folder.toString()) this.queue.request();
        }),
      );
    }
    this.item.name = vscode.l10n.t('Persona Studio');
    this.runtimeItem.name = vscode.l10n.t('Persona Studio Runtime');
    this.register(vscode.window.onDidChangeActiveTextEditor(() => this.follow()));
    this.register(personas.onDidChangePersonas(() => this.follow()));
    this.register(
      measurements.onDidChange(({ folder }) => {
        if (this.shown?.persona.uri.toString() === folder.toString()) this.queue.request();
      }),
    );
    this.register(onDidChangeSettings(() => this.queue.request()));
    this.follow();
  }

  /** Shows the persona of the active editor, or hides the items when it has none. */
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
      this.passes.stale('status');
      this.rendered = this.runtimeRendered = '';
      this.item.hide();
      this.runtimeItem.hide();
      return;
    }
    this.shown = { persona, active: editor.document.uri };
    void this.update();
  }

  private setPersonaFileContext(value: boolean): void {
    if (this.isPersonaFile === value) return;
    this.isPersonaFile = value;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, value);
  }

  private async update(): Promise<void> {
    const latest = this.passes.begin('status');
    const shown = this.shown;
    if (!shown) return;
    const { persona, active } = shown;
    let summary: StatusSummary;
    let tokenLines: string[] = [];
    let composition: Composition;
    try {
      let heartwood;
      [composition, heartwood] = await Promise.all([
        this.measurements.composition(persona.uri),
        persona.heartwood || baseName(active) === HEARTWOOD_FILE ? this.measurements.heartwood(persona.uri) : Promise.resolve(undefined),
      ]);
      summary = statusSummary({ composition, heartwood: heartwood?.report, active: baseName(active) }, localize);
      tokenLines = this.tokenLines(persona.uri, composition);
      // An OpenClaw persona's cost per day, from the preview session bundle.
      if (composition.runtime === 'openclaw') tokenLines = [...tokenLines, ...(await previewSessionModule().costLines(persona.uri, this))];
    } catch (error) {
      // A file vanished mid-read: its own change event brings another pass.
      logUnlessFileSystemError('the status bar', error);
      return;
    }
    if (this.isDisposed || !latest()) return;
    this.render(persona, summary, tokenLines, composition);
  }

  /** The tooltip's token lines: the last counts (the newest follow, and refresh the tooltip). */
  private tokenLines(folder: vscode.Uri, composition: Composition): string[] {
    if (!this.tokens) return [];
    this.tokens.request(folder, composition);
    const counts = this.tokens.counts(folder);
    const settings = this.tokens.settings(folder);
    if (!counts || settings.encoding === undefined) return [];
    return tooltipLines(counts, settings, composition.runtime);
  }

  private render(persona: Persona, summary: StatusSummary, tokenLines: readonly string[], composition: Composition): void {
    const profile = this.measurements.profile(persona.uri);
    const state =
      summary.state === 'over'
        ? vscode.l10n.t('a file is over its cap')
        : summary.state === 'near'
          ? vscode.l10n.t('a file is near its cap')
          : vscode.l10n.t('every file is within its cap');
    const sent = this.secrets?.sent(persona.uri) ?? 0;
    const secretLine =
      sent === 0
        ? ''
        : sent === 1
          ? vscode.l10n.t('1 secret is sent to the model provider on every turn: see Problems.')
          : vscode.l10n.t('{0} secrets are sent to the model provider on every turn: see Problems.', sent);
    const hover = tooltip(persona, summary, profile.label, tokenLines, secretLine);
    const label = vscode.l10n.t('Persona {0}: {1} {2}, {3}', persona.label, RUNTIME_NAMES[profile.id], summary.soul, state) + (secretLine && `. ${secretLine}`);
    // OpenClaw's `## Skills` section goes out on every turn beside the files: its chars follow the total.
    const skills = composition.files[0]?.name === SKILLS_CHANGE ? composition.files[0].size : 0;
    const withSkills = skills > 0 ? `${summary.text} $(tools) ${vscode.l10n.t('{0} chars of skills', formatCount(skills))}` : summary.text;
    const text = sent > 0 ? `${withSkills} $(key)` : withSkills;
    // Every property set sends the item to the workbench again: an item that would show
    // what it shows already (the runtime's, while typing) is left alone.
    const personaShown = JSON.stringify([persona.uri.toString(), text, summary.state, hover.value, label]);
    if (personaShown !== this.rendered) {
      this.rendered = personaShown;
      const item = this.item;
      item.text = text;
      item.backgroundColor =
        summary.state === 'over'
          ? new vscode.ThemeColor('statusBarItem.errorBackground')
          : summary.state === 'near' || sent > 0
            ? new vscode.ThemeColor('statusBarItem.warningBackground')
            : undefined;
      item.tooltip = hover;
      item.command = { command: 'personaStudio.openPreview', title: vscode.l10n.t('Open Soul Preview'), arguments: [persona.uri] };
      item.accessibilityInformation = { label };
      item.show();
    }
    const choice = this.measurements.runtimeChoice(persona.uri);
    // "OpenClaw 2026.7.35, installed": which release, and why that one.
    const release = choice ? `${profile.label}, ${choice.why}${choice.note ? ` (${choice.note})` : ''}` : profile.label;
    // Why this runtime: "set in settings", or the OpenClaw workspace it chose itself for.
    const why = this.measurements.runtimeWhy(persona.uri);
    const named = why ? `${release}; ${why}` : release;
    const runtimeShown = JSON.stringify([persona.uri.toString(), profile.id, named]);
    if (runtimeShown !== this.runtimeRendered) {
      this.runtimeRendered = runtimeShown;
      const runtime = this.runtimeItem;
      runtime.text = `$(server-environment) ${RUNTIME_NAMES[profile.id]}`;
      runtime.tooltip = vscode.l10n.t('Runtime: {0}. Click to choose the runtime whose injection Persona Studio shows.', named);
      runtime.command = { command: CHOOSE_RUNTIME_COMMAND, title: vscode.l10n.t('Choose Runtime…'), arguments: [persona.uri] };
      runtime.accessibilityInformation = { label: vscode.l10n.t('Runtime {0}: choose another', profile.label) };
      runtime.show();
    }
  }
}

function tooltip(persona: Persona, summary: StatusSummary, runtimeLabel: string, tokenLines: readonly string[], secretLine: string): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(undefined, true);
  markdown.appendMarkdown('**');
  markdown.appendText(persona.label);
  markdown.appendMarkdown('** · ');
  markdown.appendText(runtimeLabel);
  markdown.appendMarkdown('\n\n');
  markdown.appendMarkdown(`| | ${vscode.l10n.t('File')} | ${vscode.l10n.t('Size')} | ${vscode.l10n.t('Share of cap')} |\n|:-:|:--|--:|--:|\n`);
  for (const row of summary.rows) {
    markdown.appendMarkdown(`| ${stateIcon[row.state]} | ${row.name} | ${row.size} | ${row.share} |\n`);
  }
  markdown.appendMarkdown('\n');
  markdown.appendMarkdown(vscode.l10n.t('Total: **{0}**.', summary.soul));
  markdown.appendMarkdown('\n\n');
  for (const line of tokenLines) {
    markdown.appendText(line);
    markdown.appendMarkdown('\n\n');
  }
  if (secretLine) {
    markdown.appendMarkdown('$(key) ');
    markdown.appendText(secretLine);
    markdown.appendMarkdown('\n\n');
  }
  markdown.appendMarkdown(vscode.l10n.t('Click to open the soul preview.'));
  return markdown;
}
