// The preview session and what only it uses (the soul model, its blocks, sync, dropped text):
// a bundle of its own in the Node build (dist/previewSession.js), required when the first
// preview opens, so activation stays small. The web build bundles it in.
import type * as SessionModule from './previewSession';

let loaded: typeof SessionModule | undefined;

export function previewSessionModule(): typeof SessionModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('./previewSession') as typeof SessionModule);
}

/** Ends what the bundle keeps for the window (the sessions of OpenClaw personas), if it was loaded. */
export function disposePreviewSessionModule(): void {
  loaded?.disposeSessions();
}
