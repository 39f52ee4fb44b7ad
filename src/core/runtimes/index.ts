// Every runtime profile, by id. The default is the seed's composeSoul.
import { RuntimeId, RuntimeProfile } from './profile';
import { openclaw } from './openclaw';
import { toolnexus } from './toolnexus';

export * from './profile';
export { bootstrapSource, toolnexus } from './toolnexus';
export { openclaw, OPENCLAW_MAX_CHARS, OPENCLAW_TOTAL_MAX_CHARS, OPENCLAW_USER_MAX_CHARS } from './openclaw';
export { capsFromConfig, OpenClawCaps, parseOpenClawConfig } from './openclawConfig';

export const DEFAULT_RUNTIME: RuntimeId = 'toolnexus';

const profiles: ReadonlyMap<RuntimeId, RuntimeProfile> = new Map<RuntimeId, RuntimeProfile>([
  [toolnexus.id, toolnexus],
  [openclaw.id, openclaw],
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
