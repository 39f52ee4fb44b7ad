// One file's section as Hermes builds it: decoded and stripped as Python reads it, scanned, headed, capped.
import { formatCount } from '../format';
import { CapState, capState } from '../report';
import { FileContent, FileMeasure, ScanBlock, Span } from './profile';
import { findingIds, scanForThreats } from './hermesScan';
import { codePointIndex, codePoints, decodeForHermes, pythonStrip, sliceView, TextView } from './hermesText';

/** What Hermes sends as its identity when SOUL.md is absent, empty or not read (prompt_builder.py DEFAULT_AGENT_IDENTITY). */
export const HERMES_DEFAULT_IDENTITY =
  'You are Hermes Agent, built by Nous Research. Be direct: match the length of your reply to the weight of the ask ' +
  "— a one-line question gets a one-line answer, and finished work gets a short report of what changed, what's " +
  'verified, and what\'s left, never a replay of the process. No filler ("Great question," "I\'d be happy to"), no ' +
  'restating the request back, no re-summarizing what you already said, no narrating tool calls the user can see. ' +
  "Plain claims over adjectives; when unsure, say so plainly. Agree because it's right, not because the user said " +
  'it. Depth is earned — give it when the user asks for detail, teaches, or the stakes demand it, not by default.';

export interface Read {
  readonly name: string;
  readonly content: FileContent;
  /** The file's text as decoded ('' when not decodable), which spans index. */
  readonly file: string;
  /** Hermes's stripped text ('' when blank or unreadable). */
  readonly view?: TextView;
  readonly failure?: string;
}

export function readFile(name: string, content: FileContent): Read {
  const decoded = decodeForHermes(content, 'utf-8-sig');
  if (decoded.kind === 'unreadable') return { name, content, file: decoded.file, failure: decoded.reason };
  const view = pythonStrip(decoded.view);
  return { name, content, file: decoded.file, view: view.text === '' ? undefined : view };
}

/** Hermes's `_scan_context_content`: the text, or the [BLOCKED: …] line when the scanner finds anything. */
function scanned(view: TextView, label: string): { text: string; block?: ScanBlock } {
  const text = view.text.startsWith('\uFEFF') ? sliceView(view, 1) : view;
  const findings = scanForThreats(text.text, 'context');
  if (findings.length === 0) return { text: text.text };
  const line = `[BLOCKED: ${label} contained potential prompt injection (${findingIds(findings)}). Content not loaded.]`;
  const mapped = findings.map((finding) => ({
    ...finding,
    ranges: finding.ranges.map((r) => ({ start: text.origin[r.start], end: text.origin[r.end], match: r.match })),
  }));
  return { text: line, block: { line, range: { start: view.origin[0], end: view.origin[view.text.length] }, scope: 'file', findings: mapped } };
}

export interface Capped {
  readonly text: string;
  readonly marker?: string;
  /** UTF-16 ends of the head kept and start of the tail kept, in the uncut text. */
  readonly headEnd: number;
  readonly tailStart: number;
}

/** Hermes's `_truncate_content`: head 70%, marker, tail 20% of the cap, when the text is longer than the cap. */
export function truncateForHermes(content: string, warnName: string, readPath: string, cap: number): Capped {
  const length = codePoints(content);
  if (length <= cap) return { text: content, headEnd: content.length, tailStart: content.length };
  const head = Math.floor(cap * 0.7);
  const tail = Math.floor(cap * 0.2);
  const marker =
    `\n\n[...truncated ${warnName}: kept ${head}+${tail} of ${length} chars. The middle is omitted — if you need ` +
    `the full instructions, read the complete file with the read_file tool: ${readPath}]\n\n`;
  const headEnd = codePointIndex(content, head);
  // Python's content[-0:] is the whole text.
  const tailStart = tail === 0 ? 0 : codePointIndex(content, -tail);
  return { text: content.slice(0, headEnd) + marker + content.slice(tailStart), marker, headEnd, tailStart };
}

export interface Section {
  readonly text: string;
  readonly measure: Omit<FileMeasure, 'offset'>;
}

export function sizeOf(read: Read): number {
  return codePoints(read.file.startsWith('\uFEFF') ? read.file.slice(1) : read.file);
}

/** A file's section: `heading` + its scanned text, capped as `warnName` with `readPath` in the marker. */
export function section(read: Read, view: TextView, heading: string, label: string, warnName: string, readPath: string, cap: number, warnAt: number): Section {
  const { text: body, block } = scanned(view, label);
  const whole = heading + body;
  const capped = truncateForHermes(whole, warnName, readPath, cap);
  const length = codePoints(whole);
  const span = (start: number, end: number): Span[] => {
    const a = Math.max(0, Math.min(start - heading.length, view.text.length));
    const b = Math.max(0, Math.min(end - heading.length, view.text.length));
    return b > a ? [{ start: view.origin[a], end: view.origin[b] }] : [];
  };
  const all: Span = { start: view.origin[0], end: view.origin[view.text.length] };
  const kept = block ? [] : capped.marker ? [...span(0, capped.headEnd), ...span(capped.tailStart, whole.length)] : [all];
  const dropped = block ? [all] : capped.marker ? span(capped.headEnd, capped.tailStart) : [];
  const measureOf = (spans: Span[]) => spans.reduce((sum, s) => sum + codePoints(read.file.slice(s.start, s.end)), 0);
  const state: CapState = capState(length, cap, warnAt);
  const notes = [
    block ? `Hermes blocks this whole file: it sends "${block.line}"` : undefined,
    capped.marker ? `Hermes keeps ${formatCount(Math.floor(cap * 0.7))} + ${formatCount(Math.floor(cap * 0.2))} of ${formatCount(length)} chars (heading included)` : undefined,
  ].filter((note) => note !== undefined);
  return {
    text: capped.text,
    measure: {
      name: read.name,
      status: block || capped.marker ? 'cut' : 'sent',
      text: read.file,
      size: sizeOf(read),
      cap,
      effectiveCap: cap,
      state,
      kept,
      dropped,
      keptSize: measureOf(kept),
      droppedSize: measureOf(dropped),
      section: capped.text,
      note: notes.length > 0 ? notes.join('; ') : undefined,
      marker: capped.marker,
      blocks: block ? [block] : undefined,
    },
  };
}

export function bare(read: Pick<Read, 'name' | 'file'> & { content?: FileContent }, status: FileMeasure['status'], note?: string): Omit<FileMeasure, 'offset'> {
  const size = read.content && read.content.kind !== 'unreadable' ? codePoints(read.file) : 0;
  return { name: read.name, status, text: read.file, size, state: 'missing', kept: [], dropped: [], keptSize: 0, droppedSize: 0, section: '', note };
}
