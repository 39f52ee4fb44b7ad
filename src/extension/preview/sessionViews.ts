// What the preview and the status bar say of an OpenClaw persona's sessions: the switch's
// kinds, each kind's tokens a run and a day, the day's total, what it leaves out, what an
// edit costs, the last-run check. Only `vscode.l10n.t` of the editor, so it is unit tested.
import * as vscode from 'vscode';
import { formatCount, RunKind } from '../../core';
import { formatDollars } from '../../core/tokens';
import type { SessionKindView, SessionsMessage } from '../../webview/protocol';
import type { PersonaWorkspace } from '../model/personaWorkspace';
import { LastRunResult, SessionsDeps, SessionsSummary, sessionsOf } from './sessions';

export function kindLabel(kind: RunKind): string {
  switch (kind) {
    case 'main':
      return vscode.l10n.t('Main');
    case 'subagent':
      return vscode.l10n.t('Sub-agent');
    case 'cron':
      return vscode.l10n.t('Cron');
    case 'group':
      return vscode.l10n.t('Group chat');
    case 'heartbeat':
      return vscode.l10n.t('Heartbeat');
  }
}

const about = (exact: boolean) => (exact ? '' : '≈ ');

function runs(count: number): string {
  return Number.isInteger(count) ? formatCount(count) : count.toFixed(1);
}

/** "Per day: ≈ 57,800 tokens, ≈ $0.12" ('' when nothing runs). */
export function perDayText(summary: SessionsSummary): string {
  const { tokens, dollars } = summary.cost.perDay;
  if (tokens <= 0 || summary.tokensOff) return '';
  return dollars === undefined
    ? vscode.l10n.t('Per day: ≈ {0} tokens', formatCount(Math.round(tokens)))
    : vscode.l10n.t('Per day: ≈ {0} tokens, ≈ {1}', formatCount(Math.round(tokens)), formatDollars(dollars));
}

export function leavesOutText(): string {
  return vscode.l10n.t("Leaves out OpenClaw's own prompt outside the Project Context and skills, tool schemas, conversation history and output tokens.");
}

/**
 * "An edit, once saved: the next runs write ≈ 14,200 tokens to the cache ≈ $0.05", or once a
 * file of the prompt was saved, "This edit: …" ('' when nothing runs).
 */
export function editText(summary: SessionsSummary, saved = false): string {
  const { tokens, dollars } = summary.edit;
  if (tokens <= 0 || summary.tokensOff) return '';
  if (saved)
    return dollars === undefined
      ? vscode.l10n.t('This edit: the next runs write ≈ {0} tokens to the cache', formatCount(tokens))
      : vscode.l10n.t('This edit: the next runs write ≈ {0} tokens to the cache ≈ {1}', formatCount(tokens), formatDollars(dollars));
  return dollars === undefined
    ? vscode.l10n.t('An edit, once saved: the next runs write ≈ {0} tokens to the cache', formatCount(tokens))
    : vscode.l10n.t('An edit, once saved: the next runs write ≈ {0} tokens to the cache ≈ {1}', formatCount(tokens), formatDollars(dollars));
}

export function lastRunText(result: LastRunResult | undefined): string {
  return result ? vscode.l10n.t('Last run ({0}): {1}', result.source, result.summary) : '';
}

function kindView(summary: SessionsSummary, kind: RunKind): SessionKindView {
  if (summary.tokensOff) return { kind, label: kindLabel(kind), tokensText: '', perDayText: '' };
  const tokens = summary.kinds.find((candidate) => candidate.kind === kind);
  const sessions = summary.cost.sessions.filter((session) => session.kind === kind && session.runsPerDay > 0);
  const perRun = tokens ? vscode.l10n.t('{0}{1} tokens a run', about(tokens.exact), formatCount(tokens.tokens)) : '';
  if (sessions.length === 0) return { kind, label: kindLabel(kind), tokensText: perRun, perDayText: '' };
  const perDay = sessions.reduce((sum, session) => sum + session.tokensPerDay, 0);
  const dollars = sessions.some((session) => session.dollarsPerDay !== undefined) ? sessions.reduce((sum, session) => sum + (session.dollarsPerDay ?? 0), 0) : undefined;
  const runsPerDay = sessions.reduce((sum, session) => sum + session.runsPerDay, 0);
  const from = sessions.map((session) => session.from).join('; ');
  const day = vscode.l10n.t('{0} runs a day ({1}) · ≈ {2} tokens a day', runs(runsPerDay), from, formatCount(Math.round(perDay)));
  return { kind, label: kindLabel(kind), tokensText: perRun, perDayText: dollars === undefined ? day : `${day} · ≈ ${formatDollars(dollars)}` };
}

/** What the chosen kind sends besides its files. */
function noteOf(chosen: RunKind, summary: SessionsSummary): string {
  if (chosen === 'heartbeat') {
    const prompt = summary.schedule.agent?.heartbeat.prompt;
    return prompt
      ? vscode.l10n.t('A heartbeat runs the main session\'s prompt; its monitor text goes in the user message, not the system prompt: "{0}"', prompt)
      : vscode.l10n.t("A heartbeat runs the main session's prompt; OpenClaw's heartbeat text goes in the user message, not the system prompt.");
  }
  if (chosen === 'subagent' || chosen === 'cron' || chosen === 'group') return vscode.l10n.t('No root MEMORY.md in this session kind.');
  return '';
}

export function sessionsMessage(
  generation: number,
  chosen: RunKind,
  setting: RunKind,
  summary: SessionsSummary,
  lastRun: LastRunResult | undefined,
  /** A file of the prompt was saved since the preview showed the persona. */
  saved = false,
): SessionsMessage {
  const kinds = summary.kinds.map((kind) => kindView(summary, kind.kind));
  return {
    type: 'sessions',
    generation,
    chosen,
    switchLabel: vscode.l10n.t('Session (this preview; the setting says {0}):', kindLabel(setting)),
    kinds,
    note: noteOf(chosen, summary),
    perDayText: perDayText(summary),
    leavesOutText: [vscode.l10n.t('Runs a day from: {0}.', summary.schedule.notes.join('; ')), ...(perDayText(summary) ? [leavesOutText()] : [])].join(' '),
    editText: editText(summary, saved),
    lastRunText: lastRunText(lastRun),
    lastRunMatches: lastRun?.matches === true,
  };
}

/** The message that hides the switch: the persona is not shown under OpenClaw. */
export function noSessions(generation: number): SessionsMessage {
  return {
    type: 'sessions',
    generation,
    chosen: '',
    switchLabel: '',
    kinds: [],
    note: '',
    perDayText: '',
    leavesOutText: '',
    editText: '',
    lastRunText: '',
    lastRunMatches: false,
  };
}

/** The status bar tooltip's lines: the day's total by kind, and what it leaves out. */
export function tooltipLines(summary: SessionsSummary): string[] {
  const total = perDayText(summary);
  if (!total) return [];
  const byKind = summary.kinds
    .map((kind) => kindView(summary, kind.kind))
    .filter((view) => view.perDayText !== '')
    .map((view) => `${view.label}: ${view.tokensText}, ${view.perDayText}`);
  return [total, ...byKind, leavesOutText(), ...(editText(summary) ? [editText(summary)] : [])];
}

/** The status bar tooltip's lines of an OpenClaw persona: its cost per day ([] under another runtime). */
export async function costLines(
  folder: vscode.Uri,
  { measurements, personas, tokens }: { measurements: SessionsDeps['measurements']; personas: PersonaWorkspace; tokens?: SessionsDeps['tokens'] },
): Promise<string[]> {
  const summary = await sessionsOf({ measurements, content: personas.content, tokens }).summary(folder);
  return summary ? tooltipLines(summary) : [];
}
