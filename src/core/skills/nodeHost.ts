// The installed openclaw package on this machine, on Node (whose `skills/` holds its bundled
// skills); an executable on the PATH is nodeFs.ts's onPath.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
export { onPath } from '../nodeFs';

/** Whether `dir` holds the openclaw package's package.json (a small file, read whole). */
function isOpenClawPackage(dir: string): boolean {
  try {
    const file = path.join(dir, 'package.json');
    if (!fs.statSync(file).isFile() || fs.statSync(file).size > 1024 * 1024) return false;
    return /"name"\s*:\s*"openclaw"/.test(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    // None there, or not readable: not the package.
    if (!(error instanceof Error && 'code' in error)) throw error;
    return false;
  }
}

/**
 * The installed openclaw package's folder, found without running anything: the package the
 * `openclaw` command on PATH belongs to, else npm's global folders; undefined when none is.
 */
export function installedOpenClawPackage(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => path.isAbsolute(dir));
  const candidates: string[] = [];
  for (const dir of dirs) {
    let command: string | undefined;
    try {
      command = fs.realpathSync(path.join(dir, 'openclaw'));
    } catch (error) {
      // No openclaw command in this folder.
      if (!(error instanceof Error && 'code' in error)) throw error;
    }
    // npm links `bin/openclaw` to a file inside the package: its folder, or one above, is the package.
    for (let at = command && path.dirname(command), up = 0; at && up < 4; at = path.dirname(at), up++) candidates.push(at);
  }
  const roots = [
    ...(process.env.npm_config_prefix ? [path.join(process.env.npm_config_prefix, 'lib', 'node_modules')] : []),
    ...dirs.map((dir) => path.join(dir, '..', 'lib', 'node_modules')),
  ];
  roots.push(path.join(os.homedir(), '.npm-global', 'lib', 'node_modules'), '/usr/local/lib/node_modules', '/usr/lib/node_modules');
  candidates.push(...roots.map((root) => path.join(root, 'openclaw')));
  return [...new Set(candidates)].find(isOpenClawPackage);
}
