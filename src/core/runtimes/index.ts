// Every runtime profile, by id. The default is the seed's composeSoul.
import { RuntimeId, RuntimeProfile } from './profile';
import { openclaw } from './openclaw';
import { toolnexus } from './toolnexus';
import { zeroclaw } from './zeroclaw';
import { codex } from './codex';
import { hermes } from './hermes';

export * from './profile';
export { bootstrapSource, toolnexus } from './toolnexus';
export { openclaw, OPENCLAW_LINK_NOT_FOLLOWED, OPENCLAW_LINK_REFUSED, OPENCLAW_MAX_CHARS, OPENCLAW_TOTAL_MAX_CHARS, OPENCLAW_USER_MAX_CHARS } from './openclaw';
export { capsFromConfig, MAX_CONFIG_BYTES, OpenClawCaps, parseOpenClawConfig, parseOpenClawConfigObject } from './openclawConfig';
export { OPENCLAW_EPOCHS, OPENCLAW_NEWEST_RELEASE, OPENCLAW_PROVEN_RELEASES, OpenClawEpoch, OpenClawRelease, resolveOpenClawRelease } from './openclawReleases';
export { agentsAfterToolsMigration } from './openclawDoctor';
export { OPENCLAW_STATE_FILE, releaseFromConfig, releaseFromPackageJson, setupCompletedFromState } from './openclawState';
export { RUST_WHITE_SPACE, rustTrimRange, truncationMarker, ZEROCLAW_HEADING, ZEROCLAW_MAX_CHARS, zeroclaw } from './zeroclaw';
export { filesWithinWorkspace, WorkspaceFiles } from './withinWorkspace';
export { CODEX_PROJECT_DOC_MAX_BYTES, codex, codexMessage } from './codex';
export { hermes, hermesEngine } from './hermes';
export { defaultHermesHome, HERMES_DEFAULT_MAX_CHARS, HERMES_RELEASE, hermesCapRule, hermesMaxChars, relativePrefix } from './hermesFiles';

export const DEFAULT_RUNTIME: RuntimeId = 'toolnexus';

const profiles: ReadonlyMap<RuntimeId, RuntimeProfile> = new Map<RuntimeId, RuntimeProfile>([
  [toolnexus.id, toolnexus],
  [openclaw.id, openclaw],
  [zeroclaw.id, zeroclaw],
  [codex.id, codex],
  [hermes.id, hermes],
]);

/** The ids of the runtimes there are profiles for, default first. */
export const RUNTIME_IDS: readonly RuntimeId[] = [...profiles.keys()];

export function isRuntimeId(value: unknown): value is RuntimeId {
  return typeof value === 'string' && profiles.has(value as RuntimeId);
}

export function runtimeProfile(id: RuntimeId = DEFAULT_RUNTIME): RuntimeProfile {
  const profile = profiles.get(id);
  if (!profile) throw new Error(`no runtime profile '${id}'`);
  return profile;
}
