// The command line of the check task: `persona-studio check` with the settings the live
// views use, its output for VS Code's problem matcher, and the folders after `--` so a
// folder named like an option (`--runtime=codex`, `-x`) is read as a folder.
import type { HeartwoodCaps, SessionKind } from '../core';

/** What the live views use for a workspace folder; absent values leave the CLI's defaults. */
export interface CheckTaskSettings {
  /** A runtime id; one the CLI does not know is left to it to refuse, in one line. */
  readonly runtime: string;
  readonly session?: SessionKind;
  /** `openclaw.workspacePath`, only when the user set one (else each folder's own path). */
  readonly workspacePath?: string;
  readonly maxChars?: number;
  readonly totalMaxChars?: number;
  /** `openclaw.configFile`, whose caps win over the two above, as in the editor. */
  readonly configFile?: string;
  readonly warnAt?: number;
  readonly heartwood?: HeartwoodCaps;
}

/** The CLI's arguments (after the script) to check `folders` as the editor measures them. */
export function checkTaskArgs(folders: readonly string[], settings: CheckTaskSettings): string[] {
  // Tokens are not shown in Problems: counting them would only slow the task.
  const args = ['check', '--format', 'problems', '--encoding', 'off', '--runtime', settings.runtime];
  const option = (flag: string, value: string | number | undefined) => {
    if (value !== undefined) args.push(flag, String(value));
  };
  if (settings.runtime === 'openclaw') {
    option('--session', settings.session);
    option('--workspace-path', settings.workspacePath);
    option('--bootstrap-max-chars', settings.maxChars);
    option('--bootstrap-total-max-chars', settings.totalMaxChars);
    option('--config', settings.configFile);
  }
  option('--warn-at', settings.warnAt);
  option('--max-chars', settings.heartwood?.maxChars);
  option('--ceiling', settings.heartwood?.ceiling);
  return [...args, '--', ...folders];
}
