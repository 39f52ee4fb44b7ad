// What each OpenClaw bootstrap file keeps and drops, traced from the text sent for it:
// the measures the profile hands to every surface.
import { formatCount } from '../format';
import { CutResult, traceMarker, Traced, truncateTraced } from './openclawCut';
import { textOf } from './openclawRead';
import { FileContent, FileMeasure, Span } from './profile';

export const whole = (text: string): Span[] => (text.length > 0 ? [{ start: 0, end: text.length }] : []);

/** Cut to what is left of the total: the last unit made `…` (no `…` with 3 or fewer left). */
export function clampToBudget(traced: Traced, budget: number): Traced {
  if (budget <= 0) return traceMarker('');
  if (traced.text.length <= budget) return traced;
  if (budget <= 3) return truncateTraced(traced, budget);
  const head = truncateTraced(traced, budget - 1);
  const origin = new Int32Array(head.origin.length + 1);
  origin.set(head.origin);
  origin[head.origin.length] = -1;
  return { text: `${head.text}…`, origin };
}

/** Kept and dropped spans of the file's text, and the marker, from where each sent unit came from. */
export function traceMeasure(body: Traced, cut: CutResult | undefined, isCut: boolean): Partial<FileMeasure> {
  const kept: Span[] = [];
  let marker = '';
  for (let at = 0; at < body.origin.length; at++) {
    const from = body.origin[at];
    if (from < 0) {
      marker += body.text[at];
      continue;
    }
    const last = kept[kept.length - 1];
    if (last && last.end === from) kept[kept.length - 1] = { start: last.start, end: from + 1 };
    else kept.push({ start: from, end: from + 1 });
  }
  // A [MISSING] or [UNREADABLE] body is all the runtime's own text, none of it the file's.
  if (!cut) return { kept: [], marker: body.text || undefined };
  // White space trimmed from the end is neither sent nor flagged: the spans stop at the trimmed end.
  const end = cut.original;
  const dropped: Span[] = [];
  let at = 0;
  for (const span of kept) {
    if (span.start > at) dropped.push({ start: at, end: span.start });
    at = span.end;
  }
  if (at < end) dropped.push({ start: at, end });
  const keptSize = kept.reduce((sum, span) => sum + span.end - span.start, 0);
  const droppedSize = dropped.reduce((sum, span) => sum + span.end - span.start, 0);
  const note = isCut ? cutNote(cut) : undefined;
  return { kept, dropped, keptSize, droppedSize, marker: isCut ? marker : marker || undefined, note };
}

function cutNote(cut: CutResult): string {
  const policy = cut.policy === undefined ? '' : ` + policy ${formatCount(cut.policy)}`;
  return `OpenClaw keeps ${formatCount(cut.head)}${policy} + ${formatCount(cut.tail)} of ${formatCount(cut.original)} chars`;
}

export function notLoaded(name: string, content: FileContent | undefined, note: string): Partial<FileMeasure> & { name: string } {
  const text = content ? textOf(content) : '';
  return { name, status: 'notLoaded', text, size: text.length, dropped: whole(text), droppedSize: text.length, note };
}

/** Fills in what a partial measure leaves out: nothing sent, nothing kept. */
export function finish(measure: Partial<FileMeasure> & { name: string }): FileMeasure {
  return {
    status: 'absent',
    text: '',
    size: 0,
    state: 'missing',
    kept: [],
    dropped: [],
    keptSize: 0,
    droppedSize: 0,
    section: '',
    offset: -1,
    ...measure,
  } as FileMeasure;
}

/** OpenClaw's near-limit ratio: doctor and `/context` call a file near its limit from 85 % of it. */
export const OPENCLAW_NEAR_LIMIT = 0.85;

/**
 * Doctor's line for a file of its "Bootstrap file size" note (2.x+), or undefined when it says
 * nothing of it: truncated (what it sends is shorter than its raw size), or near its limit.
 * `raw` is the text without trailing white space, `injected` what is sent, `available` what
 * was left of the total before it; 9.x give USER.md's own cap as the limit, older ones max/file.
 */
export function doctorSizeLine(name: string, raw: number, injected: number, limit: number, maxChars: number, available: number, ownLimit: boolean): string | undefined {
  const percent = (part: number, whole: number) => (whole > 0 ? `${Math.min(100, Math.max(0, Math.round((part / whole) * 100)))}%` : '0%');
  if (injected < raw) {
    const causes: string[] = [];
    if (raw > limit) causes.push('max/file');
    if (available < limit && raw > available) causes.push('max/total');
    return `Workspace bootstrap files exceed limits and will be truncated: ${name}: ${formatCount(raw)} raw / ${formatCount(injected)} injected (${percent(raw - injected, raw)} truncated; ${causes.join(', ') || 'unknown'})`;
  }
  if (raw < Math.ceil(limit * OPENCLAW_NEAR_LIMIT)) return undefined;
  const shown = ownLimit ? limit : maxChars;
  return `Workspace bootstrap files are near configured limits: ${name}: ${formatCount(raw)} chars (${percent(raw, shown)} of max/file ${formatCount(shown)})`;
}
