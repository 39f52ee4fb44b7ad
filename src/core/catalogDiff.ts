// OpenClaw's skill catalog in a comparison: the `## Skills` section joined before the
// Project Context as `compose --part all` joins them, and what changed in the catalog
// between two revisions (its size, the skills it lists, those its budget leaves out).
import { isOwnSkill, openClawPromptBetween } from './skills/messages';
import type { SkillsReport } from './skills/types';
import type { Composition, FileMeasure } from './runtimes/profile';

/** The name the section carries among a composition's files (the editor's skills change has it too). */
export const SKILLS_SECTION = 'skills/';

/** Whether the workspace has skills of its own: found in `skills/` or `.agents/skills/`, loaded or not. */
export function hasOwnSkills(report: SkillsReport | undefined): boolean {
  return report?.skills.some(isOwnSkill) ?? false;
}

/** What `compose --part all` prints: the section, what stands between it and the Project Context, then the Project Context. */
export function skillsJoined(section: string, workspacePath: string, context: string): string {
  return [section, openClawPromptBetween(workspacePath), context].filter(Boolean).join('\n');
}

/**
 * The composition with `section` before its Project Context and what stands between them,
 * as `compose --part all` prints it: the section is a file-like entry named SKILLS_SECTION
 * (so token counts and totals take it in, and the preview shows it with `note`), the files'
 * offsets shifted past it.
 */
export function withSkillsEntry(composition: Composition, section: string, workspacePath: string, note?: string): Composition {
  const between = `\n${openClawPromptBetween(workspacePath)}\n`;
  const shift = section.length + between.length;
  const entry: FileMeasure = {
    name: SKILLS_SECTION,
    status: 'sent',
    // No text of its own: its skills are files of their own, scanned and diagnosed there.
    text: '',
    size: section.length,
    state: 'ok',
    kept: [],
    dropped: [],
    keptSize: section.length,
    droppedSize: 0,
    section,
    offset: 0,
    ...(note !== undefined && { note }),
  };
  let text: string | undefined;
  // Not spread: the Project Context's text may be computed on first read, and is not read here.
  return {
    runtime: composition.runtime,
    unit: composition.unit,
    found: composition.found,
    total: composition.total,
    get text() {
      return (text ??= skillsJoined(section, workspacePath, composition.text));
    },
    // The pieces add up to the text; without a section or a Project Context the text is one piece.
    get pieces() {
      return section && composition.text ? [section, between, ...(composition.pieces ?? [composition.text])] : [this.text];
    },
    files: [entry, ...composition.files.map((file) => (file.offset >= 0 ? { ...file, offset: file.offset + shift } : file))],
  };
}

/** One side of the catalog's comparison. */
export interface CatalogSide {
  /** The `## Skills` section's length in UTF-16 units (0 when none is sent). */
  readonly chars: number;
  /** Tokens of the section; absent when not counted. */
  readonly tokens?: number;
  /** Skills the catalog lists. */
  readonly listed: number;
  /** Skills offered to it (listed, or left out by its budget): the "of M". */
  readonly offered: number;
  /** Skills its budget leaves out, by name. */
  readonly leftOut: readonly string[];
}

/** A skill the budget leaves out now and did not before. */
export interface SkillLeftOut {
  readonly name: string;
  /** Its SKILL.md now (absolute, `/`-separated). */
  readonly path: string;
}

export interface CatalogDelta {
  readonly before: CatalogSide;
  readonly after: CatalogSide;
  /** Left out by the budget now, listed (or not there) before: what CI fails on. */
  readonly becameLeftOut: readonly SkillLeftOut[];
  /** Left out before, listed now. */
  readonly noLongerLeftOut: readonly string[];
  /** The sections differ. */
  readonly changed: boolean;
}

function side(report: SkillsReport, count?: (text: string) => number): CatalogSide {
  const leftOut = report.skills.filter((skill) => skill.state === 'leftOut').map((skill) => skill.name);
  return {
    chars: report.section.length,
    ...(count && { tokens: report.section === '' ? 0 : count(report.section) }),
    listed: report.budget.skills,
    offered: report.budget.skills + leftOut.length,
    leftOut,
  };
}

/** Compares two catalogs of one workspace under the same skill options. */
export function compareCatalogs(before: SkillsReport, after: SkillsReport, count?: (text: string) => number): CatalogDelta {
  const a = side(before, count);
  const b = side(after, count);
  const was = new Set(a.leftOut);
  const is = new Set(b.leftOut);
  return {
    before: a,
    after: b,
    becameLeftOut: after.skills.filter((skill) => skill.state === 'leftOut' && !was.has(skill.name)).map((skill) => ({ name: skill.name, path: skill.path })),
    noLongerLeftOut: a.leftOut.filter((name) => !is.has(name) && after.skills.some((skill) => skill.name === name && skill.block !== '')),
    changed: before.section !== after.section,
  };
}
