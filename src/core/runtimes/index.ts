// Every runtime profile, by id. The default is the seed's composeSoul.
import { PersonaInput, RuntimeOptions, RuntimeProfile } from './profile';
import { openclaw } from './openclaw';
import { toolnexus } from './toolnexus';
import type * as ZeroclawModule from './zeroclaw';
import type * as CodexModule from './codex';
import { composeAfterDoctor, DoctorPreview, DoctorPreviewOptions } from './openclawAfterDoctor';
import type * as HermesModule from './hermes';

export * from './profile';
export { bootstrapSource, toolnexus } from './toolnexus';
export { openclaw, OPENCLAW_LINK_NOT_FOLLOWED, OPENCLAW_LINK_REFUSED, OPENCLAW_MAX_CHARS, OPENCLAW_TOTAL_MAX_CHARS, OPENCLAW_USER_MAX_CHARS } from './openclaw';
export { capsFromConfig, MAX_CONFIG_BYTES, normalizeAgentId, OpenClawCaps, parseOpenClawConfig, parseOpenClawConfigObject, parseOpenClawJson5 } from './openclawConfig';
export {
  agentLabel,
  agentOfWorkspace,
  agentsFromConfig,
  AgentsContext,
  defaultWorkspaceDir,
  isInsideFolder,
  normalizePath,
  OpenClawAgent,
  OpenClawAgentIdentity,
  OpenClawEnv,
  OpenClawHeartbeat,
  openclawConfigCandidates,
  openclawStateDir,
  parseDurationMs,
  WorkspaceSource,
} from './openclawAgents';
export { CronJob, cronJobsFromStore, cronRunsPerDay, OPENCLAW_HEARTBEAT_PROMPT, RUN_KINDS, RunKind, RunsPerDay, runsPerDay } from './openclawSchedule';
export { COST_LEAVES_OUT, CostInput, CostPerDay, costPerDay, DEFAULT_CACHE_TTL_MINUTES, formatPerDay, SessionCost, TokenPrices } from './openclawCost';
export {
  compareLastRun,
  ComposedRun,
  composedRun,
  findSystemPromptReport,
  formatRunDate,
  LastRunComparison,
  LastRunDifference,
  ReportedFile,
  ReportedSkills,
  sessionKindOfKey,
  skillBlocks,
  SystemPromptReport,
} from './openclawLastRun';
export { EditCacheWrite, editCacheWrite, isTrajectoryExport, OpenClawWorkspace, openclawWorkspaceOf, TRAJECTORY_EXPORT_NOTE, TRAJECTORY_EXPORTS_DIR } from './openclawWorkspace';
export { AsyncIncludeReader, IncludeReader, INCLUDE_KEY, resolveConfigIncludes, resolveConfigIncludesAsync } from './openclawInclude';
export { OPENCLAW_EPOCHS, OPENCLAW_NEWEST_RELEASE, OPENCLAW_PROVEN_RELEASES, OpenClawEpoch, OpenClawRelease, resolveOpenClawRelease } from './openclawReleases';
export { agentsAfterToolsMigration, DoctorMove, legacyMemoryArchivePath, memoryAfterLegacyMerge, toolsMdIsMerged, workspaceAfterDoctor } from './openclawDoctor';
export {
  composeAfterDoctor,
  DOCTOR_LEGACY_FILES,
  DoctorFileChange,
  DoctorPreview,
  DoctorPreviewOptions,
  DoctorSummary,
  doctorSummary,
  OpenClawCompose,
} from './openclawAfterDoctor';
export { OPENCLAW_STATE_FILE, releaseFromConfig, releaseFromPackageJson, setupCompletedFromState } from './openclawState';
export { RUST_WHITE_SPACE, rustTrimRange, truncationMarker, ZEROCLAW_HEADING, ZEROCLAW_MAX_CHARS, zeroclaw } from './zeroclaw';
export { filesWithinWorkspace, WorkspaceFiles } from './withinWorkspace';
export { CODEX_PROJECT_DOC_MAX_BYTES, codex, codexMessage } from './codex';
export { hermes, hermesEngine } from './hermes';
export { defaultHermesHome, HERMES_DEFAULT_MAX_CHARS, HERMES_RELEASE, hermesCapRule, hermesMaxChars, relativePrefix } from './hermesFiles';

export const DEFAULT_RUNTIME: RuntimeId = 'toolnexus';

/** The persona as OpenClaw would compose it after `openclaw doctor --fix` (see composeAfterDoctor). */
export function openclawAfterDoctor(input: PersonaInput, options: RuntimeOptions = {}, preview: DoctorPreviewOptions = {}): DoctorPreview | undefined {
  return composeAfterDoctor(openclaw.compose, input, options, preview);
}

/**
 * Each runtime's profile, by id, default first: the one list a runtime is added to (RuntimeId is
 * its keys). ZeroClaw's, Codex's and Hermes's are required on first use: in the extension's Node
 * build each is a bundle of its own (scripts/nodeBuild.mjs reads them here), so activation loads
 * only the profiles most personas use.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const PROFILES = {
  toolnexus: (): RuntimeProfile => toolnexus,
  openclaw: (): RuntimeProfile => openclaw,
  zeroclaw: (): RuntimeProfile => (require('./zeroclaw') as typeof ZeroclawModule).zeroclaw,
  codex: (): RuntimeProfile => (require('./codex') as typeof CodexModule).codex,
  hermes: (): RuntimeProfile => (require('./hermes') as typeof HermesModule).hermes,
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** A runtime there is a profile for. */
export type RuntimeId = keyof typeof PROFILES;

const profiles: ReadonlyMap<RuntimeId, () => RuntimeProfile> = new Map(Object.entries(PROFILES) as [RuntimeId, () => RuntimeProfile][]);

/** The ids of the runtimes there are profiles for, default first. */
export const RUNTIME_IDS: readonly RuntimeId[] = [...profiles.keys()];

export function isRuntimeId(value: unknown): value is RuntimeId {
  return typeof value === 'string' && profiles.has(value as RuntimeId);
}

export function runtimeProfile(id: RuntimeId = DEFAULT_RUNTIME): RuntimeProfile {
  const profile = profiles.get(id);
  if (!profile) throw new Error(`no runtime profile '${id}'`);
  return profile();
}
