// The skills UI: the catalog model, the tree's rows and the SKILL.md Problems. A bundle of
// its own in the Node build (dist/skillsUi.js, with the YAML parser the core's frontmatter
// reading needs), required once an OpenClaw persona is found, so activation stays small.
import * as vscode from 'vscode';
import type { Composition, FileContent } from '../../core';
import type { SkillsReport } from '../../core/skills';
import { defaultSkillTools, NEWEST_SKILLS_RELEASE } from '../../core/skills';
import { skillsRelease } from '../../core/skills/releases';
import { homeFolder } from '../platform';
import { SkillProblems } from '../problems/skillProblems';
import * as items from '../tree/skillItems';
import type { Measurements } from './measurements';
import type { PersonaWorkspace } from './personaWorkspace';
import { skillSettings } from './config';
import { withSkillsSection } from './skillSection';
import type { SkillTree } from './skillFiles';
import { composeTree, SkillsModel } from './skillsModel';
import { MachineSource, readableMachineSkills } from './machineSkills';
import type { SkillsMeasure, SkillsSettings } from './skillTypes';

export interface SkillsUi extends vscode.Disposable {
  readonly model: SkillsModel;
  readonly items: typeof items;
  /**
   * The persona's catalog under the folder's skill settings, as `release` (default the newest known) lists it, with an agent's
   * allowlist (and at another workspace path: a recorded run's), and the skills outside the workspace where `machine` places
   * them and they may be read (machineSkills.ts).
   */
  measure(folder: vscode.Uri, release?: string, allowlist?: SkillsSettings['allowlist'], workspacePath?: string, machine?: MachineSource): Promise<SkillsMeasure>;
  /** The catalog of a skill tree read elsewhere (a revision's), under the folder's skill settings, as `release` lists it, with an agent's allowlist: as `measure`. */
  composeAt(
    folder: vscode.Uri,
    tree: SkillTree,
    read: (path: string) => Promise<FileContent | undefined>,
    release?: string,
    allowlist?: SkillsSettings['allowlist'],
  ): Promise<SkillsReport>;
  /** The composition with the `## Skills` section before the Project Context (see skillSection.ts). */
  withSection(composition: Composition, skills: SkillsMeasure | undefined, workspacePath: string): Composition;
}

export function startSkillsUi(personas: PersonaWorkspace, measurements: Measurements): SkillsUi {
  const model = new SkillsModel(personas);
  // Problems are a surface of the model's measure: they start once the model is in place.
  let problems: SkillProblems | undefined;
  const start = setTimeout(() => (problems = vscode.languages ? new SkillProblems(personas, measurements) : undefined), 0);
  return {
    model,
    items,
    measure: async (folder, release, allowlist, workspacePath, machine) => {
      // The machine's roots are known as 2026.9.6 reads them; under another release they are not read.
      const newest = skillsRelease(release) === NEWEST_SKILLS_RELEASE;
      const outside = newest
        ? await readableMachineSkills(machine)
        : { machineUnread: vscode.l10n.t('they are read as OpenClaw {0} reads them, not under {1}', NEWEST_SKILLS_RELEASE.proven, release ?? '') };
      return model.measure(folder, { ...settingsAs(folder, release), allowlist, ...(workspacePath !== undefined && { workspacePath }), ...outside });
    },
    composeAt: (folder, tree, read, release, allowlist) => composeTree(folder, tree, new Map(), { ...settingsAs(folder, release), allowlist }, read),
    withSection: withSkillsSection,
    dispose: () => (clearTimeout(start), problems?.dispose(), model.dispose()),
  };
}

/** The folder's skill settings as `release` runs: unset, the tools are its default run's (Code Mode from 2026.9.6, `read` before). */
function settingsAs(folder: vscode.Uri, release: string | undefined): SkillsSettings {
  const settings = skillSettings(folder, homeFolder);
  const tools = settings.toolsByDefault ? defaultSkillTools(skillsRelease(release)) : settings.tools;
  return { ...settings, tools, ...(release !== undefined && { openclawRelease: release }) };
}
