// `check --last-run FILE` and `--state-dir DIR`: OpenClaw's report of its last run against
// what this tool composes for the folder, under the same session, workspace path and caps.
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import {
  compareLastRun,
  composedRun,
  findSystemPromptReport,
  LastRunComparison,
  readConfigFileSync,
  readNewestReport,
  readPersonaInput,
  resolveOpenClawRelease,
  RuntimeOptions,
  RuntimeProfile,
  sessionKindOfKey,
  SystemPromptReport,
} from '../core';
import { readSkills, skillOptions } from './skills';
import { UsageError } from './usageError';

export interface LastRunCheck extends LastRunComparison {
  /** Where the report was read: the file, or the session store. */
  readonly source: string;
}

export interface LastRunSource {
  readonly file?: string;
  readonly stateDir?: string;
  readonly agentId: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function reportFrom(source: LastRunSource): { report: SystemPromptReport; source: string } {
  if (source.file !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(readConfigFileSync(source.file));
    } catch (error) {
      throw new UsageError(error instanceof SyntaxError ? `${source.file}: not valid JSON (${error.message})` : (error as Error).message);
    }
    const report = findSystemPromptReport(value);
    if (!report) throw new UsageError(`${source.file}: holds no systemPromptReport (expected the report, or the output of openclaw agent --local --json)`);
    return { report, source: path.resolve(source.file) };
  }
  let stored;
  try {
    stored = readNewestReport(source.stateDir!, source.agentId);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!stored) throw new UsageError(`${source.stateDir}: agent ${source.agentId} has no recorded run with a system prompt report yet`);
  return { report: stored.report, source: `${stored.store} (${stored.sessionKey})` };
}

/** The comparison for one folder; `session` and `workspacePath` given by the user win over the report's. */
export function checkLastRun(
  dir: string,
  profile: RuntimeProfile,
  options: RuntimeOptions,
  source: LastRunSource,
  given: { session: boolean; workspacePath: boolean; tools?: string; 'no-plugin-skills'?: boolean; 'machine-skills'?: boolean; config?: string },
): LastRunCheck {
  const { report, source: where } = reportFrom(source);
  const workspacePath = given.workspacePath ? options.workspacePath! : (report.workspaceDir ?? options.workspacePath ?? path.resolve(dir));
  const measured: RuntimeOptions = { ...options, workspacePath, session: given.session ? options.session : sessionKindOfKey(report.sessionKey) };
  const composition = profile.compose(readPersonaInput(dir, profile, measured), measured);
  const epoch = resolveOpenClawRelease(measured.openclawRelease).epoch;
  const caps = { maxChars: measured.maxChars ?? epoch.maxChars, totalMaxChars: composition.total.cap };
  const skills = readSkills(
    dir,
    skillOptions(given, workspacePath, (message) => new UsageError(message), measured.openclawRelease),
  );
  return { ...compareLastRun(report, composedRun(composition, caps, skills.catalog, sha256)), source: where };
}
