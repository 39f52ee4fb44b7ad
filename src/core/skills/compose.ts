// A workspace's skills as an OpenClaw release puts them in the system prompt: the stock
// plugins' skills, then <workspace>/.agents/skills, then <workspace>/skills (a later one
// wins a name), gated, sorted, budgeted; and the state of every SKILL.md found. With the
// machine's roots (machine.ts), theirs too, in the order OpenClaw 2026.9.6 merges them. What
// differs between releases is data (releases.ts).
import { baseName, joinPath } from './discover';
import { CatalogFormat, CatalogSkill, catalogBlock, defaultSkillTools, prepareCatalog, shortenDescription, SkillTools, skillsSection } from './catalog';
import { frontmatterBoolean, gateOf, SkillHost } from './gating';
import { LoadedSkill, loadSkillRoot } from './load';
import type { MachineRoots } from './machine';
import { NEWEST_SKILLS_RELEASE, SkillsRelease, skillsRelease } from './releases';
import { sha256Hex } from './sha256';
import type { SkillMeasure, SkillNotice, SkillReader, SkillsReport, SkillSource } from './types';

export interface SkillsOptions {
  /** The absolute path the workspace is shown at (the catalog's locations); default: the folder read. */
  readonly workspacePath?: string;
  /** HOME, under which a location is written `~/…`, as OpenClaw writes it; none: no `~`. */
  readonly home?: string;
  /** `exec` (Code Mode) or `read`: the section's second line; default: the release's default run. */
  readonly tools?: SkillTools;
  /** The stock plugins' skills (2026.9.6: browser and canvas), on by default as in a stock install. */
  readonly pluginSkills?: boolean;
  /** The OpenClaw release (`2026.7.35`); default the newest known. */
  readonly openclawRelease?: string;
  /** The installed openclaw package's folder, where 4.x lists its plugins' skills; default npm's global folder on Linux. */
  readonly openclawPackage?: string;
  /** The machine's executables, variables, platform and config, for the skills' manifests. */
  readonly host?: SkillHost;
  /** The agent's `skills` allowlist (names), as OpenClaw applies it after gating; none: every skill. */
  readonly allowlist?: { readonly agent: string; readonly skills: readonly string[] };
  /** The roots outside the workspace (machineSkillRoots), read through the same reader; none: the workspace's skills only. */
  readonly machine?: MachineRoots;
}

/** Where the machine's skills stand in OpenClaw 2026.9.6's merge: extra dirs before the plugins', the rest after. */
const AFTER_PLUGINS: readonly SkillSource[] = ['bundled', 'managed', 'personal'];

/** The skills OpenClaw 2026.9.6's stock plugins (browser, canvas) link into ~/.openclaw/plugin-skills. */
export const PLUGIN_SKILLS = skillsRelease().pluginSkills;

/** A skill's `<version>` in the releases that list one: the start of its SKILL.md's SHA-256. */
const skillVersion = (text: string): string => `sha256:${sha256Hex(text).slice(0, 16)}`;

/** Where the installed openclaw package is taken to be when not told: npm's global folder on Linux. */
export const STOCK_OPENCLAW_PACKAGE = '/usr/lib/node_modules/openclaw';

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
  const release: SkillsRelease = skillsRelease(options.openclawRelease);
  const absolute = (file: string): string => (file.startsWith(root + '/') ? shown + file.slice(root.length) : file);
  const location = (file: string): string => (release.tilde ? compactHome(absolute(file), home) : absolute(file));
  const packageDir = trimSlash(options.openclawPackage ?? STOCK_OPENCLAW_PACKAGE);
  const plugins: LoadedSkill[] =
    options.pluginSkills === false
      ? []
      : release.pluginSkills.map(({ name, description, version, packagePath }) => ({
          name,
          description,
          file: packagePath ? `${packageDir}/${packagePath}` : `${home ?? '~'}/.openclaw/plugin-skills/${name}/SKILL.md`,
          source: 'plugin',
          fields: { name, description },
          ...(version && { version }),
        }));
  const roots: [string, SkillSource][] = [
    ...(release.agentsRoot ? [[joinPath(root, '.agents/skills'), 'agents'] as [string, SkillSource]] : []),
    [joinPath(root, 'skills'), 'workspace'],
  ];
  // The machine's roots are read as 2026.9.6 reads them: another release's order is not known here.
  const machine = options.machine && release === NEWEST_SKILLS_RELEASE ? options.machine : undefined;
  const machineRoots: [string, SkillSource][] = (machine?.roots ?? []).map(({ dir, source }) => [trimSlash(dir), source]);
  const rules = { lenient: release.lenientFrontmatter, ...(release.versions && { version: skillVersion }) };
  const loads = roots.map(([path, source]) => loadSkillRoot(reader, path, source, rules));
  const machineLoads = machineRoots.map(([path, source]) => loadSkillRoot(reader, path, source, rules));
  const notices: SkillNotice[] = [...loads, ...machineLoads].flatMap((load) => load.notices);
  if (options.machine && !machine)
    notices.push({ path: root, message: `the skills outside the workspace are read as OpenClaw ${NEWEST_SKILLS_RELEASE.proven} reads them: not under ${release.proven}` });
  if (machine) notices.push(...machine.notices);
  if (plugins.some((skill) => skill.file.startsWith(packageDir + '/')) && options.openclawPackage === undefined)
    notices.push({ path: packageDir, message: `the stock plugins' skills are listed where this release's package is installed, taken to be ${packageDir}` });
  // The deepest root holding the file (an extra dir may hold the workspace).
  const allRoots = [...machineRoots, ...roots].sort((a, b) => b[0].length - a[0].length);
  const sourceOf = (file: string): SkillSource => allRoots.find(([dir]) => file.startsWith(dir + '/'))?.[1] ?? 'workspace';
  const skipped: SkillMeasure[] = [...loads, ...machineLoads]
    .flatMap((load) => load.skipped)
    .map(({ file, reason }) => ({
      name: baseName(file.slice(0, file.lastIndexOf('/'))),
      path: file,
      location: location(file),
      source: sourceOf(file),
      state: 'skipped',
      descriptionChars: 0,
      reason,
      block: '',
    }));

  // A later skill of the same name wins; the same file reached twice is one skill.
  const canonical = (skill: LoadedSkill): string => (skill.source === 'plugin' ? skill.file : (reader.realPath(skill.file) ?? skill.file));
  const winners = new Map<string, LoadedSkill>();
  // As loaded: each root's folders in code-unit order (the releases that keep the load order).
  const byPath = (a: LoadedSkill, b: LoadedSkill) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  const loaded = loads.flatMap((load) => (release.order === 'load' ? [...load.skills].sort(byPath) : load.skills));
  const fromMachine = (sources: readonly SkillSource[]) => machineLoads.filter((_, at) => sources.includes(machineRoots[at][1])).flatMap((load) => load.skills);
  // The bundled skills are sorted by name before the merge, as OpenClaw sorts that tier.
  const bundled = [...fromMachine(['bundled'])].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const machineLoaded = [...fromMachine(['extra']), ...plugins, ...bundled, ...fromMachine(AFTER_PLUGINS.slice(1))];
  for (const skill of [...(machine ? machineLoaded : plugins), ...loaded]) {
    const before = winners.get(skill.name);
    if (before && canonical(before) !== canonical(skill)) {
      skipped.push({ ...measureBase(before, location), state: 'skipped', reason: { kind: 'shadowed', by: location(skill.file) }, block: '' });
    }
    winners.set(skill.name, skill);
  }
  const sorted = release.order === 'name' ? [...winners.values()].sort((a, b) => a.name.localeCompare(b.name, 'en')) : [...winners.values()];
  const hidden = (skill: LoadedSkill) => frontmatterBoolean(skill.fields['disable-model-invocation']) === true;
  const allowed = options.allowlist;
  // Gated first, then the agent's allowlist, as OpenClaw's filterSkillEntries; the plugins' skills too.
  const gateFor = (skill: LoadedSkill) => {
    const gated = gateOf(skill.name, skill.fields, options.host ?? {}, skill.source === 'bundled');
    if (gated && !gated.ifEnv) return gated;
    return allowed && !allowed.skills.includes(skill.name) ? { missing: `agent ${allowed.agent}'s skills allowlist leaves it out` } : gated;
  };
  const gates = new Map(sorted.map((skill) => [skill, gateFor(skill)]));
  const offered = sorted.filter((skill) => !hidden(skill) && gates.get(skill) === undefined);
  const catalogSkills = new Map<LoadedSkill, CatalogSkill>(
    offered.map((skill) => [
      skill,
      { name: skill.name, description: skill.description, location: location(skill.file), absolute: absolute(skill.file), ...(skill.version && { version: skill.version }) },
    ]),
  );
  const prepared = prepareCatalog([...catalogSkills.values()], release);
  const listed = new Set(prepared.skills);
  const measures = sorted.map((skill): SkillMeasure => {
    const base = measureBase(skill, location);
    if (hidden(skill)) return { ...base, state: 'hidden', block: '' };
    const gated = gates.get(skill);
    if (gated !== undefined) return { ...base, state: 'gated', reason: { kind: 'gated', ...gated }, block: '' };
    const entry = catalogSkills.get(skill) as CatalogSkill;
    if (!listed.has(entry)) return { ...base, state: 'leftOut', block: '' };
    return { ...base, ...listedState(skill.description, prepared.format), block: catalogBlock(entry, prepared.format, release) };
  });
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    section: skillsSection(prepared.prompt, options.tools ?? defaultSkillTools(release), release),
    catalog: prepared.prompt,
    skills: [...measures, ...skipped],
    format: prepared.format.kind,
    ...(prepared.format.kind === 'compact' && { descriptionMaxChars: prepared.format.descriptionMaxChars }),
    ...(prepared.note && { limitNote: prepared.note }),
    budget: { chars: prepared.prompt.length, maxChars: release.maxChars, skills: prepared.skills.length, maxSkills: release.maxSkills ?? Infinity },
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
