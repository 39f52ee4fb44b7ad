// "Persona: Check Against OpenClaw's Last Run…": the user picks OpenClaw's record of a run
// (a JSON file from `openclaw agent --local --json`, or OpenClaw's state folder, whose agent
// session store is read read-only with node:sqlite), and the preview checks the persona
// against it from then on, edit after edit. Nothing is read outside the workspace but what
// the user picked. Part of the preview session bundle.
import * as vscode from 'vscode';
import { findSystemPromptReport, SystemPromptReport } from '../../core';
import { resolvePersona } from '../commands/pickPersona';
import { runtimeId } from '../model/config';
import type { Persona, PersonaWorkspace } from '../model/personaWorkspace';
import { baseName } from '../model/uris';
import { nodeVersion, readNewestReport } from '../platform';
import { logUnexpected } from '../util/log';
import type { OpenPreviewOptions } from './soulPreviews';
import { SessionsDeps, sessionsOf } from './sessions';

/** A report file larger than this is no output of `openclaw agent --json`. */
const MAX_REPORT_BYTES = 32 * 1024 * 1024;

export interface LastRunCommandDeps {
  readonly measurements: SessionsDeps['measurements'];
  readonly personas: PersonaWorkspace;
  readonly previews: { readonly source: { readonly tokens?: SessionsDeps['tokens'] }; open(persona: Persona, options?: OpenPreviewOptions): Promise<void> };
}

/** The report in a file the user picked; throws one line when it holds none. */
async function reportFromFile(uri: vscode.Uri): Promise<SystemPromptReport> {
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.size > MAX_REPORT_BYTES) throw new Error(vscode.l10n.t('{0} is larger than {1} MB: no report of a run', baseName(uri), MAX_REPORT_BYTES / 1024 / 1024));
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
  } catch (error) {
    if (error instanceof SyntaxError) throw new Error(vscode.l10n.t('{0} is not valid JSON ({1})', baseName(uri), error.message));
    throw error;
  }
  const report = findSystemPromptReport(value);
  if (!report) throw new Error(vscode.l10n.t('{0} holds no systemPromptReport (expected the output of openclaw agent --local --json, or the report itself)', baseName(uri)));
  return report;
}

/** The newest report of the agent in the state folder the user picked. */
function reportFromStore(stateDir: vscode.Uri, agentId: string): { report: SystemPromptReport; source: string } {
  if (!readNewestReport) throw new Error(vscode.l10n.t("OpenClaw's session store can be read only where VS Code runs on the local disk: pick a report file instead."));
  let stored;
  try {
    stored = readNewestReport(stateDir.fsPath, agentId);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    // node:sqlite came with Node 22.5: an older extension host has no SQLite of its own.
    if (error.message.includes('node:sqlite'))
      throw new Error(
        vscode.l10n.t(
          "Reading OpenClaw's session store needs node:sqlite, which this VS Code's Node {0} does not have: pick a report file instead (openclaw agent --local --json).",
          /this is Node (\S+?):/.exec(error.message)?.[1] ?? '',
        ),
      );
    throw error;
  }
  if (!stored) throw new Error(vscode.l10n.t('Agent {0} has no recorded run with a system prompt report in {1} yet.', agentId, stateDir.fsPath));
  return { report: stored.report, source: `${stored.store} (${stored.sessionKey})` };
}

/** Whether a Node version has node:sqlite (22.5 and later). */
export function hasSqlite(version: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 5);
}

export async function checkLastRun(target: unknown, deps: LastRunCommandDeps): Promise<void> {
  const persona = await resolvePersona(deps.personas, target, vscode.l10n.t('Persona to check against OpenClaw’s last run'));
  if (!persona) return;
  if (runtimeId(persona.uri) !== 'openclaw') {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} is not shown under OpenClaw: the last-run check reads what OpenClaw recorded of its runs.', persona.label));
    return;
  }
  const sessions = sessionsOf({ measurements: deps.measurements, content: deps.personas.content, tokens: deps.previews.source.tokens });
  const agent = (await sessions.schedule(persona.uri)).agent?.id ?? 'main';
  const file = { label: vscode.l10n.t('Pick a report file…'), detail: vscode.l10n.t('The output of openclaw agent --local --json (meta.systemPromptReport), or a saved report') };
  const node = nodeVersion?.();
  const store = {
    label: vscode.l10n.t("Pick OpenClaw's state folder…"),
    detail: !readNewestReport
      ? vscode.l10n.t('Needs the local disk: not in this VS Code')
      : node && !hasSqlite(node)
        ? vscode.l10n.t("Not in this VS Code: reading agent {0}'s session store needs node:sqlite (Node 22.5 or later), and its Node is {1}", agent, node)
        : vscode.l10n.t("Reads agent {0}'s session store (agents/{0}/agent/openclaw-agent.sqlite) read-only, with node:sqlite", agent),
  };
  const picked = await vscode.window.showQuickPick([file, store], { placeHolder: vscode.l10n.t("Where is OpenClaw's record of the run?") });
  if (!picked) return;
  const uris = await vscode.window.showOpenDialog(
    picked === file
      ? { canSelectFiles: true, canSelectFolders: false, canSelectMany: false, filters: { JSON: ['json'] }, openLabel: vscode.l10n.t('Check Against This Run') }
      : { canSelectFiles: false, canSelectFolders: true, canSelectMany: false, openLabel: vscode.l10n.t('Read Its Session Store') },
  );
  const uri = uris?.[0];
  if (!uri) return;
  let record: { report: SystemPromptReport; source: string };
  try {
    record = picked === file ? { report: await reportFromFile(uri), source: baseName(uri) } : reportFromStore(uri, agent);
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    if (!(error instanceof vscode.FileSystemError) && !/JSON|systemPromptReport|node:sqlite|session store|no such|larger|recorded run|local disk/.test(error.message))
      logUnexpected('the last-run check', error);
    void vscode.window.showErrorMessage(vscode.l10n.t('Last-run check: {0}', error.message));
    return;
  }
  sessions.setLastRun(persona.uri, record);
  await deps.previews.open(persona, { toSide: true });
  const result = await sessions.lastRun(persona.uri);
  if (!result) return;
  const message = vscode.l10n.t('{0}: {1}', persona.label, result.summary);
  void (result.matches ? vscode.window.showInformationMessage(message) : vscode.window.showWarningMessage(message));
}
