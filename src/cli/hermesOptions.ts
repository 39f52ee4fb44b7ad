// The Hermes options of the CLI: the Hermes home (SOUL.md, memories/), the project Hermes runs
// in, the model's context window and Hermes's context_file_max_chars.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { escapeControls, RuntimeOptions } from '../core';
import { UsageError } from './usageError';

export interface HermesValues {
  readonly 'hermes-home'?: string;
  readonly 'hermes-project'?: string;
  readonly 'context-window'?: string;
  readonly 'context-file-max-chars'?: string;
}

export const hermesFlags = {
  'hermes-home': { type: 'string' },
  'hermes-project': { type: 'string' },
  'context-window': { type: 'string' },
  'context-file-max-chars': { type: 'string' },
} as const;

function folder(dir: string, flag: string): string {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    throw new UsageError(`${flag} ${escapeControls(dir)}: no such folder`);
  }
  if (!stat.isDirectory()) throw new UsageError(`${flag} ${escapeControls(dir)}: is a file, not a folder`);
  return path.resolve(dir);
}

function whole(text: string, flag: string, what: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`${flag} takes a whole number of ${what}, not '${text}'`);
  return value;
}

/** The Hermes options given; only the Hermes profile reads them. */
export function hermesOptions(values: HermesValues, runtime: string): RuntimeOptions {
  const given = (Object.keys(hermesFlags) as (keyof HermesValues)[]).find((flag) => values[flag] !== undefined);
  if (given === undefined) return {};
  if (runtime !== 'hermes') throw new UsageError(`--${given} is for --runtime hermes, not ${runtime}`);
  const options: { hermesHome?: string; hermesProject?: string; contextWindow?: number; maxChars?: number } = {};
  if (values['hermes-home'] !== undefined) options.hermesHome = folder(values['hermes-home'], '--hermes-home');
  if (values['hermes-project'] !== undefined) options.hermesProject = folder(values['hermes-project'], '--hermes-project');
  if (values['context-window'] !== undefined) options.contextWindow = whole(values['context-window'], '--context-window', 'tokens');
  if (values['context-file-max-chars'] !== undefined) options.maxChars = whole(values['context-file-max-chars'], '--context-file-max-chars', 'characters');
  return options;
}
