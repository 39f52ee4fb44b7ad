// `persona-studio agents`: the agents of the user's OpenClaw config, each with its workspace
// and whether it lies under the folders given, as a table or JSON.
import * as path from 'node:path';
import { agentLabel, escapeControls, formatCount, isInsideFolder, LoadedOpenClawConfig, OpenClawAgent } from '../core';

export interface AgentRow extends OpenClawAgent {
  /** The given folder the workspace lies in, when one holds it. */
  readonly inFolder?: string;
  readonly label: string;
}

export interface AgentsReport {
  readonly config: string;
  readonly folders: readonly string[];
  readonly agents: readonly AgentRow[];
}

export function agentsReport(loaded: LoadedOpenClawConfig, folders: readonly string[]): AgentsReport {
  const absolute = folders.map((folder) => path.resolve(folder));
  return {
    config: loaded.file,
    folders: absolute,
    agents: loaded.agents.map((agent) => {
      const inFolder = absolute.find((folder) => isInsideFolder(agent.workspace, folder));
      return { ...agent, label: agentLabel(agent), ...(inFolder !== undefined && { inFolder }) };
    }),
  };
}

function caps(agent: OpenClawAgent): string {
  const { maxChars, totalMaxChars } = agent.caps;
  return `${maxChars === undefined ? 'default' : formatCount(maxChars)} / ${totalMaxChars === undefined ? 'default' : formatCount(totalMaxChars)}`;
}

export function formatAgents(report: AgentsReport): string {
  const withFolders = report.folders.length > 0;
  const rows = [['AGENT', 'WORKSPACE', 'CAPS (FILE / TOTAL)', 'SKILLS', 'MODEL', 'HEARTBEAT', ...(withFolders ? ['IN FOLDERS'] : [])]];
  for (const agent of report.agents) {
    const workspace = escapeControls(agent.workspace) + (agent.workspaceRelative ? " (relative: resolved against the gateway's folder)" : '');
    rows.push([
      escapeControls(agent.label),
      workspace,
      caps(agent),
      agent.skills ? agent.skills.map(escapeControls).join(', ') || 'none' : 'all',
      agent.model ? escapeControls(agent.model) : 'default',
      agent.heartbeat.enabled && agent.heartbeat.intervalMs ? `every ${escapeControls(agent.heartbeat.every)}` : 'off',
      ...(withFolders ? [agent.inFolder !== undefined ? 'yes' : 'not in these folders'] : []),
    ]);
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd(),
  );
  return [escapeControls(report.config), ...lines.map((line) => `  ${line}`)].join('\n') + '\n';
}
