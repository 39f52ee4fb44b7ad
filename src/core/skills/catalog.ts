// The `<available_skills>` catalog and the `## Skills` section around it, as each OpenClaw
// release writes them (its row in releases.ts). 2026.9.6: at most 150 skills and 18,000
// chars; over that, the compact format with descriptions shortened (the longest limit from
// 4 to 220 chars that fits) or left out, then fewer skills, with a note saying so.
import { NEWEST_SKILLS_RELEASE, SkillsRelease } from './releases';

export const MAX_SKILLS_IN_PROMPT = 150;
export const MAX_SKILLS_PROMPT_CHARS = 18_000;
const COMPACT_DESCRIPTION_MIN_CHARS = 4;
const COMPACT_DESCRIPTION_MAX_CHARS = 220;

/** A skill as the catalog lists it. */
export interface CatalogSkill {
  readonly name: string;
  readonly description: string;
  /** The location as written (`~/…` under HOME). */
  readonly location: string;
  /** Its `<version>`, in the releases that list one. */
  readonly version?: string;
  /** The location before `~` is written, where the release measures its budget with it. */
  readonly absolute?: string;
}

export type CatalogFormat = { readonly kind: 'full' } | { readonly kind: 'compact'; readonly descriptionMaxChars: number };

/** What the model is told to do with the catalog: read the file, or `skills.read` in Code Mode. */
export type SkillTools = 'read' | 'exec';

export function escapeSkillXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The first `max` UTF-16 units of `text`, one fewer when that would split a surrogate pair. */
function sliceWhole(text: string, max: number): string {
  const limit = Math.max(0, Math.floor(max));
  if (text.length <= limit) return text;
  const high = text.charCodeAt(limit - 1);
  const low = text.charCodeAt(limit);
  const splits = limit > 0 && high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
  return text.slice(0, splits ? limit - 1 : limit);
}

/** A description in the compact format: white space runs made one space, cut with `...` past `max`. */
export function shortenDescription(description: string, max: number): string {
  const normalized = description.replace(/\s+/g, ' ').trim();
  if (normalized.length <= max) return normalized;
  if (max <= 3) return sliceWhole(normalized, max);
  return `${sliceWhole(normalized, max - 3).trimEnd()}...`;
}

function skillBlock(skill: CatalogSkill, description: string | undefined, release: SkillsRelease): string {
  const lines = ['  <skill>', `    <name>${escapeSkillXml(skill.name)}</name>`];
  if (description !== undefined) lines.push(`    <description>${escapeSkillXml(description)}</description>`);
  lines.push(`    <location>${escapeSkillXml(skill.location)}</location>`);
  if (release.versions && skill.version) lines.push(`    <version>${escapeSkillXml(skill.version)}</version>`);
  lines.push('  </skill>');
  return lines.join('\n');
}

/** The description a skill is listed with in `format` (undefined: none). */
export function listedDescription(skill: CatalogSkill, format: CatalogFormat): string | undefined {
  if (format.kind === 'full') return skill.description;
  return format.descriptionMaxChars > 0 ? shortenDescription(skill.description, format.descriptionMaxChars) || undefined : undefined;
}

/** The block one skill adds to the catalog in `format`. */
export function catalogBlock(skill: CatalogSkill, format: CatalogFormat, release: SkillsRelease = NEWEST_SKILLS_RELEASE): string {
  return skillBlock(skill, listedDescription(skill, format), release);
}

function formatCatalog(skills: readonly CatalogSkill[], format: CatalogFormat, release: SkillsRelease): string {
  if (skills.length === 0) return '';
  const matches = format.kind === 'full' ? 'its description' : format.descriptionMaxChars > 0 ? 'its name or description' : 'its name';
  return [
    '\n\nThe following skills provide specialized instructions for specific tasks.',
    `${release.instruction} when the task matches ${matches}.`,
    ...(release.versions ? ["If a skill's <version> differs from a previous turn, re-read its SKILL.md before using it."] : []),
    ...(release.relativePathLine
      ? [
          'When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.',
        ]
      : []),
    '',
    '<available_skills>',
    ...skills.map((skill) => catalogBlock(skill, format, release)),
    '</available_skills>',
  ].join('\n');
}

const AUDIT = 'Run `openclaw skills check` to audit.';

/** The note of the releases before 8.x: the compact format always without descriptions. */
function olderLimitNote(included: number, total: number, compact: boolean, release: SkillsRelease): string {
  if (included < total) return `⚠️ Skills truncated: included ${included} of ${total}${compact ? ' (compact format, descriptions omitted)' : ''}. ${AUDIT}`;
  return compact && release.budget !== 'chars' ? `⚠️ Skills catalog using compact format (descriptions omitted). ${AUDIT}` : '';
}

/** The largest n ≤ count for which `fits(n)` holds, `fits` being monotone (0 when none). */
function largest(count: number, fits: (n: number) => boolean): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The budgets before 8.x: whole, then (4.10 on) names only, then fewer skills; the note outside the budget until 6.x. */
function prepareOlder(sorted: readonly CatalogSkill[], release: SkillsRelease): PreparedCatalog {
  const total = sorted.length;
  const full: CatalogFormat = { kind: 'full' };
  const names: CatalogFormat = { kind: 'compact', descriptionMaxChars: 0 };
  const done = (skills: readonly CatalogSkill[], format: CatalogFormat): PreparedCatalog => {
    const note = olderLimitNote(skills.length, total, format.kind === 'compact', release);
    return { prompt: [note, formatCatalog(skills, format, release)].filter(Boolean).join('\n'), skills, format, note };
  };
  if (release.budget === 'none') return done(sorted, full);
  const byCount = sorted.slice(0, release.maxSkills ?? total);
  const max = release.maxChars;
  if (release.budget === 'chars') {
    const measured = release.measuresAbsolute ? byCount.map((skill) => ({ ...skill, location: skill.absolute ?? skill.location })) : byCount;
    const fits = (n: number) => formatCatalog(measured.slice(0, n), full, release).length <= max;
    return done(fits(byCount.length) ? byCount : byCount.slice(0, largest(byCount.length, fits)), full);
  }
  // `compact`: the catalog alone against the chars (less 150 for the note when compact); `rendered`: with its note.
  const fits = (skills: readonly CatalogSkill[], format: CatalogFormat): boolean =>
    release.budget === 'rendered' ? done(skills, format).prompt.length <= max : formatCatalog(skills, format, release).length <= (format.kind === 'full' ? max : max - 150);
  if (fits(byCount, full)) return done(byCount, full);
  if (fits(byCount, names)) return done(byCount, names);
  return done(
    byCount.slice(
      0,
      largest(byCount.length, (n) => fits(byCount.slice(0, n), names)),
    ),
    names,
  );
}

function limitNote(included: number, total: number, format: CatalogFormat): string {
  const descriptions = format.kind === 'compact' && format.descriptionMaxChars > 0 ? 'descriptions shortened' : 'descriptions omitted';
  if (included < total) {
    const details = format.kind === 'compact' ? ` (compact format, ${descriptions})` : '';
    return `⚠️ Skills truncated: included ${included} of ${total}${details}. Run \`openclaw skills check\` to audit.`;
  }
  return format.kind === 'compact' ? `⚠️ Skills catalog using compact format (${descriptions}). Run \`openclaw skills check\` to audit.` : '';
}

export interface PreparedCatalog {
  /** The skills prompt: limit note and catalog, '' when nothing is sent. */
  readonly prompt: string;
  /** The skills listed, in order. */
  readonly skills: readonly CatalogSkill[];
  readonly format: CatalogFormat;
  readonly note: string;
}

/** The catalog within the release's budget, and the skills it admits; `skills` sorted as OpenClaw sorts them. */
export function prepareCatalog(sorted: readonly CatalogSkill[], release: SkillsRelease = NEWEST_SKILLS_RELEASE): PreparedCatalog {
  if (release.budget !== 'descriptions') return prepareOlder(sorted, release);
  const maxSkills = release.maxSkills ?? MAX_SKILLS_IN_PROMPT;
  const maxChars = release.maxChars;
  const total = sorted.length;
  const byCount = sorted.slice(0, Math.max(0, maxSkills));
  const render = (skills: readonly CatalogSkill[], format: CatalogFormat, withNote = true): { prompt: string; note: string } | undefined => {
    const note = withNote ? limitNote(skills.length, total, format) : '';
    const prompt = [note, formatCatalog(skills, format, release)].filter(Boolean).join('\n');
    return prompt.length <= maxChars ? { prompt, note } : undefined;
  };
  const compact = (descriptionMaxChars: number): CatalogFormat => ({ kind: 'compact', descriptionMaxChars });
  const fits = (skills: readonly CatalogSkill[], max: number, withNote = true) => render(skills, compact(max), withNote) !== undefined;
  /** The most of `skills`, from the start, that fit in the compact format without descriptions. */
  const mostThatFit = (skills: readonly CatalogSkill[], withNote: boolean): number => {
    let lo = 0;
    let hi = skills.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(skills.slice(0, mid), 0, withNote)) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };

  const full = render(byCount, { kind: 'full' });
  if (full) return { prompt: full.prompt, skills: byCount, format: { kind: 'full' }, note: full.note };
  let listed = fits(byCount, 0) ? byCount : byCount.slice(0, mostThatFit(byCount, true));
  if (listed.length === 0 && byCount.length > 0) {
    const plain = render(byCount, { kind: 'full' }, false);
    if (plain) return { prompt: plain.prompt, skills: byCount, format: { kind: 'full' }, note: '' };
    const most = mostThatFit(byCount, false);
    if (most > 0) listed = byCount.slice(0, most);
  }
  const withNote = fits(listed, 0);
  let descriptionMaxChars = 0;
  if (listed.length > 0 && fits(listed, COMPACT_DESCRIPTION_MIN_CHARS, withNote)) {
    let lo = COMPACT_DESCRIPTION_MIN_CHARS;
    let hi = COMPACT_DESCRIPTION_MAX_CHARS;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(listed, mid, withNote)) lo = mid;
      else hi = mid - 1;
    }
    descriptionMaxChars = lo;
  }
  const format = compact(descriptionMaxChars);
  const done = render(listed, format, withNote);
  return { prompt: done?.prompt ?? '', skills: done?.prompt ? listed : [], format, note: done?.note ?? '' };
}

/** The tools a release's default run reads skills with: `exec` in Code Mode, else `read`. */
export function defaultSkillTools(release: SkillsRelease = NEWEST_SKILLS_RELEASE): SkillTools {
  return release.codeModeByDefault ? 'exec' : 'read';
}

/**
 * The `## Skills` section around a skills prompt, as it stands in the system prompt; '' when
 * none. `exec` changes the wording only in the releases that have Code Mode.
 */
export function skillsSection(prompt: string, tools: SkillTools = defaultSkillTools(), release: SkillsRelease = NEWEST_SKILLS_RELEASE): string {
  const trimmed = prompt.trim();
  if (!trimmed) return '';
  const header = release.header.map((line) => line.replace('{read}', 'read'));
  if (tools === 'exec' && release.codeModeLine) header[1] = release.codeModeLine;
  return [...header, trimmed].join('\n');
}
