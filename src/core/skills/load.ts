// One skill root loaded as OpenClaw 2026.9.6 loads it: each candidate's SKILL.md read
// (256,000 bytes at most, no hard links), its frontmatter parsed, its name and required
// description taken; at most 200 skills a root, and the root's own skill alone when it has one.
import { decodeUtf8 } from '../utf8';
import { Candidate, discoverSkills, joinPath, MAX_SKILL_FILE_BYTES, MAX_SKILLS_LOADED_PER_ROOT, Refused, baseName } from './discover';
import { FrontmatterFields, parseSkillFrontmatter } from './frontmatter';
import type { SkillNotice, SkillReader, SkillSource, SkipReason } from './types';

export interface LoadedSkill {
  readonly name: string;
  readonly description: string;
  /** The SKILL.md's path as reached, `/`-separated. */
  readonly file: string;
  readonly source: SkillSource;
  readonly fields: FrontmatterFields;
  /** Its `<version>`, when the release lists one. */
  readonly version?: string;
}

export interface RootLoad {
  readonly skills: readonly LoadedSkill[];
  readonly skipped: readonly Refused[];
  readonly notices: readonly SkillNotice[];
}

/** One SKILL.md, or why OpenClaw does not load it. */
/** How a release reads a SKILL.md: its `<version>` (when it lists one), and lenient frontmatter (3.x–7.x). */
export interface SkillFileRules {
  readonly version?: (text: string) => string;
  readonly lenient?: boolean;
}

export function loadSkillFile(reader: SkillReader, dir: string, source: SkillSource, rules: SkillFileRules = {}): LoadedSkill | { skip: SkipReason } | undefined {
  const file = joinPath(dir, 'SKILL.md');
  const read = reader.readFile(file, MAX_SKILL_FILE_BYTES);
  switch (read.kind) {
    case 'missing':
      return undefined;
    case 'notFile':
      return { skip: { kind: 'notFile' } };
    case 'unreadable':
      return { skip: { kind: 'unreadable', reason: read.reason } };
  }
  if (read.links > 1) return { skip: { kind: 'hardlinked' } };
  if (read.size > MAX_SKILL_FILE_BYTES || read.bytes.length > MAX_SKILL_FILE_BYTES)
    return { skip: { kind: 'tooLarge', size: Math.max(read.size, read.bytes.length), limit: MAX_SKILL_FILE_BYTES } };
  const text = decodeUtf8(read.bytes);
  const frontmatter = parseSkillFrontmatter(text, rules.lenient);
  if (!frontmatter.ok) return { skip: { kind: 'frontmatter', message: frontmatter.message, line: frontmatter.line } };
  const fields = frontmatter.fields;
  const name = fields.name?.trim() || baseName(dir).trim();
  const description = fields.description?.trim();
  if (!name) return { skip: { kind: 'noName' } };
  if (!description) return { skip: { kind: 'noDescription' } };
  return { name, description, file, source, fields, ...(rules.version && { version: rules.version(text) }) };
}

/** Every skill of one root, in the order OpenClaw loads them, with what it skipped. */
export function loadSkillRoot(reader: SkillReader, root: string, source: SkillSource, rules: SkillFileRules = {}): RootLoad {
  const found = discoverSkills(reader, root);
  const skipped: Refused[] = [...found.refused];
  const load = (candidate: Candidate): LoadedSkill | undefined => {
    const loaded = loadSkillFile(reader, candidate.dir, source, rules);
    if (loaded && 'skip' in loaded) skipped.push({ file: joinPath(candidate.dir, 'SKILL.md'), reason: loaded.skip });
    return loaded && !('skip' in loaded) ? loaded : undefined;
  };
  if (found.rootCandidate) {
    const own = load(found.rootCandidate);
    if (own) return { skills: [own], skipped, notices: found.notices };
  }
  const skills: LoadedSkill[] = [];
  for (const [at, candidate] of found.candidates.entries()) {
    if (!found.rootIsSkill && skills.length >= MAX_SKILLS_LOADED_PER_ROOT) {
      // Never read: OpenClaw stops at 200 skills a root.
      for (const rest of found.candidates.slice(at)) skipped.push({ file: joinPath(rest.dir, 'SKILL.md'), reason: { kind: 'rootLimit', limit: MAX_SKILLS_LOADED_PER_ROOT } });
      break;
    }
    const skill = load(candidate);
    if (skill) skills.push(skill);
  }
  return { skills, skipped, notices: found.notices };
}
