// The skill roots OpenClaw 2026.9.6 reads outside the workspace, as its source plan
// (resolveWorkspaceSkillSourcePlan) lays them out, in order of precedence (a later one wins
// a name): skills.load.extraDirs (with the plugins' skills after them), the bundled skills of
// the installed package, the managed ~/.openclaw/skills (the state folder's), then the
// personal ~/.agents/skills, which it reads only while the state folder is the default one.
// Where a root cannot be known here it is said, never guessed.
import type { SkillNotice } from './types';

/** Where a skill outside the workspace comes from. */
export type MachineSkillSource = 'extra' | 'bundled' | 'managed' | 'personal';

export interface MachineRoot {
  /** Absolute, `/`-separated. */
  readonly dir: string;
  readonly source: MachineSkillSource;
}

export interface MachineRoots {
  /** In OpenClaw's order of precedence; the stock plugins' skills come after the `extra` ones. */
  readonly roots: readonly MachineRoot[];
  /** What is not read, and why. */
  readonly notices: readonly SkillNotice[];
}

/** The variables OpenClaw reads to place these roots. */
export interface MachineEnv {
  readonly OPENCLAW_HOME?: string;
  readonly OPENCLAW_STATE_DIR?: string;
  readonly OPENCLAW_CONFIG_PATH?: string;
  readonly OPENCLAW_BUNDLED_SKILLS_DIR?: string;
}

export interface MachineContext {
  /** The OS home (HOME), `/`-separated. */
  readonly home: string;
  readonly env?: MachineEnv;
  /** The parsed openclaw.json, for skills.load.extraDirs. */
  readonly config?: unknown;
  /** The installed openclaw package's folder, whose `skills/` holds the bundled skills; unknown: not read. */
  readonly openclawPackage?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const record = (value: unknown): Record<string, unknown> | undefined => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined);
const slashed = (path: string): string => path.replace(/\\/g, '/');
const isAbsolute = (path: string): boolean => /^(\/|[A-Za-z]:\/)/.test(path);

/** `.` and `..` resolved, no trailing `/` (a drive letter kept). */
function normalize(path: string): string {
  const drive = /^[A-Za-z]:/.exec(path)?.[0] ?? '';
  const parts: string[] = [];
  for (const part of path.slice(drive.length).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `${drive}/${parts.join('/')}`;
}

/** A user path as OpenClaw resolves it: `~` against `home`, absolute kept; relative: undefined (the gateway's working folder). */
function resolveUserPath(value: string, home: string): string | undefined {
  const path = slashed(value.trim());
  if (path === '~' || path.startsWith('~/')) return normalize(`${home}/${path.slice(1)}`);
  return isAbsolute(path) ? normalize(path) : undefined;
}

/** OpenClaw's home for its own folders: $OPENCLAW_HOME (`~` is the OS home), else the OS home. */
function effectiveHome(context: MachineContext): string {
  const override = text(context.env?.OPENCLAW_HOME);
  return (override && resolveUserPath(override, context.home)) ?? normalize(slashed(context.home));
}

/** The roots outside the workspace OpenClaw reads on this machine, and what cannot be known here. */
export function machineSkillRoots(context: MachineContext): MachineRoots {
  const env = context.env ?? {};
  const home = effectiveHome(context);
  const roots: MachineRoot[] = [];
  const notices: SkillNotice[] = [];
  const unresolved = (what: string, value: string) =>
    notices.push({ path: value, message: `${what} is relative to the gateway's working folder, unknown here: its skills are not read` });

  const extraDirs = record(record(record(context.config)?.skills)?.load)?.extraDirs;
  for (const entry of Array.isArray(extraDirs) ? extraDirs : []) {
    const value = text(entry);
    if (value === undefined) continue;
    const dir = resolveUserPath(value, home);
    if (dir) roots.push({ dir, source: 'extra' });
    else unresolved('skills.load.extraDirs', value);
  }

  const bundledOverride = text(env.OPENCLAW_BUNDLED_SKILLS_DIR);
  if (bundledOverride) {
    const dir = isAbsolute(slashed(bundledOverride)) ? normalize(slashed(bundledOverride)) : undefined;
    if (dir) roots.push({ dir, source: 'bundled' });
    else unresolved('OPENCLAW_BUNDLED_SKILLS_DIR', bundledOverride);
  } else if (context.openclawPackage) roots.push({ dir: normalize(`${slashed(context.openclawPackage)}/skills`), source: 'bundled' });
  else notices.push({ path: 'openclaw', message: "no installed openclaw package found here: OpenClaw's bundled skills are not counted" });

  // The state folder: $OPENCLAW_STATE_DIR, else the config file's folder, else ~/.openclaw.
  const defaultState = `${home}/.openclaw`;
  const stateOverride = text(env.OPENCLAW_STATE_DIR);
  const configPath = text(env.OPENCLAW_CONFIG_PATH);
  let state: string | undefined = defaultState;
  if (stateOverride) state = resolveUserPath(stateOverride, home);
  else if (configPath) {
    const file = resolveUserPath(configPath, home);
    state = file && file.slice(0, file.lastIndexOf('/'));
  }
  if (state) roots.push({ dir: `${state}/skills`, source: 'managed' });
  else unresolved(stateOverride ? 'OPENCLAW_STATE_DIR' : 'OPENCLAW_CONFIG_PATH', (stateOverride ?? configPath) as string);

  // ~/.agents/skills (the OS home's) only while the state folder is the default one.
  if (!stateOverride || state === defaultState) roots.push({ dir: `${normalize(slashed(context.home))}/.agents/skills`, source: 'personal' });
  else notices.push({ path: '~/.agents/skills', message: 'not read by OpenClaw while OPENCLAW_STATE_DIR moves its state folder' });

  return { roots, notices };
}
