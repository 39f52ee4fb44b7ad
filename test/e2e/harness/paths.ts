// Where things are: the repository, the provisioned code-server, the browser, and the
// folder that keeps what a failed run leaves behind.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Kept in step with CODE_SERVER_VERSION in scripts/provision.sh. */
export const CODE_SERVER_VERSION = '4.100.3';

export const repoRoot = path.resolve(__dirname, '../../..');

/** Screenshots, browser console logs and server logs of failed tests (git-ignored). */
export const outputDir = path.join(repoRoot, '.test-output');

let cacheDir: string | undefined;

/** The cache folder that scripts/provision.sh installs into (one rule, in scripts/cache-dir.sh). */
export function provisionedCacheDir(): string {
  cacheDir ??= execFileSync('bash', ['-c', '. "$0/scripts/cache-dir.sh" && persona_studio_cache_dir "$0"', repoRoot], {
    encoding: 'utf8',
  }).trim();
  return cacheDir;
}

export class NotProvisionedError extends Error {}

/** The entry script of the provisioned code-server; explains how to provision when absent. */
export function codeServerEntry(): string {
  const dir = path.join(provisionedCacheDir(), `code-server-${CODE_SERVER_VERSION}`);
  const entry = path.join(dir, 'node_modules/code-server/out/node/entry.js');
  if (!fs.existsSync(path.join(dir, '.provisioned')) || !fs.existsSync(entry)) {
    throw new NotProvisionedError(`code-server ${CODE_SERVER_VERSION} is not provisioned in ${dir}. Run \`npm run provision\` (bash scripts/provision.sh) once.`);
  }
  return entry;
}

export function chromiumPath(): string {
  const chromium = process.env.PERSONA_STUDIO_CHROMIUM ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    throw new NotProvisionedError(`No Chromium at ${chromium}. Run \`npm run provision\`, or set PERSONA_STUDIO_CHROMIUM.`);
  }
  return chromium;
}
