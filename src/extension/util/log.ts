// The "Persona Studio" output channel: what the extension did and why (activation,
// discovery, errors with their stacks), for bug reports. It never raises a notification.
// No vscode import at run time, so the plain Node unit tests load every file that logs.
import type * as vscode from 'vscode';

/** What the log writes to: VS Code's LogOutputChannel, or a test's recorder. */
export type LogSink = Pick<vscode.LogOutputChannel, 'info' | 'warn' | 'error' | 'debug'>;

/**
 * The sink lives on the global object, not in this module: the bundles loaded on first use
 * (the preview, the secrets UI, the scaffolding) each hold a copy of this module, and their
 * errors must reach the same channel.
 */
const SINK = Symbol.for('personaStudio.logSink');
const holder = globalThis as { [SINK]?: LogSink };

/** Writes later calls of `log` to this channel (once per activation); undefined stops writing. */
export function setLogSink(next: LogSink | undefined): void {
  holder[SINK] = next;
}

/** Writes to the channel, or nowhere before activation (unit tests, a disposed channel). */
export const log = {
  info: (message: string, ...args: unknown[]): void => holder[SINK]?.info(message, ...args),
  warn: (message: string, ...args: unknown[]): void => holder[SINK]?.warn(message, ...args),
  debug: (message: string, ...args: unknown[]): void => holder[SINK]?.debug(message, ...args),
  error: (message: string | Error, ...args: unknown[]): void => holder[SINK]?.error(message, ...args),
};

/** An error as one log entry: where it happened, its message and its stack. */
export function describeError(where: string, error: unknown): string {
  if (error instanceof Error) return `${where}: ${error.stack ?? `${error.name}: ${error.message}`}`;
  return `${where}: ${String(error)}`;
}

/** Logs an error no code expected (a bug), with its stack; the caller goes on. */
export function logUnexpected(where: string, error: unknown): void {
  log.error(describeError(where, error));
}

/**
 * True for a file-system error: a file or folder gone, not a folder, no permission,
 * unreadable. Reading the user's files expects these; anything else is a bug.
 */
export function isFileSystemError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // vscode.FileSystemError carries a string code (FileNotFound…), Node's errors an errno code (ENOENT…).
  const { name, code } = error as { name?: unknown; code?: unknown };
  return typeof code === 'string' && (/^E[A-Z]+$/.test(code) || (typeof name === 'string' && name.includes('FileSystemError')) || FILE_SYSTEM_CODES.has(code));
}

const FILE_SYSTEM_CODES: ReadonlySet<string> = new Set(['FileNotFound', 'FileExists', 'FileNotADirectory', 'FileIsADirectory', 'NoPermissions', 'Unavailable', 'Unknown']);

/** Rethrows anything but a file-system error: a catch around a read handles only those. */
export function expectFileSystemError(error: unknown): void {
  if (!isFileSystemError(error)) throw error;
}

/**
 * For a catch around reading the user's files, whose callers go on either way: a
 * file-system error is expected (the file moved under us) and its own change event
 * brings another pass; anything else is a bug, logged with its stack.
 */
export function logUnlessFileSystemError(where: string, error: unknown): void {
  if (!isFileSystemError(error)) logUnexpected(where, error);
}
