import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh persona folder holding the given files (bytes or text). */
export function personaFolder(files: Record<string, string | Uint8Array> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}
