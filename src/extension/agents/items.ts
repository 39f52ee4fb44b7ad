// How the config's agents show in the Personas tree (part of the agents bundle): an agent's
// lines in its persona's tooltip (its caps and skills allowlist, and which settings win over
// them), and the row of an agent whose workspace lies outside the opened folders.
import * as vscode from 'vscode';
import { agentLabel, isInsideFolder, OpenClawAgent } from '../../core/runtimes/openclawAgents';
import type { OpenClawCaps } from '../../core/runtimes/openclawConfig';
import { escapeControls, escapeMarkdown } from '../../core/escape';
import { formatCount } from '../../core/format';

const CAPS = [
  ['maxChars', 'bootstrapMaxChars'],
  ['totalMaxChars', 'bootstrapTotalMaxChars'],
] as const;

/** The persona's lines on its agent: where each cap comes from (an explicit setting wins over the config), and its skills allowlist. */
export function agentLines(agent: OpenClawAgent, set: OpenClawCaps): string[] {
  const lines: string[] = [];
  for (const [key, name] of CAPS) {
    const own = agent.caps[key];
    const setting = set[key];
    if (setting !== undefined && own !== undefined)
      lines.push(vscode.l10n.t("{0}: {1}, set in settings, which win over openclaw.json's {2}", name, formatCount(setting), formatCount(own)));
    else if (setting !== undefined) lines.push(vscode.l10n.t('{0}: {1}, set in settings', name, formatCount(setting)));
    else if (own !== undefined) lines.push(vscode.l10n.t('{0}: {1}, from openclaw.json', name, formatCount(own)));
  }
  if (agent.skills)
    lines.push(
      agent.skills.length === 0
        ? vscode.l10n.t("Skills: none (the agent's allowlist is empty)")
        : vscode.l10n.t("Skills: only {0} (the agent's allowlist)", agent.skills.map((name) => escapeMarkdown(name)).join(', ')),
    );
  return lines;
}

/**
 * An agent whose workspace lies outside the opened folders: "not in this window" and its path,
 * a click opens that folder in a new window. Nothing of it is read, stat-ed or listed.
 */
export function outsideAgentItem(agent: OpenClawAgent, root: vscode.Uri | undefined): vscode.TreeItem {
  const label = escapeControls(agentLabel(agent));
  const path = escapeControls(agent.workspace);
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.id = `agent:${agent.id}`;
  item.contextValue = 'agent.outside';
  item.description = vscode.l10n.t('not in this window · {0}', path);
  item.iconPath = new vscode.ThemeIcon('person', new vscode.ThemeColor('disabledForeground'));
  const tooltip = new vscode.MarkdownString(
    [
      `**${escapeMarkdown(label)}** · ${escapeMarkdown(path)}`,
      '',
      vscode.l10n.t('An agent of the OpenClaw config whose workspace is not in this window: nothing of it is read. Click to open its folder in a new window.'),
    ].join('  \n'),
  );
  tooltip.isTrusted = false;
  item.tooltip = tooltip;
  // A remote window's folder keeps its scheme and host; a local one is a file path.
  const uri = root && root.scheme !== 'file' ? root.with({ path: agent.workspace }) : vscode.Uri.file(agent.workspace);
  item.command = { command: 'vscode.openFolder', title: vscode.l10n.t('Open in New Window'), arguments: [uri, { forceNewWindow: true }] };
  return item;
}

/** The agents by where their workspace lies: inside an opened folder (its URI there), or outside every one. */
export function placeAgents(agents: readonly OpenClawAgent[]): { inside: vscode.Uri[]; others: OpenClawAgent[] } {
  const inside: vscode.Uri[] = [];
  const others: OpenClawAgent[] = [];
  for (const agent of agents) {
    const root = vscode.workspace.workspaceFolders?.find((folder) => isInsideFolder(agent.workspace, folder.uri.fsPath))?.uri;
    if (!root) others.push(agent);
    else inside.push(root.scheme === 'file' ? vscode.Uri.file(agent.workspace) : root.with({ path: agent.workspace }));
  }
  return { inside, others };
}
