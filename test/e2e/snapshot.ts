// A folder's whole content as lines, to tell that nothing was written in it.
import fs from 'node:fs';
import path from 'node:path';

/** Every path under `dir` with its content (or `<dir>/`, `-> target`), sorted. */
export function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of fs.readdirSync(at).sort()) {
      const file = path.join(at, name);
      const stat = fs.lstatSync(file);
      const rel = path.relative(dir, file);
      if (stat.isSymbolicLink()) out.push(`${rel} -> ${fs.readlinkSync(file)}`);
      else if (stat.isDirectory()) {
        out.push(`${rel}/`);
        walk(file);
      } else out.push(`${rel}: ${fs.readFileSync(file, 'utf8')}`);
    }
  };
  walk(dir);
  return out;
}
