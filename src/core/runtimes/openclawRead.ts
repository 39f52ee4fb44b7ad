// How OpenClaw reads a bootstrap file, release by release: UTF-8 with a BOM kept; links
// followed, followed inside the workspace, or refused; a file over 2 MiB read, missing or
// unreadable; and the `[UNREADABLE: …]` text 8.x+ send when a read fails.
import { MAX_FILE_BYTES } from '../bootstrap';
import { decodeUtf8, utf8Length } from '../utf8';
import { safeRange } from './openclawCut';
import { OpenClawEpoch } from './openclawReleases';
import { FileContent } from './profile';

/** OpenClaw does not read a bootstrap file larger than this many bytes. */
export const OPENCLAW_MAX_FILE_BYTES = MAX_FILE_BYTES;

// One decoding per file version: callers keep the same content object until the file changes.
const decoded = new WeakMap<FileContent, string>();

export function textOf(content: FileContent): string {
  if (content.kind === 'unreadable') return '';
  if (content.kind === 'text') return content.text;
  let text = decoded.get(content);
  if (text === undefined) decoded.set(content, (text = decodeUtf8(content.bytes)));
  return text;
}

export interface OpenClawRead {
  /** The file's own text ('' when unreadable). */
  readonly text: string;
  /** What is sent for it: the text, or an `[UNREADABLE: …]` line. */
  readonly content: string;
  readonly tooLarge: boolean;
  readonly unreadable: boolean;
  /** The release does not get at it: `[MISSING] Expected at: …` is sent, as for an absent file. */
  readonly missing?: boolean;
}

/** Whether a link leads out of the persona folder, by its resolved target. */
export const leadsOutside = (content: FileContent): boolean => content.linkTarget !== undefined && /^\.\.(?:\/|$)/.test(content.linkTarget);

/** A file's text as the release reads it, or what it sends instead. */
export function readAsOpenClaw(content: FileContent, path: string, epoch?: Pick<OpenClawEpoch, 'links' | 'oversize' | 'readErrors'>): OpenClawRead {
  const links = epoch?.links ?? 'refuse';
  const missing = { text: textOf(content), content: '', tooLarge: false, unreadable: false, missing: true };
  if (content.symlink && links === 'refuse') return { text: textOf(content), content: `[UNREADABLE: ${SYMLINK_REFUSED}]`, tooLarge: false, unreadable: true };
  if (content.symlink && links === 'inside' && leadsOutside(content)) return missing;
  if (content.kind === 'unreadable') {
    if ((epoch?.readErrors ?? 'unreadable') === 'missing') return { ...missing, text: '' };
    return { text: '', content: `[UNREADABLE: ${unreadableReason(content.reason, path)}]`, tooLarge: false, unreadable: true };
  }
  const text = textOf(content);
  const bytes = content.kind === 'bytes' ? Math.max(content.size, content.bytes.byteLength) : text.length * 3 > OPENCLAW_MAX_FILE_BYTES ? utf8Length(text) : 0;
  const oversize = epoch?.oversize ?? 'unreadable';
  if (bytes > OPENCLAW_MAX_FILE_BYTES && oversize === 'missing') return { ...missing, tooLarge: true };
  if (bytes > OPENCLAW_MAX_FILE_BYTES && oversize === 'unreadable')
    return { text, content: `[UNREADABLE: File exceeds ${OPENCLAW_MAX_FILE_BYTES} bytes]`, tooLarge: true, unreadable: true };
  return { text, content: text, tooLarge: false, unreadable: false };
}

/** OpenClaw reads a bootstrap file only when no part of its path inside the workspace is a link. */
const SYMLINK_REFUSED = 'symlink path component not allowed';

/** Node's words for the open errors a reader reports by code, as OpenClaw passes them on. */
const OPEN_ERRORS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ELOOP: 'too many symbolic links encountered',
  ENAMETOOLONG: 'name too long',
  EMFILE: 'too many open files',
  ENFILE: 'file table overflow',
  EBUSY: 'resource busy or locked',
  EIO: 'i/o error',
};
/** OpenClaw cuts the reason it sends to this many UTF-16 units. */
const REASON_MAX = 300;

/**
 * OpenClaw's words for a failed read of `path`, from the reason our reader gives: a
 * directory or FIFO fails its file-type check; an open error is Node's message
 * (`EACCES: permission denied, open '…'`, checked by hand, as a test cannot run
 * unprivileged). Other reasons are sent as the reader gave them.
 */
export function unreadableReason(reason: string, path: string): string {
  if (reason === 'a directory' || reason === 'not a regular file') return 'path does not have the required file type';
  const known = OPEN_ERRORS[reason];
  const text = (known ? `${reason}: ${known}, open '${path}'` : reason).replace(/\s+/gu, ' ').trim() || 'workspace file could not be read (io)';
  const [, end] = safeRange(text, 0, REASON_MAX);
  return text.slice(0, end);
}
