// Loads the doctor bundle on first use: activation does not carry doctor's rules.
import type * as DoctorChunk from './chunk';

export type DoctorModule = typeof DoctorChunk;
/** The files `openclaw doctor --fix` moves away (as the core's DOCTOR_LEGACY_FILES, without loading it). */
export const DOCTOR_MOVED_FILES: readonly string[] = ['TOOLS.md', 'HEARTBEAT.md', 'memory.md'];

let loaded: DoctorModule | undefined;

export function loadDoctor(): DoctorModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./chunk') as DoctorModule;
  return loaded;
}
