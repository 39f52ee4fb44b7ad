// `$include` in an OpenClaw config, followed as OpenClaw (every release since 2026.1.29)
// follows it: a path or a list of paths relative to the including file, inside the
// config's folder, at most 10 deep, no cycles; sibling keys are merged over what is
// included (objects deep, arrays concatenated). Pure: the caller reads the files.
import { parseOpenClawJson5 } from './openclawConfig';
import { joinWorkspacePath } from './openclawPrompt';
import { isAbsoluteWorkspacePath } from './profile';
import { isInsideFolder, normalizePath } from './openclawAgents';

export const INCLUDE_KEY = '$include';
const MAX_INCLUDE_DEPTH = 10;

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Reads an included file's text by absolute path; throws when it cannot. */
export type IncludeReader = (file: string) => string;

/** Reads an included file's text by absolute path, later; rejects when it cannot. */
export type AsyncIncludeReader = (file: string) => Promise<string>;

/** Files an asynchronous resolution reads at most (the synchronous one reads as many as named). */
export const MAX_ASYNC_INCLUDES = 256;

function dirname(file: string): string {
  const at = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return at <= 0 ? file.slice(0, at + 1) || '/' : file.slice(0, at);
}

/** OpenClaw's deep merge for includes: objects key by key, arrays concatenated, anything else replaced. */
function deepMerge(target: unknown, source: unknown): unknown {
  if (Array.isArray(target) && Array.isArray(source)) return [...target, ...source];
  if (isRecord(target) && isRecord(source)) {
    const merged: Json = { ...target };
    for (const [key, value] of Object.entries(source)) merged[key] = Object.hasOwn(merged, key) ? deepMerge(merged[key], value) : value;
    return merged;
  }
  return source;
}

/** The config with every `$include` replaced by what it includes; throws one line naming the include. */
export function resolveConfigIncludes(config: unknown, configPath: string, read: IncludeReader): unknown {
  const root = dirname(normalizePath(configPath));
  const process = (value: unknown, base: string, visited: readonly string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => process(item, base, visited));
    if (!isRecord(value)) return value;
    if (!Object.hasOwn(value, INCLUDE_KEY)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, process(item, base, visited)]));
    const spec = value[INCLUDE_KEY];
    const load = (include: unknown): unknown => {
      if (typeof include !== 'string') throw new Error(`$include: expected a path or a list of paths, not ${typeof include}`);
      const file = isAbsoluteWorkspacePath(include) ? normalizePath(include) : joinWorkspacePath(dirname(base), include);
      if (!isInsideFolder(file, root)) throw new Error(`$include: ${include} is outside the config's folder (${root})`);
      if (visited.includes(file)) throw new Error(`$include: ${include} includes itself (${[...visited, file].join(' -> ')})`);
      if (visited.length > MAX_INCLUDE_DEPTH) throw new Error(`$include: more than ${MAX_INCLUDE_DEPTH} levels deep at ${include}`);
      let text: string;
      try {
        text = read(file);
      } catch (error) {
        throw new Error(`$include: cannot read ${include} (${error instanceof Error ? error.message : String(error)})`);
      }
      return process(parseOpenClawJson5(text, include), file, [...visited, file]);
    };
    const included = Array.isArray(spec) ? spec.map(load).reduce((merged, item) => deepMerge(merged, item), {}) : load(spec);
    const siblings = Object.entries(value).filter(([key]) => key !== INCLUDE_KEY);
    if (siblings.length === 0) return included;
    if (!isRecord(included)) throw new Error('$include: keys beside it need the included file to hold an object');
    return deepMerge(included, Object.fromEntries(siblings.map(([key, item]) => [key, process(item, base, visited)])));
  };
  return process(config, normalizePath(configPath), [normalizePath(configPath)]);
}

/**
 * resolveConfigIncludes, for a reader that answers later (an editor's file system): each pass
 * follows the includes as far as the files read so far allow and reads the one it stopped at,
 * so the rules and messages are the synchronous one's. Each file is read once.
 */
export async function resolveConfigIncludesAsync(config: unknown, configPath: string, read: AsyncIncludeReader): Promise<unknown> {
  const texts = new Map<string, { readonly text: string } | { readonly error: unknown }>();
  for (;;) {
    let wanted: string | undefined;
    try {
      return resolveConfigIncludes(config, configPath, (file) => {
        const known = texts.get(file);
        // Not read yet: this pass stops here.
        if (!known) throw new Error((wanted = file));
        if ('error' in known) throw known.error;
        return known.text;
      });
    } catch (error) {
      if (wanted === undefined) throw error;
    }
    if (texts.size >= MAX_ASYNC_INCLUDES) throw new Error(`$include: more than ${MAX_ASYNC_INCLUDES} files; not followed further`);
    try {
      texts.set(wanted, { text: await read(wanted) });
    } catch (error) {
      texts.set(wanted, { error });
    }
  }
}
