// Loads the agents bundle on the first openclaw.json read.
import type * as AgentsChunk from './chunk';

export type AgentsModule = typeof AgentsChunk;

let loaded: AgentsModule | undefined;

export function loadAgents(): AgentsModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./chunk') as AgentsModule;
  return loaded;
}
