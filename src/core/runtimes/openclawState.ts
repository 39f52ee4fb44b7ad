// What an OpenClaw installation records that the profile needs: the setup state of a
// workspace, and which release is installed (for the extension's `auto` release).

/** A workspace's setup state, relative to the workspace folder. */
export const OPENCLAW_STATE_FILE = '.openclaw/workspace-state.json';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

function parse(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/**
 * Whether a workspace-state.json text records a completed setup: `setupCompletedAt` a
 * non-empty string. A text OpenClaw cannot read counts as not completed, as it does.
 */
export function setupCompletedFromState(text: string): boolean {
  const state = parse(text);
  return isRecord(state) && typeof state.setupCompletedAt === 'string' && state.setupCompletedAt.trim().length > 0;
}

const RELEASE = /^v?\d{4}\.\d{1,2}\.\d{1,3}(?:-[0-9A-Za-z.-]+)?$/;
const release = (value: unknown): string | undefined => (typeof value === 'string' && RELEASE.test(value.trim()) ? value.trim() : undefined);

/** The release an installed package's package.json names, when it is OpenClaw's. */
export function releaseFromPackageJson(text: string): string | undefined {
  const manifest = parse(text);
  return isRecord(manifest) && manifest.name === 'openclaw' ? release(manifest.version) : undefined;
}

/**
 * The release that last wrote an openclaw.json (JSON5 text, parsed by the caller's
 * `parse`, so this file needs no parser): `meta.lastTouchedVersion`, else the setup
 * wizard's `wizard.lastRunVersion`.
 */
export function releaseFromConfig(config: unknown): string | undefined {
  if (!isRecord(config)) return undefined;
  const meta = isRecord(config.meta) ? config.meta : {};
  const wizard = isRecord(config.wizard) ? config.wizard : {};
  return release(meta.lastTouchedVersion) ?? release(wizard.lastRunVersion);
}
