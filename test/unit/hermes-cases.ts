// The Hermes golden cases as a virtual tree at /hermes-case, read through the profile's own
// filesToRead (with `exists` and `list` over the tree), as the CLI reads a disk.
import { Composition, FileContent, hermes, PersonaInput, RuntimeOptions } from '../../src/core';

export interface HermesCase {
  readonly name: string;
  readonly files: Readonly<Record<string, string | { bytes: number[] }>>;
  readonly dirs?: readonly string[];
  readonly cwd?: string;
  readonly window?: number;
  readonly maxChars?: number;
}

export const { cases, TRIGGERS, INVISIBLE } = require('../fixtures/hermes/cases.cjs') as { cases: HermesCase[]; TRIGGERS: Record<string, string>; INVISIBLE: number[] };

export const ROOT = '/hermes-case';

export function caseInput(item: HermesCase): { input: PersonaInput; options: RuntimeOptions } {
  const dir = `${ROOT}/${item.cwd ?? 'project'}`;
  const files = new Map<string, Uint8Array>();
  const folders = new Set<string>(['home', 'project', ...(item.dirs ?? [])].map((d) => `${ROOT}/${d}`));
  for (const [name, content] of Object.entries(item.files)) {
    files.set(`${ROOT}/${name}`, typeof content === 'string' ? Buffer.from(content, 'utf8') : Uint8Array.from(content.bytes));
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(`${ROOT}/${parts.slice(0, i).join('/')}`);
  }
  const resolve = (relative: string) => {
    const out = dir.split('/').filter(Boolean);
    for (const part of relative.split('/').filter(Boolean)) {
      if (part === '..') out.pop();
      else out.push(part);
    }
    return '/' + out.join('/');
  };
  const exists = (relative: string) => files.has(resolve(relative)) || folders.has(resolve(relative));
  const list = (relative: string) => {
    const at = resolve(relative) + '/';
    return [...files.keys(), ...folders].filter((p) => p.startsWith(at) && !p.slice(at.length).includes('/')).map((p) => p.slice(at.length));
  };
  const options: RuntimeOptions = { hermesHome: `${ROOT}/home`, contextWindow: item.window, maxChars: item.maxChars };
  const read = new Map<string, FileContent>();
  for (const relative of hermes.filesToRead(dir, exists, options, list)) {
    const path = resolve(relative);
    const bytes = files.get(path);
    if (bytes) read.set(relative, { kind: 'bytes', bytes, size: bytes.byteLength });
    else if (folders.has(path)) read.set(relative, { kind: 'unreadable', reason: 'EISDIR: a directory' });
  }
  return { input: { dir, files: read }, options };
}

export function composeCase(item: HermesCase): Composition {
  const { input, options } = caseInput(item);
  return hermes.compose(input, options);
}
