// Hermes's constants and where it looks for each persona file: the light part of the profile,
// in every bundle; composing (hermesEngine.ts) is loaded on first use.
import { formatCount } from '../format';
import { RuntimeOptions } from './profile';

export const HERMES_RELEASE = '0.21.3';
/** The per-file cap when the model's window is unknown, and the floor of the dynamic cap. */
export const HERMES_DEFAULT_MAX_CHARS = 20_000;
const CEILING = 500_000;
const CHARS_PER_TOKEN = 4;
const WINDOW_FRACTION = 0.06;
export const READ_LIMIT = 2 * 1024 * 1024;

export const CONTEXT_HEAD = '# Project Context\n\nThe following project context files have been loaded and should be followed:\n\n';
export const HERMES_MD = ['.hermes.md', 'HERMES.md'];
export const AGENTS = ['AGENTS.override.md', 'AGENTS.md', 'agents.md'];
export const CLAUDE = ['CLAUDE.md', 'claude.md'];
export const CURSORRULES = '.cursorrules';
export const CURSOR_RULES_DIR = '.cursor/rules';
/** Persona files other runtimes read that Hermes never does (at the persona folder's root). */
export const HERMES_FILE_NAMES: readonly string[] = [
  'SOUL.md',
  '.hermes.md',
  'HERMES.md',
  'AGENTS.override.md',
  'AGENTS.md',
  'agents.md',
  'CLAUDE.md',
  'claude.md',
  '.cursorrules',
  'memories/MEMORY.md',
  'memories/USER.md',
];
export const NEVER_READ = ['IDENTITY.md', 'TOOLS.md', 'HEARTBEAT.md', 'USER.md', 'MEMORY.md', 'BOOTSTRAP.md'];

/**
 * The per-file cap Hermes sets: `context_file_max_chars` from its config when given, else 6% of the
 * window at 4 chars a token, at least 20,000 and at most 500,000 (48,000 at a 200k window).
 */
export function hermesMaxChars(contextWindow?: number, configured?: number): number {
  if (configured !== undefined && configured > 0) return Math.trunc(configured);
  if (contextWindow === undefined || !Number.isInteger(contextWindow) || contextWindow <= 0) return HERMES_DEFAULT_MAX_CHARS;
  return Math.max(HERMES_DEFAULT_MAX_CHARS, Math.min(Math.trunc(contextWindow * CHARS_PER_TOKEN * WINDOW_FRACTION), CEILING));
}

/** "Hermes Agent 0.21.3 (48,000 chars a file)": the release, and the cap these options set. */
export function hermesLabel(options?: RuntimeOptions): string {
  return `Hermes Agent ${HERMES_RELEASE} (${formatCount(hermesMaxChars(options?.contextWindow, options?.maxChars))} chars a file)`;
}

/** The cap rule in words, for a surface that shows where its number comes from. */
export function hermesCapRule(contextWindow?: number, configured?: number): string {
  const cap = formatCount(hermesMaxChars(contextWindow, configured));
  if (configured !== undefined && configured > 0) return `${cap} chars a file: context_file_max_chars`;
  if (contextWindow === undefined || contextWindow <= 0) return `${cap} chars a file: the model's window is unknown (48,000 at a 200k window)`;
  return `${cap} chars a file: 6% of a ${formatCount(contextWindow)}-token window at 4 chars a token, within 20,000–500,000`;
}

// ---- paths: everything is read relative to the persona folder --------------------------------

function separatorOf(path: string): string {
  return path.includes('\\') && !path.includes('/') ? '\\' : '/';
}

function segments(path: string): string[] {
  return path.split(/[\\/]+/).filter((segment) => segment !== '');
}

/** `to` as a prefix relative to `from` (`''`, `../home/`, `sub/`), `/`-separated. */
export function relativePrefix(from: string, to: string): string {
  const a = segments(from);
  const b = segments(to);
  const fold = (s: string) => (/^[A-Za-z]:$/.test(s) ? s.toUpperCase() : s);
  let common = 0;
  while (common < a.length && common < b.length && fold(a[common]) === fold(b[common])) common++;
  const rest = [...Array<string>(a.length - common).fill('..'), ...b.slice(common)];
  return rest.length === 0 ? '' : rest.join('/') + '/';
}

export function joinPath(dir: string, name: string): string {
  const sep = separatorOf(dir);
  return dir.replace(/[\\/]+$/, '') + sep + name.split('/').join(sep);
}

/** The folders from `project` up to its file system's root, each as a prefix relative to the persona folder. */
function upward(projectPrefix: string, depth: number): string[] {
  const prefixes: string[] = [];
  for (let level = 0; level < depth; level++) prefixes.push(projectPrefix + '../'.repeat(level));
  return prefixes.map(tidy);
}

/** `a/b/../../` → `''`: a prefix with its `x/..` pairs folded. */
export function tidy(prefix: string): string {
  const out: string[] = [];
  for (const segment of prefix.split('/').filter((s) => s !== '')) {
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(segment);
  }
  return out.length === 0 ? '' : out.join('/') + '/';
}

export interface Places {
  readonly home: string;
  readonly project: string;
  readonly homePrefix: string;
  readonly projectPrefix: string;
}

export function places(dir: string, options: RuntimeOptions): Places {
  const home = options.hermesHome ?? dir;
  const project = options.hermesProject ?? dir;
  return { home, project, homePrefix: relativePrefix(dir, home), projectPrefix: relativePrefix(dir, project) };
}

/** The project's folders Hermes searches, nearest first: up to the git root, or the project alone without one. */
export function projectChain(project: string, projectPrefix: string, exists: (relative: string) => boolean): { prefix: string; levels: number }[] {
  const depth = segments(project).length + 1;
  const chain = upward(projectPrefix, depth);
  const root = chain.findIndex((prefix) => exists(prefix + '.git'));
  return (root === -1 ? chain.slice(0, 1) : chain.slice(0, root + 1)).map((prefix, levels) => ({ prefix, levels }));
}

export function filesToRead(
  dir: string,
  exists: (relative: string) => boolean,
  options: RuntimeOptions = {},
  list?: (relative: string) => readonly string[] | undefined,
): readonly string[] {
  const { project, homePrefix, projectPrefix } = places(dir, options);
  const paths = [homePrefix + 'SOUL.md', homePrefix + 'memories/MEMORY.md', homePrefix + 'memories/USER.md'];
  for (const { prefix } of projectChain(project, projectPrefix, exists)) paths.push(...[...HERMES_MD, ...AGENTS].map((name) => prefix + name));
  paths.push(...CLAUDE.map((name) => projectPrefix + name), projectPrefix + CURSORRULES);
  const rules = list?.(projectPrefix + CURSOR_RULES_DIR) ?? [];
  paths.push(...rules.filter((name) => name.endsWith('.mdc')).map((name) => `${projectPrefix}${CURSOR_RULES_DIR}/${name}`));
  // The persona folder's other files, to say that Hermes never reads them.
  paths.push(...NEVER_READ);
  return [...new Set(paths)];
}

/**
 * Where Hermes's home is, as Hermes resolves it: `$HERMES_HOME`, else `~/.hermes`
 * (`%LOCALAPPDATA%\hermes` on Windows). A profile (`hermes -p NAME`) is `<home>/profiles/NAME`.
 */
export function defaultHermesHome(env: Readonly<Record<string, string | undefined>>, userHome: string, windows: boolean, profileName?: string): string {
  const sep = windows ? '\\' : '/';
  const base = env.HERMES_HOME || (windows && env.LOCALAPPDATA ? `${env.LOCALAPPDATA}${sep}hermes` : `${userHome}${sep}.hermes`);
  return profileName ? `${base}${sep}profiles${sep}${profileName}` : base;
}
