// The OpenClaw options of the CLI: the release to compose as, and each folder's setup state.
import { oneLine, readOpenClawSetupCompleted, resolveOpenClawRelease, RuntimeOptions, RuntimeProfile } from '../core';
import { UsageError } from './usageError';

export interface OpenClawValues {
  readonly 'openclaw-version'?: string;
  readonly setup?: string;
}

/** The release and setup state asked for; only the OpenClaw profile reads them. */
export function openclawRelease(values: OpenClawValues, runtime: string, err?: NodeJS.WritableStream): RuntimeOptions {
  const release = values['openclaw-version'];
  const setup = values.setup;
  if ((release !== undefined || setup !== undefined) && runtime !== 'openclaw') {
    throw new UsageError(`${release !== undefined ? '--openclaw-version' : '--setup'} is for --runtime openclaw, not ${runtime}`);
  }
  if (setup !== undefined && setup !== 'completed' && setup !== 'pending') throw new UsageError(`--setup takes completed or pending, not '${setup}'`);
  const options: { openclawRelease?: string; setupCompleted?: boolean } = {};
  if (setup !== undefined) options.setupCompleted = setup === 'completed';
  if (release === undefined) return options;
  let resolved;
  try {
    resolved = resolveOpenClawRelease(release);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (resolved.note) err?.write(`persona-studio: ${oneLine(resolved.note)}\n`);
  return { ...options, openclawRelease: resolved.release };
}

/** The options for one folder: its OpenClaw setup state, unless given. */
export function folderOptions(dir: string, profile: RuntimeProfile, options: RuntimeOptions): RuntimeOptions {
  if (profile.id !== 'openclaw' || options.setupCompleted !== undefined) return options;
  const setupCompleted = readOpenClawSetupCompleted(dir);
  return setupCompleted === undefined ? options : { ...options, setupCompleted };
}
