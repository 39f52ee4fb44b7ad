// Hermes Agent v0.21.3 as a runtime profile. What it reads and where (hermesFiles.ts) is light;
// composing, its scanner and its memory blocks (hermesEngine.ts) load on the first compose, from
// a bundle of their own in the extension.
import { formatCount } from '../format';
import { Composition, PersonaInput, RuntimeOptions, RuntimeProfile } from './profile';
import { AGENTS, CLAUDE, CURSORRULES, filesToRead, HERMES_MD, HERMES_RELEASE, hermesMaxChars, READ_LIMIT } from './hermesFiles';

type Engine = typeof import('./hermesEngine');
let engine: Engine | undefined;

/** The composing half, required once. */
export function hermesEngine(): Engine {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (engine ??= require('./hermesEngine') as Engine);
}

export const hermes: RuntimeProfile = {
  id: 'hermes',
  label: `Hermes Agent ${HERMES_RELEASE}`,
  labelFor: (options) => `Hermes Agent ${HERMES_RELEASE} (${formatCount(hermesMaxChars(options?.contextWindow, options?.maxChars))} chars a file)`,
  unit: 'codepoints',
  fileNames: ['SOUL.md', ...HERMES_MD, ...AGENTS, ...CLAUDE, CURSORRULES, 'memories/MEMORY.md', 'memories/USER.md'],
  filesToRead,
  readLimit: READ_LIMIT,
  compose: (input: PersonaInput, options?: RuntimeOptions): Composition => hermesEngine().composeHermes(input, options),
};
