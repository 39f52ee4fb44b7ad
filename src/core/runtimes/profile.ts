// One interface for every runtime that turns a persona folder into prompt text. The
// CLI, the reports, the cap messages and every surface of the extension read a
// runtime only through this file's types, so a new runtime is one file beside it.
import type { CapState } from '../report';

import type { RuntimeId } from './index';

/** A runtime there is a profile for: the keys of the registry (index.ts). */
export type { RuntimeId };

/** What a runtime counts its caps in. */
export type SizeUnit =
  /** UTF-8 bytes. */
  | 'bytes'
  /** UTF-16 code units: JavaScript's `.length`. */
  | 'chars'
  /** Unicode scalar values: Rust's `chars()`. */
  | 'codepoints';

/** OpenClaw's session kinds (`group`: a group or channel chat); other runtimes ignore it. */
export type SessionKind = 'main' | 'subagent' | 'cron' | 'group';

/**
 * One file as a runtime would read it. `bytes` holds at most the profile's
 * `readLimit` first bytes; `size` is the whole file's size from a stat, so a file
 * larger than what was read is still measured right.
 */
export type FileContent =
  | ({ readonly kind: 'bytes'; readonly bytes: Uint8Array; readonly size: number } & LinkInfo)
  /** An unsaved editor buffer, exactly as it would be saved (a BOM included). */
  | ({ readonly kind: 'text'; readonly text: string } & LinkInfo)
  /** The name exists but cannot be read as a file: a directory, a FIFO, no permission, a link leading nowhere. */
  | ({ readonly kind: 'unreadable'; readonly reason: string } & LinkInfo);

export interface LinkInfo {
  /**
   * The name is a symbolic link (what was read is its target). OpenClaw 8.x+ refuse to
   * read a bootstrap file through one; older releases and other runtimes follow it.
   */
  readonly symlink?: boolean;
  /**
   * Where the link leads, all links resolved, relative to the persona folder with `/`
   * separators (`../x.md` when it leads out); absent when unknown or leading nowhere.
   * OpenClaw 2.22–7.x follow a link only when it stays inside the workspace.
   */
  readonly linkTarget?: string;
}

/**
 * `previous` when `next` holds the same content, else `next`: after a change is reported, a
 * reader reads again and keeps the earlier object only when nothing changed, so caches keyed
 * by the object still hit. Never trust a stat here: a same-size rewrite within the mtime's
 * granularity (a second on some file systems) has the same stat and other bytes.
 */
export function keepIfUnchanged(previous: FileContent | undefined, next: FileContent | undefined): FileContent | undefined {
  if (previous === undefined || next === undefined || previous.kind !== next.kind || previous.symlink !== next.symlink || previous.linkTarget !== next.linkTarget) return next;
  if (previous.kind === 'bytes' && next.kind === 'bytes') return previous.size === next.size && sameBytes(previous.bytes, next.bytes) ? previous : next;
  if (previous.kind === 'text' && next.kind === 'text') return previous.text === next.text ? previous : next;
  if (previous.kind === 'unreadable' && next.kind === 'unreadable') return previous.reason === next.reason ? previous : next;
  return next;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

export interface PersonaInput {
  /** Absolute path of the persona folder. */
  readonly dir: string;
  /**
   * The files the profile asked for (`filesToRead`), by path relative to `dir`
   * with `/` separators (`SOUL.md`, `../AGENTS.md`). Absent files are not in the map.
   */
  readonly files: ReadonlyMap<string, FileContent>;
}

export interface RuntimeOptions {
  /** OpenClaw's session kind; default `main`. */
  readonly session?: SessionKind;
  /** Absolute path the runtime's headings show, instead of `PersonaInput.dir`. */
  readonly workspacePath?: string;
  /** The per-file cap in the runtime's unit, where the runtime lets it be set. */
  readonly maxChars?: number;
  /** The total budget in the runtime's unit, where the runtime has one. */
  readonly totalMaxChars?: number;
  /** Fraction of a cap at which a file is "near" it; default DEFAULT_WARN_AT. */
  readonly warnAt?: number;
  /** The OpenClaw release to compose as (`2026.7.35`); default the newest known. */
  readonly openclawRelease?: string;
  /**
   * Whether OpenClaw's first-run setup of the workspace is completed (its
   * `.openclaw/workspace-state.json` records `setupCompletedAt`); default true. From 5.20,
   * BOOTSTRAP.md is loaded only while setup is pending.
   */
  readonly setupCompleted?: boolean;
  /**
   * Hermes: the absolute path of the Hermes home (`~/.hermes`, `$HERMES_HOME`, a profile's
   * `~/.hermes/profiles/NAME`) whose SOUL.md and memories/ it reads; default the persona folder.
   */
  readonly hermesHome?: string;
  /** Hermes: the absolute path of the working folder whose project files it reads; default the persona folder. */
  readonly hermesProject?: string;
  /** Hermes: the model's context window in tokens, which sets the per-file cap; default unknown (20,000 chars). */
  readonly contextWindow?: number;
}

/** An absolute path on POSIX or Windows (`/x`, `C:\x`, `C:/x`, `\\server\share`), whatever the platform this runs on. */
export function isAbsoluteWorkspacePath(path: string): boolean {
  return /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(path);
}

/**
 * The folder a runtime's headings name: the workspace path when it is absolute (the runtime
 * resolves its own; a relative one is a heading it never writes), else the persona folder's; a
 * Windows drive letter upper case, as the runtime's process writes it (VS Code's fsPath lowers it).
 */
export function headingFolder(options: RuntimeOptions, dir: string): string {
  const workspace = options.workspacePath !== undefined && isAbsoluteWorkspacePath(options.workspacePath) ? options.workspacePath : dir;
  return workspace.replace(/^[a-z](?=:[\\/])/, (drive) => drive.toUpperCase());
}

/** A range of UTF-16 indexes [start, end) in a file's decoded text. */
export interface Span {
  readonly start: number;
  /** May exceed the text that was read: such a span runs to the end of the file. */
  readonly end: number;
}

export type FileStatus =
  /** Sent whole. */
  | 'sent'
  /** Sent in part: `kept` went, `dropped` did not; a marker or notice may stand between. */
  | 'cut'
  /** Present, but white space only or empty: sends nothing (or only a heading, per runtime). */
  | 'empty'
  /** Absent, and the runtime skips it silently. */
  | 'absent'
  /** Absent, and the runtime sends a marker in its place (`[MISSING] Expected at: …`). */
  | 'missing'
  /** Present but not readable by the runtime; it sends a marker or skips it (see `section`). */
  | 'unreadable'
  /** The runtime (or this session kind) does not read this file at all. */
  | 'notLoaded'
  /** The runtime's total budget ran out before this file: nothing of it is sent. */
  | 'dropped';

/** One file under one runtime: the shape every surface reads. */
export interface FileMeasure {
  /** Path relative to the persona folder, as in `PersonaInput.files`. */
  readonly name: string;
  readonly status: FileStatus;
  /** The file's decoded text the spans index into ('' when absent or unreadable). */
  readonly text: string;
  /** Size of the whole file in the runtime's unit (0 when absent). */
  readonly size: number;
  /** The file's own cap in the runtime's unit, before any total budget; undefined when it has none. */
  readonly cap?: number;
  /** The cap that applied after the total budget (≤ cap). */
  readonly effectiveCap?: number;
  /** ok / near / over against `effectiveCap`; 'missing' when nothing of the file is there. */
  readonly state: CapState;
  /** What of `text` is sent, and what is not, in file order. */
  readonly kept: readonly Span[];
  readonly dropped: readonly Span[];
  /** Sizes of what is sent and dropped of the file's own text, in the runtime's unit. */
  readonly keptSize: number;
  readonly droppedSize: number;
  /** This file's part of the composed text, heading and marker included; '' when it sends nothing. */
  readonly section: string;
  /** Where `section` begins in `Composition.text` (-1 when it sends nothing). */
  readonly offset: number;
  /** One line for people, in the runtime's own terms: "OpenClaw keeps 14,920 + 4,973 of 33,071 chars". */
  readonly note?: string;
  /** The runtime's marker text, exactly as it is sent, when it adds one. */
  readonly marker?: string;
  /**
   * What `openclaw doctor` says of the file, in its words, when it is near its limit (85 %) or
   * truncated: "Workspace bootstrap files are near configured limits: SOUL.md: 17,500 chars (88% of max/file 20,000)".
   */
  readonly doctorNote?: string;
  /**
   * OpenClaw: the numbers its run report (`systemPromptReport.injectedWorkspaceFiles`) holds for
   * a file it loads: `rawChars` the trimEnd length read (0 when missing), `injectedChars` what it
   * injects, markers included, before the prompt's clean-up. Absent for a file it does not load.
   */
  readonly runReport?: { readonly rawChars: number; readonly injectedChars: number; readonly missing: boolean };
  /**
   * What the runtime's injection scanner blocks in this file (Hermes): the whole file, or one
   * entry of a memory file, replaced by `line`; each finding with its ranges in `text`.
   */
  readonly blocks?: readonly ScanBlock[];
}

/** One text a runtime's scanner replaces: the line it sends instead, and why. */
export interface ScanBlock {
  readonly line: string;
  /** The part of `text` that is replaced (a whole file, or one memory entry). */
  readonly range: Span;
  /** `file`: a context file, blocked whole; `entry`: one memory entry, removed. */
  readonly scope: 'file' | 'entry';
  readonly findings: readonly ScanFinding[];
}

export interface ScanFinding {
  /** The runtime's id: `role_hijack`, `invisible_unicode_U+200D`… */
  readonly id: string;
  readonly kind: 'pattern' | 'invisible';
  /** Where it matches in the file's `text`, with the matched text. */
  readonly ranges: readonly (Span & { readonly match: string })[];
}

export interface Composition {
  readonly runtime: RuntimeId;
  readonly unit: SizeUnit;
  /** Exactly what the runtime injects. May be computed on first read. */
  readonly text: string;
  /**
   * Strings whose join is `text`, each file's `section` among them as itself, when the
   * composition is built so: whoever needs the whole text elsewhere (the token worker)
   * can join it there instead of copying megabytes here.
   */
  readonly pieces?: readonly string[];
  /** Every file the runtime knows, in the order it renders them, then the others it ignores. */
  readonly files: readonly FileMeasure[];
  /** Names of the files that contribute text, in render order. */
  readonly found: readonly string[];
  /** What the runtime's total budget spends, in its unit, against that budget (if any). */
  readonly total: { readonly size: number; readonly cap?: number; readonly state: CapState };
}

export interface RuntimeProfile {
  readonly id: RuntimeId;
  /** "OpenClaw 2026.9.6": the runtime at its default options. */
  readonly label: string;
  /** The label for these options, where they change it ("OpenClaw 2026.7.35"); `label` otherwise. */
  labelFor?(options?: RuntimeOptions): string;
  /** What sets it apart, in a line of the runtime picker: "AGENTS.md only, 32 KiB in all, cut at the byte". */
  readonly description: string;
  readonly unit: SizeUnit;
  /** File names of the persona folder this runtime reads, in the order it renders them. */
  readonly fileNames: readonly string[];
  /**
   * The paths (relative to `dir`, `/`-separated) to read for `compose`, in order.
   * Most runtimes answer `fileNames`; Codex walks up to the project root, so it
   * asks `exists` (a path relative to `dir`) which folders hold `.git`; Hermes also reads
   * the Hermes home of `options` and asks `list` for a folder's names (`.cursor/rules`).
   */
  filesToRead(dir: string, exists: (relative: string) => boolean, options?: RuntimeOptions, list?: (relative: string) => readonly string[] | undefined): readonly string[];
  /** Most bytes of a file `compose` needs; a larger file is read up to this many bytes. */
  readonly readLimit: number;
  /** The read limit for these options, where they change it (an OpenClaw release that reads big files whole). */
  readLimitFor?(options?: RuntimeOptions): number;
  /** The runtime's composition of a persona folder, with a measure of each file. */
  compose(input: PersonaInput, options?: RuntimeOptions): Composition;
}
