// Loads the Hermes editor bundle on the first file Hermes's scanner would block.
import type * as HermesChunk from './chunk';

export type HermesEditorModule = typeof HermesChunk;

let loaded: HermesEditorModule | undefined;

export function loadHermesEditor(): HermesEditorModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./chunk') as HermesEditorModule;
  return loaded;
}
