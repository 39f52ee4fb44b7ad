// The content of a persona file as a runtime would read it now: the bytes on disk
// (stat, then at most the runtime's read limit), or a dirty editor's text with the BOM
// the file had on disk. The same object is handed out while the file version stands,
// so the core's per-content caches hit; one disk read is in flight per (file, mtime).
import * as vscode from 'vscode';
import { FileContent, keepIfUnchanged } from '../../core';
import { isLinkNow, linkTargetOf, readFileStart } from '../platform';
import { expectFileSystemError } from '../util/log';
import { displayTarget, LinkConsent, LinkOutside } from './linkConsent';

const BOM = '\uFEFF';
const BOM_BYTES = 3;
/** Encodings under which an editor saves what a UTF-8 reader decodes as typed. */
/** The file system's clock tick as VS Code reports it (ms), with room for rounding: a write this close to a read may share its mtime. */
const RACY_MS = 10;
const UTF8_ENCODINGS = new Set(['utf8', 'utf8bom']);

/** What was last stat-ed and read of one file on disk. */
interface DiskEntry {
  /** Resolves to the content of the version it stat-ed; rejects never. */
  readonly content: Promise<FileContent | undefined>;
  /** The most bytes this entry read. */
  readonly limit: number;
  /** mtime and size of the version read, once the stat answered. */
  version?: string;
  /** A change was reported since: stat again before trusting `content`. */
  stale: boolean;
  /** The name is a symbolic link (OpenClaw refuses those). */
  symlink?: boolean;
  /** When the stat answered, in ms: a version written within RACY_MS before it may hide a same-size rewrite. */
  statAt?: number;
  /** The name is a link leading outside the workspace folder. */
  outside?: LinkOutside;
}

/** Disk reads of one file so far: how many, and how many bytes in all (a probe for tests). */
export interface ReadCount {
  count: number;
  bytes: number;
}

interface TextEntry {
  readonly version: number;
  readonly bom: boolean;
  readonly content: FileContent;
}

export class LiveContent {
  private readonly disk = new Map<string, DiskEntry>();
  private readonly texts = new Map<string, TextEntry>();
  private readonly boms = new Map<string, Promise<boolean>>();
  private readonly encodings = new Map<string, string>();
  private readonly reads = new Map<string, ReadCount>();

  constructor(
    private readonly openDocument: (uri: vscode.Uri) => vscode.TextDocument | undefined,
    private readonly consent = new LinkConsent(),
  ) {}

  /** Where the file leads outside the workspace and whether it may be shown, as last stat-ed; undefined for any other file. */
  linkOutside(uri: vscode.Uri): LinkOutside | undefined {
    return this.disk.get(uri.toString())?.outside;
  }

  /** Consent changed: the file is stat-ed and read anew, whatever its version. */
  forget(uri: vscode.Uri): void {
    const key = uri.toString();
    this.disk.delete(key);
    this.texts.delete(key);
    this.boms.delete(key);
  }

  /** The file changed (on disk, or its editor was saved or closed): the next read stats it again. */
  changed(uri: vscode.Uri): void {
    const key = uri.toString();
    const entry = this.disk.get(key);
    if (entry) entry.stale = true;
    this.boms.delete(key);
  }

  /** Every disk read of file content so far, by URI: what tests count to prove reads are bounded. */
  readStats(): { reads: Record<string, ReadCount> } {
    return { reads: Object.fromEntries([...this.reads].map(([uri, count]) => [uri, { ...count }])) };
  }

  /** At most `limit` first bytes of the file, counted. */
  private async read(uri: vscode.Uri, expected: number, limit: number): Promise<Uint8Array> {
    const bytes = await readBounded(uri, expected, limit);
    const key = uri.toString();
    const count = this.reads.get(key) ?? { count: 0, bytes: 0 };
    count.count++;
    count.bytes += bytes.byteLength;
    this.reads.set(key, count);
    return bytes;
  }

  /** A dirty editor's encoding when it is not UTF-8: the runtime will decode its saved bytes as UTF-8. */
  foreignEncoding(uri: vscode.Uri): string | undefined {
    return this.encodings.get(uri.toString());
  }

  /** What the runtime would read: undefined when the file is absent. `limit` bounds the bytes read. */
  async content(uri: vscode.Uri, limit: number): Promise<FileContent | undefined> {
    const key = uri.toString();
    const document = this.openDocument(uri);
    // An open editor without changes shows decoded, normalised text: the disk bytes are truer.
    if (!document?.isDirty) {
      this.texts.delete(key);
      this.encodings.delete(key);
      return this.fromDisk(uri, limit);
    }
    const version = document.version;
    const bom = await this.bomOnDisk(uri);
    // An editor open on a link leading outside shows what is behind it; the measures do not, without consent.
    const onDisk = this.disk.get(key);
    if (onDisk?.outside?.shown === false) return onDisk.content;
    const cached = this.texts.get(key);
    if (cached && cached.version === document.version && cached.bom === bom) return cached.content;
    if (document.isClosed || document.version !== version) return this.content(uri, limit);
    const encoding = (document as { encoding?: string }).encoding;
    if (encoding !== undefined && !UTF8_ENCODINGS.has(encoding)) this.encodings.set(key, encoding);
    else this.encodings.delete(key);
    const text = document.getText();
    const withBom = bom && !text.startsWith(BOM) ? BOM + text : text;
    const content: FileContent = this.disk.get(key)?.symlink ? { kind: 'text', text: withBom, symlink: true } : { kind: 'text', text: withBom };
    this.texts.set(key, { version, bom, content });
    return content;
  }

  private fromDisk(uri: vscode.Uri, limit: number): Promise<FileContent | undefined> {
    const key = uri.toString();
    const previous = this.disk.get(key);
    if (previous && !previous.stale && previous.limit >= limit) return previous.content;
    const entry: DiskEntry = { content: Promise.resolve(undefined), limit: Math.max(limit, previous?.limit ?? 0), stale: false };
    (entry as { content: Promise<FileContent | undefined> }).content = this.statAndRead(uri, entry, previous);
    this.disk.set(key, entry);
    return entry.content;
  }

  private async statAndRead(uri: vscode.Uri, entry: DiskEntry, previous: DiskEntry | undefined): Promise<FileContent | undefined> {
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch (error) {
      expectFileSystemError(error); // Absent, or a name that cannot be looked at.
      entry.version = 'absent';
      // A link leading nowhere is a name the runtime finds and cannot read, not an absent file.
      if (uri.scheme === 'file' && isLinkNow && (await isLinkNow(uri.fsPath))) return { kind: 'unreadable', reason: 'ENOENT', symlink: true };
      return error instanceof vscode.FileSystemError && error.code !== 'FileNotFound' ? { kind: 'unreadable', reason: error.code } : undefined;
    }
    entry.version = `${stat.mtime}:${stat.size}:${stat.type}`;
    entry.statAt = Date.now();
    const symlink = (stat.type & vscode.FileType.SymbolicLink) !== 0;
    entry.symlink = symlink;
    // Unchanged since the last read: the same object, so nothing downstream recomputes. A
    // version read within the clock's granularity of its write cannot tell a same-size
    // rewrite in that same tick from no change ("racily clean"): it is read again, and compared below.
    const racy = previous?.statAt !== undefined && previous.statAt - stat.mtime < RACY_MS;
    if (previous?.version === entry.version && previous.limit >= entry.limit && !racy) {
      const content = await previous.content;
      entry.outside = previous.outside;
      return content;
    }
    const linkTarget = symlink && uri.scheme === 'file' && linkTargetOf ? await linkTargetOf(uri.fsPath) : undefined;
    const link = symlink ? (linkTarget === undefined ? { symlink } : { symlink, linkTarget }) : {};
    if (stat.type & vscode.FileType.Directory) return { kind: 'unreadable', reason: 'a directory', ...link };
    if (!(stat.type & vscode.FileType.File)) return { kind: 'unreadable', reason: 'not a regular file', ...link };
    const outside = symlink ? await this.consent.outside(uri) : undefined;
    if (outside !== undefined) {
      const target = displayTarget(outside);
      entry.outside = { target, shown: this.consent.allows(uri, target) };
      // Not read without consent: an empty stand-in, so the runtime's rules on links still apply and nothing of the target travels.
      if (!entry.outside.shown) {
        const standIn: FileContent = { kind: 'text', text: '', ...link };
        return previous?.outside?.shown === false ? keepIfUnchanged(await previous.content, standIn) : standIn;
      }
    }
    try {
      const bytes = await this.read(uri, Math.min(stat.size, entry.limit), entry.limit);
      const next: FileContent = { kind: 'bytes', bytes, size: Math.max(stat.size, bytes.byteLength), ...link };
      // The same bytes as before (a touch, a racy re-read) keep the earlier object.
      return previous && previous.limit === entry.limit ? keepIfUnchanged(await previous.content, next) : next;
    } catch (error) {
      expectFileSystemError(error); // No permission, gone since the stat, a FIFO refused: the runtime cannot read it either.
      return { kind: 'unreadable', reason: error instanceof vscode.FileSystemError ? error.code : String((error as NodeJS.ErrnoException).code), ...link };
    }
  }

  /** Whether the file on disk starts with the 3 bytes of a UTF-8 BOM (an editor hides it but saves it back). */
  private bomOnDisk(uri: vscode.Uri): Promise<boolean> {
    const key = uri.toString();
    let bom = this.boms.get(key);
    if (!bom) {
      const entry = this.disk.get(key);
      // Never read before: stat-ed first, so a link leading outside is not read.
      const known = entry && !entry.stale ? entry.content : entry ? undefined : this.fromDisk(uri, BOM_BYTES);
      bom = known?.then((content) => (content?.kind === 'bytes' ? startsWithBom(content.bytes) : false)) ?? this.read(uri, BOM_BYTES, BOM_BYTES).then(startsWithBom, () => false);
      this.boms.set(key, bom);
    }
    return bom;
  }
}

function startsWithBom(bytes: Uint8Array): boolean {
  return bytes.length >= BOM_BYTES && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** At most `limit` first bytes of a file; `expected` sizes the first buffer. Local files are read in part. */
async function readBounded(uri: vscode.Uri, expected: number, limit: number): Promise<Uint8Array> {
  if (uri.scheme === 'file' && readFileStart) return readFileStart(uri.fsPath, limit, expected);
  const bytes = await vscode.workspace.fs.readFile(uri);
  return bytes.byteLength > limit ? bytes.subarray(0, limit) : bytes;
}
