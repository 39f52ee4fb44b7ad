// The skills bundle as activation sees it: required (dist/skillsUi.js in the Node build,
// with the YAML parser the catalog needs) the first time an OpenClaw persona's skills are asked for.
import type { Measurements } from './measurements';
import type { PersonaWorkspace } from './personaWorkspace';
import type { SkillsUi } from './skillsUi';

/** The name a skills change carries in Measurements.onDidChange: no file of the folder, its skill catalog. */
export const SKILLS_CHANGE = 'skills/';

type SkillsUiModule = typeof import('./skillsUi');

export function startSkills(personas: PersonaWorkspace, measurements: Measurements): SkillsUi {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('./skillsUi') as SkillsUiModule).startSkillsUi(personas, measurements);
}
