// The user's OpenClaw config on this machine: found where OpenClaw looks, read within the
// same bounds as any config read, its `$include`s followed, and its agents resolved.
import * as os from 'node:os';
import * as path from 'node:path';
import { readConfigFileSync } from './nodeFs';
import { agentsFromConfig, AgentsContext, OpenClawAgent, OpenClawEnv, openclawConfigCandidates } from './runtimes/openclawAgents';
import { parseOpenClawConfigObject } from './runtimes/openclawConfig';
import { resolveConfigIncludes } from './runtimes/openclawInclude';

export interface LoadedOpenClawConfig {
  /** The file read, absolute. */
  readonly file: string;
  /** The config with its `$include`s followed. */
  readonly config: Record<string, unknown>;
  readonly agents: OpenClawAgent[];
}

/** OpenClaw's variables from a process environment. */
export function openclawEnv(env: NodeJS.ProcessEnv = process.env): OpenClawEnv {
  const { OPENCLAW_CONFIG_PATH, OPENCLAW_STATE_DIR, OPENCLAW_WORKSPACE_DIR, OPENCLAW_PROFILE, OPENCLAW_HOME } = env;
  return { OPENCLAW_CONFIG_PATH, OPENCLAW_STATE_DIR, OPENCLAW_WORKSPACE_DIR, OPENCLAW_PROFILE, OPENCLAW_HOME };
}

/**
 * Reads the config: `explicit` when given (it must exist), else the first of
 * `$OPENCLAW_CONFIG_PATH` and `~/.openclaw/openclaw.json` that exists; undefined when none
 * does. Throws one line naming the file for a file that cannot be read or parsed.
 */
export function loadOpenClawConfig(explicit?: string, context: AgentsContext = { home: os.homedir(), env: openclawEnv(), cwd: process.cwd() }): LoadedOpenClawConfig | undefined {
  const candidates = openclawConfigCandidates(context, explicit);
  for (const [index, file] of candidates.entries()) {
    let text: string;
    try {
      text = readConfigFileSync(file);
    } catch (error) {
      // Only the file asked for must exist; the places OpenClaw looks by default may be empty.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !(index === 0 && explicit)) continue;
      throw error;
    }
    const config = resolveConfigIncludes(parseOpenClawConfigObject(text, file), file, readConfigFileSync) as Record<string, unknown>;
    return { file: path.resolve(file), config, agents: agentsFromConfig(config, context) };
  }
  return undefined;
}
