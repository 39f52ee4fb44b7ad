// Whether OpenClaw 2026.9.6 offers a loaded skill on this machine: its `metadata` field's
// `openclaw` (or legacy `clawdbot`) manifest may ask for an OS, executables, environment
// variables or config settings; `always: true` waives all but the OS. A SKILL.md's
// `disable-model-invocation` keeps it out of the prompt whatever the manifest says.
import type * as JSON5 from 'json5';
import type { FrontmatterFields } from './frontmatter';

/** What the machine running OpenClaw offers, for the manifests' requirements. */
export interface SkillHost {
  /** `process.platform` of the gateway; default 'linux'. */
  readonly platform?: string;
  /** Whether an executable is on the PATH; unknown (undefined) counts as absent, as OpenClaw's probe would find it. */
  readonly hasBin?: (name: string) => boolean;
  /** An environment variable's value. */
  readonly env?: (name: string) => string | undefined;
  /** The parsed openclaw.json, for `skills.entries.<key>`, `skills.allowBundled` and `requires.config`. */
  readonly config?: unknown;
  /**
   * The gateway's environment is not known here (the editor's is not the gateway's): a variable
   * the config does not supply makes the skill conditional ("included if VAR is set"), not absent.
   */
  readonly envUnknown?: boolean;
}

/** What keeps a skill out, and, when only an unknown variable does, its name. */
export interface Gate {
  readonly missing: string;
  /** The variable of the gateway's environment the skill waits for (`host.envUnknown`). */
  readonly ifEnv?: string;
}

interface Manifest {
  readonly always?: boolean;
  readonly os: readonly string[];
  readonly bins: readonly string[];
  readonly anyBins: readonly string[];
  readonly env: readonly string[];
  readonly config: readonly string[];
  readonly skillKey?: string;
  readonly primaryEnv?: string;
}

/** Config paths OpenClaw treats as on when the config does not set them. */
const CONFIG_DEFAULTS: Record<string, boolean> = { 'browser.enabled': true, 'browser.evaluateEnabled': true };
const BLOCKED_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function json5(): typeof JSON5 {
  // Loaded only for a manifest that is not plain JSON (scripts/build.mjs ships it apart).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('json5') as typeof JSON5;
}

const record = (value: unknown): Record<string, unknown> | undefined => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined);

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((entry) => String(entry).trim()).filter(Boolean);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  return [];
}

function parseJsonOr5(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return json5().parse(text);
  }
}

/** The manifest a skill's `metadata` field holds, if it holds one. */
export function readManifest(fields: FrontmatterFields): Manifest | undefined {
  const raw = fields.metadata;
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = parseJsonOr5(raw);
  } catch (error) {
    // Metadata that is neither JSON nor JSON5 is no manifest, and gates nothing.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
  const outer = record(parsed);
  const manifest = record(outer?.openclaw) ?? record(outer?.clawdbot);
  if (!manifest) return undefined;
  const requires = record(manifest.requires);
  const skillKey = typeof manifest.skillKey === 'string' && manifest.skillKey.trim() ? manifest.skillKey : undefined;
  return {
    always: typeof manifest.always === 'boolean' ? manifest.always : undefined,
    os: list(manifest.os),
    bins: list(requires?.bins),
    anyBins: list(requires?.anyBins),
    env: list(requires?.env),
    config: list(requires?.config),
    skillKey,
    primaryEnv: typeof manifest.primaryEnv === 'string' ? manifest.primaryEnv : undefined,
  };
}

/** OpenClaw's word for a boolean in a frontmatter string; undefined when it is none. */
export function frontmatterBoolean(value: string | undefined): boolean | undefined {
  const word = value?.trim().toLowerCase();
  if (word === 'true' || word === '1' || word === 'yes' || word === 'on') return true;
  if (word === 'false' || word === '0' || word === 'no' || word === 'off') return false;
  return undefined;
}

function configValue(config: unknown, path: string): unknown {
  let current = config;
  for (const part of path.split('.').filter(Boolean)) {
    const object = record(current);
    if (!object || BLOCKED_KEYS.has(part)) return undefined;
    current = object[part];
  }
  return current;
}

function truthy(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.trim().length > 0;
  return true;
}

function configOn(config: unknown, path: string): boolean {
  const value = configValue(config, path);
  const blocked = path.split('.').some((part) => BLOCKED_KEYS.has(part));
  if (value === undefined && !blocked && Object.hasOwn(CONFIG_DEFAULTS, path)) return CONFIG_DEFAULTS[path];
  return truthy(value);
}

/**
 * What keeps the skill out on this host, in OpenClaw's order of checks ("needs jq on the
 * PATH"), or undefined when it is offered.
 */
export function gate(name: string, fields: FrontmatterFields, host: SkillHost, bundled = false): string | undefined {
  return gateOf(name, fields, host, bundled)?.missing;
}

/** `skills.allowBundled`: when it lists names, only those bundled skills are offered. */
function allowBundled(config: unknown): Set<string> | undefined {
  const list = record(record(config)?.skills)?.allowBundled;
  if (!Array.isArray(list)) return undefined;
  const names = list.map((entry) => String(entry).trim()).filter(Boolean);
  return names.length > 0 ? new Set(names) : undefined;
}

/** As `gate`, with the skill that waits only for a variable of an unknown environment told apart. */
export function gateOf(name: string, fields: FrontmatterFields, host: SkillHost, bundled = false): Gate | undefined {
  const found = gateReason(name, fields, host, bundled);
  if (found === undefined || typeof found === 'string') return found === undefined ? undefined : { missing: found };
  return { missing: `included if ${found.ifEnv} is set in the gateway's environment`, ifEnv: found.ifEnv };
}

function gateReason(name: string, fields: FrontmatterFields, host: SkillHost, bundled: boolean): string | { ifEnv: string } | undefined {
  const manifest = readManifest(fields);
  const key = manifest?.skillKey ?? name;
  const entry = record(record(record(host.config)?.skills)?.entries)?.[key];
  const skillConfig = record(entry);
  if (skillConfig?.enabled === false) return `turned off in the config (skills.entries.${key}.enabled)`;
  const allowed = bundled ? allowBundled(host.config) : undefined;
  if (allowed && !allowed.has(key) && !allowed.has(name)) return "not in the config's skills.allowBundled";
  if (!manifest) return undefined;
  const platform = host.platform ?? 'linux';
  if (manifest.os.length > 0 && !manifest.os.includes(platform)) return `runs only on ${manifest.os.join(', ')}`;
  if (manifest.always === true) return undefined;
  const envSet = (variable: string): boolean =>
    Boolean(host.env?.(variable)?.trim()) ||
    Boolean(String(record(skillConfig?.env)?.[variable] ?? '').trim()) ||
    (manifest.primaryEnv === variable && skillConfig?.apiKey !== undefined && skillConfig.apiKey !== null && skillConfig.apiKey !== '');
  const missingEnv = manifest.env.find((variable) => !envSet(variable));
  // An unknown environment may hold it: the other requirements are still checked.
  if (missingEnv && !host.envUnknown) return `needs the environment variable ${missingEnv}`;
  const missingConfig = manifest.config.find((path) => !configOn(host.config, path));
  if (missingConfig) return `needs the config setting ${missingConfig}`;
  const hasBin = host.hasBin ?? (() => false);
  const missingBin = manifest.bins.find((bin) => !hasBin(bin));
  if (missingBin) return `needs ${missingBin} on the PATH`;
  if (manifest.anyBins.length > 0 && !manifest.anyBins.some(hasBin)) return `needs one of ${manifest.anyBins.join(', ')} on the PATH`;
  return missingEnv ? { ifEnv: missingEnv } : undefined;
}
