// Hermes Agent v0.21.3 as a runtime profile. What it reads and where (hermesFiles.ts) is light;
// composing, its scanner and its memory blocks (hermesEngine.ts) load on the first compose, from
// a bundle of their own in the extension.
import { Composition, PersonaInput, RuntimeOptions, RuntimeProfile } from './profile';
import { filesToRead, HERMES_FILE_NAMES, HERMES_RELEASE, hermesLabel, READ_LIMIT } from './hermesFiles';

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
  description: 'SOUL.md from its home, one project file type; scans for injection',
  labelFor: hermesLabel,
  unit: 'codepoints',
  fileNames: HERMES_FILE_NAMES,
  filesToRead,
  readLimit: READ_LIMIT,
  compose: (input: PersonaInput, options?: RuntimeOptions): Composition => hermesEngine().composeHermes(input, options),
};
