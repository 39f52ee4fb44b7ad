// Whether the catalog reads the skills OpenClaw reads outside the workspace on this machine
// (part of the skills bundle): only with personaStudio.openclaw.machineSkills on, on the desktop
// (a local disk and a home), in a trusted workspace, and when openclaw.json does not put the
// gateway on another machine. Read-only, like ~/.openclaw/openclaw.json: the one other
// exception to reading only the workspace.
import * as vscode from 'vscode';
import { machineSkillRoots } from '../../core/skills';
import { homeFolder, processEnv } from '../platform';
import type { MachineSkills } from './skillTypes';

/** Where the config and the installed package are known (OpenClawContext). */
export interface MachineSource {
  machine(): Promise<{ readonly config?: unknown; readonly openclawPackage?: string; readonly key: number }>;
}

const record = (value: unknown): Record<string, unknown> | undefined => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined);

/** The setting (machine scope: a workspace cannot turn the reading on). */
export function machineSkillsOn(): boolean {
  return vscode.workspace.getConfiguration('personaStudio').get<unknown>('openclaw.machineSkills', true) !== false;
}

/** The machine's skill roots to read, or why none are. */
export async function readableMachineSkills(source: MachineSource | undefined): Promise<{ machineSkills: MachineSkills } | { machineUnread: string }> {
  if (!machineSkillsOn()) return { machineUnread: vscode.l10n.t('personaStudio.openclaw.machineSkills is off') };
  if (homeFolder === undefined || !source) return { machineUnread: vscode.l10n.t('there is no local disk here (the browser)') };
  if (!vscode.workspace.isTrusted) return { machineUnread: vscode.l10n.t('Restricted Mode: trust the workspace to read them') };
  const { config, openclawPackage, key } = await source.machine();
  if (record(record(config)?.gateway)?.mode === 'remote') return { machineUnread: vscode.l10n.t("openclaw.json's gateway.mode is remote: the gateway's machine is another") };
  const { OPENCLAW_HOME, OPENCLAW_STATE_DIR, OPENCLAW_CONFIG_PATH, OPENCLAW_BUNDLED_SKILLS_DIR } = processEnv ?? {};
  const env = { OPENCLAW_HOME, OPENCLAW_STATE_DIR, OPENCLAW_CONFIG_PATH, OPENCLAW_BUNDLED_SKILLS_DIR };
  return {
    machineSkills: { roots: machineSkillRoots({ home: homeFolder, env, config, ...(openclawPackage && { openclawPackage }) }), config, key },
  };
}
