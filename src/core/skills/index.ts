// OpenClaw's skill catalog, pure: what the CLI and the extension import of src/core/skills.
// Not in the core's barrel: the YAML parser it needs would weigh on the extension's activation
// bundle; the extension imports it where it shows skills (a bundle of its own, as json5 is).
export type { SkillDirEntry, SkillEntryKind, SkillFileRead, SkillMeasure, SkillNotice, SkillReader, SkillsReport, SkillSource, SkillState, SkipReason } from './types';
export { catalogBlock, defaultSkillTools, escapeSkillXml, MAX_SKILLS_IN_PROMPT, MAX_SKILLS_PROMPT_CHARS, prepareCatalog, shortenDescription, skillsSection } from './catalog';
export { NEWEST_SKILLS_RELEASE, SKILLS_RELEASES, skillsRelease } from './releases';
export type { PluginSkill, SkillsBudget, SkillsRelease } from './releases';
export type { CatalogFormat, CatalogSkill, PreparedCatalog, SkillTools } from './catalog';
export { compactHome, composeSkills, PLUGIN_SKILLS } from './compose';
export { memorySkillReader } from './memoryReader';
export type { MemoryFiles } from './memoryReader';
export type { SkillsOptions } from './compose';
export { MAX_CANDIDATES_PER_ROOT, MAX_GROUPED_DEPTH, MAX_SKILL_FILE_BYTES, MAX_SKILLS_LOADED_PER_ROOT } from './discover';
export { parseSkillFrontmatter } from './frontmatter';
export type { FrontmatterResult } from './frontmatter';
export type { SkillHost } from './gating';
export { describeSkill, isOwnSkill, sourceLabel, openClawPromptBetween, skillProblems, skillsFailed } from './messages';
export { machineSkillRoots } from './machine';
export type { MachineContext, MachineEnv, MachineRoot, MachineRoots, MachineSkillSource } from './machine';
export type { SkillProblem } from './messages';
