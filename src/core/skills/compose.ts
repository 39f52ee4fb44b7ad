// A workspace's skills as OpenClaw 2026.9.6 puts them in the system prompt: the stock
// plugins' skills, then <workspace>/.agents/skills, then <workspace>/skills (a later one
// wins a name), gated, sorted, budgeted; and the state of every SKILL.md found.
import { baseName, joinPath } from './discover';
import { CatalogFormat, CatalogSkill, catalogBlock, MAX_SKILLS_IN_PROMPT, MAX_SKILLS_PROMPT_CHARS, prepareCatalog, shortenDescription, SkillTools, skillsSection } from './catalog';
import { frontmatterBoolean, gate, SkillHost } from './gating';
import { LoadedSkill, loadSkillRoot } from './load';
import type { SkillMeasure, SkillNotice, SkillReader, SkillsReport, SkillSource } from './types';

export interface SkillsOptions {
  /** The absolute path the workspace is shown at (the catalog's locations); default: the folder read. */
  readonly workspacePath?: string;
  /** HOME, under which a location is written `~/…`, as OpenClaw writes it; none: no `~`. */
  readonly home?: string;
  /** `exec` (Code Mode, the default model's) or `read`: the section's second line. */
  readonly tools?: SkillTools;
  /** The browser and canvas plugins' skills, on by default as in a stock install. */
  readonly pluginSkills?: boolean;
  /** The machine's executables, variables, platform and config, for the skills' manifests. */
  readonly host?: SkillHost;
  /** The agent's `skills` allowlist (names), as OpenClaw applies it after gating; none: every skill. */
  readonly allowlist?: { readonly agent: string; readonly skills: readonly string[] };
}

/** The two skills OpenClaw's stock plugins (browser, canvas) link into ~/.openclaw/plugin-skills. */
export const PLUGIN_SKILLS: readonly { readonly name: string; readonly description: string }[] = [
  {
    name: 'browser-automation',
    description: 'Use when controlling web pages with the OpenClaw browser tool, especially multi-step flows, login checks, tab management, or recovery from stale refs/timeouts.',
  },
  { name: 'canvas', description: 'Present hosted widget documents on a connected macOS panel and control panel visibility or navigation.' },
];

/** `file` written as OpenClaw writes a location: `~/` and the rest when it lies under HOME. */
export function compactHome(file: string, home: string | undefined): string {
  if (!home) return file;
  const prefix = home.endsWith('/') ? home : home + '/';
  return file.startsWith(prefix) ? '~/' + file.slice(prefix.length) : file;
}

const trimSlash = (dir: string): string => (dir.length > 1 && dir.endsWith('/') ? dir.slice(0, -1) : dir);

/** The skills of the workspace folder `dir` (absolute, `/`-separated), read through `reader`. */
export function composeSkills(reader: SkillReader, dir: string, options: SkillsOptions = {}): SkillsReport {
  const root = trimSlash(dir);
  const shown = trimSlash(options.workspacePath ?? root);
  const home = options.home === undefined ? undefined : trimSlash(options.home);
  const location = (file: string): string => compactHome(file.startsWith(root + '/') ? shown + file.slice(root.length) : file, home);
  const plugins: LoadedSkill[] =
    options.pluginSkills === false
      ? []
      : PLUGIN_SKILLS.map(({ name, description }) => ({
          name,
          description,
          file: `${home ?? '~'}/.openclaw/plugin-skills/${name}/SKILL.md`,
          source: 'plugin',
          fields: { name, description },
        }));
  const roots: [string, SkillSource][] = [
    [joinPath(root, '.agents/skills'), 'agents'],
    [joinPath(root, 'skills'), 'workspace'],
  ];
  const loads = roots.map(([path, source]) => loadSkillRoot(reader, path, source));
  const notices: SkillNotice[] = loads.flatMap((load) => load.notices);
  const skipped: SkillMeasure[] = loads
    .flatMap((load) => load.skipped)
    .map(({ file, reason }) => ({
      name: baseName(file.slice(0, file.lastIndexOf('/'))),
      path: file,
      location: location(file),
      source: file.startsWith(roots[0][0] + '/') ? 'agents' : 'workspace',
      state: 'skipped',
      descriptionChars: 0,
      reason,
      block: '',
    }));

  // A later skill of the same name wins; the same file reached twice is one skill.
  const canonical = (skill: LoadedSkill): string => (skill.source === 'plugin' ? skill.file : (reader.realPath(skill.file) ?? skill.file));
  const winners = new Map<string, LoadedSkill>();
  for (const skill of [...plugins, ...loads.flatMap((load) => load.skills)]) {
    const before = winners.get(skill.name);
    if (before && canonical(before) !== canonical(skill)) {
      skipped.push({ ...measureBase(before, location), state: 'skipped', reason: { kind: 'shadowed', by: location(skill.file) }, block: '' });
    }
    winners.set(skill.name, skill);
  }
  const sorted = [...winners.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const hidden = (skill: LoadedSkill) => frontmatterBoolean(skill.fields['disable-model-invocation']) === true;
  const allowed = options.allowlist;
  // Gated first, then the agent's allowlist, as OpenClaw's filterSkillEntries; the plugins' skills too.
  const gateOf = (skill: LoadedSkill): string | undefined =>
    gate(skill.name, skill.fields, options.host ?? {}) ?? (allowed && !allowed.skills.includes(skill.name) ? `agent ${allowed.agent}'s skills allowlist leaves it out` : undefined);
  const gates = new Map(sorted.map((skill) => [skill, gateOf(skill)]));
  const offered = sorted.filter((skill) => !hidden(skill) && gates.get(skill) === undefined);
  const catalogSkills = new Map<LoadedSkill, CatalogSkill>(offered.map((skill) => [skill, { name: skill.name, description: skill.description, location: location(skill.file) }]));
  const prepared = prepareCatalog([...catalogSkills.values()]);
  const listed = new Set(prepared.skills);
  const measures = sorted.map((skill): SkillMeasure => {
    const base = measureBase(skill, location);
    if (hidden(skill)) return { ...base, state: 'hidden', block: '' };
    const missing = gates.get(skill);
    if (missing !== undefined) return { ...base, state: 'gated', reason: { kind: 'gated', missing }, block: '' };
    const entry = catalogSkills.get(skill) as CatalogSkill;
    if (!listed.has(entry)) return { ...base, state: 'leftOut', block: '' };
    return { ...base, ...listedState(skill.description, prepared.format), block: catalogBlock(entry, prepared.format) };
  });
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    section: skillsSection(prepared.prompt, options.tools ?? 'exec'),
    catalog: prepared.prompt,
    skills: [...measures, ...skipped],
    format: prepared.format.kind,
    ...(prepared.format.kind === 'compact' && { descriptionMaxChars: prepared.format.descriptionMaxChars }),
    ...(prepared.note && { limitNote: prepared.note }),
    budget: { chars: prepared.prompt.length, maxChars: MAX_SKILLS_PROMPT_CHARS, skills: prepared.skills.length, maxSkills: MAX_SKILLS_IN_PROMPT },
    notices,
  };
}

function measureBase(skill: LoadedSkill, location: (file: string) => string): Omit<SkillMeasure, 'state' | 'block'> {
  return { name: skill.name, path: skill.file, location: location(skill.file), source: skill.source, descriptionChars: skill.description.length };
}

function listedState(description: string, format: CatalogFormat): Pick<SkillMeasure, 'state' | 'shortenedTo'> {
  if (format.kind === 'full') return { state: 'inPrompt' };
  if (format.descriptionMaxChars === 0) return { state: 'descriptionOmitted' };
  const shortened = shortenDescription(description, format.descriptionMaxChars) !== description.replace(/\s+/g, ' ').trim();
  return shortened ? { state: 'shortened', shortenedTo: format.descriptionMaxChars } : { state: 'inPrompt' };
}
