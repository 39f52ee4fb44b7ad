import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { main } from '../../src/cli/main';

/** A fresh persona folder holding the given files (bytes or text). */
export function personaFolder(files: Record<string, string | Uint8Array> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

/** The CLI started in this process on `argv`: its exit code (or the promise of it) and its output so far. */
function startCli(argv: string[]): { code: number | Promise<number>; out: () => Buffer; err: () => string } {
  const out: Buffer[] = [];
  let err = '';
  const sink = (write: (chunk: Buffer) => void) =>
    new Writable({
      write(chunk, _encoding, done) {
        write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
        done();
      },
    });
  const code = main(
    argv,
    sink((chunk) => out.push(chunk)),
    sink((chunk) => (err += chunk.toString())),
  );
  return { code, out: () => Buffer.concat(out), err: () => err };
}

/** What the CLI wrote and returned: `out` as bytes, for tests that compare them exactly. Not for `check`. */
export function runCliBytes(...argv: string[]): { code: number; out: Buffer; err: string } {
  const { code, out, err } = startCli(argv);
  if (typeof code !== 'number') throw new Error(`${argv[0]} answers asynchronously: use runCliAsync`);
  return { code, out: out(), err: err() };
}

/** The CLI run in this process on `argv`: its exit code and what it wrote, as text. Not for `check`. */
export function runCli(...argv: string[]): { code: number; out: string; err: string } {
  const { code, out, err } = runCliBytes(...argv);
  return { code, out: out.toString('utf8'), err };
}

/** runCliBytes for any command, `check` (whose secret scan is asynchronous) included. */
export async function runCliBytesAsync(...argv: string[]): Promise<{ code: number; out: Buffer; err: string }> {
  const { code, out, err } = startCli(argv);
  const settled = await code;
  return { code: settled, out: out(), err: err() };
}

/** runCli for any command, `check` (whose secret scan is asynchronous) included. */
export async function runCliAsync(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { code, out, err } = await runCliBytesAsync(...argv);
  return { code, out: out.toString('utf8'), err };
}
