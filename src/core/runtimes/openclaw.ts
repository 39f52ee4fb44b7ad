// OpenClaw 2026.9.6 as a runtime profile: the Project Context block of its system
// prompt, byte for byte, with what each bootstrap file keeps and drops under its caps.
// Not modelled: a first-run setup still pending (BOOTSTRAP.md), an active project (its
// tagged USER/MEMORY entries are always dropped), hook-added files, a personal
// users/<id>/USER.md, and broken links (OpenClaw refuses them; our readers see no file).
import { DEFAULT_WARN_AT } from '../bootstrap';
import { formatCount } from '../format';
import { CapState, capState } from '../report';
import { cutToCap, CutResult, traceMarker, Traced, truncateTraced } from './openclawCut';
import { validCap } from './openclawConfig';
import { OPENCLAW_MAX_FILE_BYTES, readAsOpenClaw, textOf } from './openclawRead';
import { BLOCK_INTRO, BLOCK_TITLE, dropProjectEntries, hintLines, joinWorkspacePath, sanitizeForPrompt } from './openclawPrompt';
import { Composition, FileContent, FileMeasure, headingFolder, PersonaInput, RuntimeOptions, RuntimeProfile, SessionKind, Span } from './profile';

export const OPENCLAW_MAX_CHARS = 20_000;
export const OPENCLAW_USER_MAX_CHARS = 4_000;
export const OPENCLAW_TOTAL_MAX_CHARS = 60_000;
/** With less of the total left than this, a file and all after it are dropped. */
export const OPENCLAW_MIN_FILE_BUDGET = 64;

/** The order files are read in, and the budget spent in (and, for these, rendered in). */
const LOAD_ORDER = ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'MEMORY.md'] as const;
/** Persona files OpenClaw knows of but no longer loads. */
const RETIRED = ['TOOLS.md', 'HEARTBEAT.md'] as const;
/** Absent, these send a `[MISSING]` marker; the others are skipped. */
const EXPECTED: ReadonlySet<string> = new Set(['AGENTS.md', 'SOUL.md', 'IDENTITY.md']);
const SESSION_FILES: Record<SessionKind, ReadonlySet<string>> = {
  main: new Set(LOAD_ORDER),
  subagent: new Set(['AGENTS.md']),
  cron: new Set(['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md']),
};
const SESSION_WORD: Record<SessionKind, string> = { main: 'main', subagent: 'sub-agent', cron: 'cron' };

const whole = (text: string): Span[] => (text.length > 0 ? [{ start: 0, end: text.length }] : []);

// The last cut of each file version: typing in one file leaves the others' cuts as they were.
const lastCut = new WeakMap<FileContent, { name: string; cap: number; source: string; cut: CutResult }>();

function cachedCut(content: FileContent, source: string, name: string, cap: number): CutResult {
  const cached = lastCut.get(content);
  // The source is the same string object while the file is: the comparison is by reference.
  if (cached && cached.name === name && cached.cap === cap && cached.source === source) return cached.cut;
  const cut = cutToCap(source.trimEnd(), name, cap, name === 'AGENTS.md');
  lastCut.set(content, { name, cap, source, cut });
  return cut;
}

interface Sent {
  readonly name: string;
  readonly path: string;
  readonly body: Traced;
}

function compose(input: PersonaInput, options: RuntimeOptions = {}): Composition {
  const warnAt = options.warnAt ?? DEFAULT_WARN_AT;
  const session = options.session ?? 'main';
  const workspace = headingFolder(options, input.dir);
  const maxChars = validCap(options.maxChars) ?? OPENCLAW_MAX_CHARS;
  const totalMaxChars = validCap(options.totalMaxChars) ?? OPENCLAW_TOTAL_MAX_CHARS;
  let remaining = totalMaxChars;
  let spent = 0;
  let budgetShort = false;
  let stopped = false;
  const measures = new Map<string, Partial<FileMeasure> & { name: string }>();
  const sent: Sent[] = [];
  const cuts = new Map<string, CutResult>();

  for (const name of LOAD_ORDER) {
    const content = input.files.get(name);
    if (!SESSION_FILES[session].has(name)) {
      measures.set(name, notLoaded(name, content, `not loaded by OpenClaw in a ${SESSION_WORD[session]} session`));
      continue;
    }
    const path = joinWorkspacePath(workspace, name);
    const cap = name === 'USER.md' ? Math.min(maxChars, OPENCLAW_USER_MAX_CHARS) : maxChars;
    if (!content && !EXPECTED.has(name)) {
      measures.set(name, { name, status: 'absent', cap });
      continue;
    }
    const read = content ? readAsOpenClaw(content, path) : undefined;
    const dropped = (): void => {
      stopped = budgetShort = true;
      const size = read?.text.length ?? 0;
      measures.set(name, {
        name, status: 'dropped', text: read?.text ?? '', size, cap, effectiveCap: 0, state: size > 0 ? 'over' : 'missing',
        dropped: whole(read?.text ?? ''), droppedSize: size,
        note: `OpenClaw's ${formatCount(totalMaxChars)}-char total is spent: nothing of ${name} is sent`,
      });
    };
    if (stopped || remaining <= 0) {
      dropped();
      continue;
    }
    if (!read) {
      const full = `[MISSING] Expected at: ${path}`;
      const marker = clampToBudget(traceMarker(full), remaining);
      if (marker.text.length === 0) {
        dropped();
        continue;
      }
      remaining -= marker.text.length;
      spent += marker.text.length;
      if (marker.text.length < full.length) budgetShort = true;
      sent.push({ name, path, body: marker });
      measures.set(name, { name, status: 'missing', cap, effectiveCap: remaining + marker.text.length, state: 'missing', note: `missing: OpenClaw sends "${marker.text}"` });
      continue;
    }
    if (remaining < OPENCLAW_MIN_FILE_BUDGET) {
      dropped();
      continue;
    }
    const effectiveCap = Math.max(1, Math.min(cap, remaining));
    const cut = cachedCut(content!, read.content, name, effectiveCap);
    const body = clampToBudget(cut, remaining);
    const base = { name, text: read.text, size: read.text.length, cap, effectiveCap };
    if (body.text.length === 0) {
      measures.set(name, { ...base, status: 'empty', state: 'ok', note: 'empty: OpenClaw sends nothing for it, not even a heading' });
      continue;
    }
    if (cut.truncated && effectiveCap < cap) budgetShort = true;
    remaining -= body.text.length;
    spent += body.text.length;
    sent.push({ name, path, body });
    if (read.unreadable) {
      const note = read.tooLarge
        ? `OpenClaw does not read files over ${formatCount(OPENCLAW_MAX_FILE_BYTES)} bytes`
        : content?.symlink
          ? 'OpenClaw does not read a bootstrap file through a symbolic link'
          : 'OpenClaw cannot read it';
      const unsent = read.tooLarge ? [{ start: 0, end: Number.MAX_SAFE_INTEGER }] : whole(read.text);
      measures.set(name, { ...base, status: 'unreadable', state: read.tooLarge ? 'over' : 'missing', dropped: unsent, droppedSize: base.size, note });
    } else {
      cuts.set(name, cut);
      measures.set(name, { ...base, status: cut.truncated ? 'cut' : 'sent', state: cut.truncated ? 'over' : capState(cut.original, effectiveCap, warnAt) });
    }
  }

  // After the budget: project-tagged entries leave USER.md and MEMORY.md, then the prompt clean-up.
  const bodies = sent.map((file) => {
    const kept = file.name === 'USER.md' || file.name === 'MEMORY.md' ? dropProjectEntries(file.body) : file.body;
    return { ...file, body: sanitizeForPrompt(kept) };
  });
  const lines = bodies.length > 0 ? [BLOCK_TITLE, BLOCK_INTRO, ...hintLines(new Set(bodies.map((file) => file.name)))] : [];
  let offset = lines.reduce((sum, line) => sum + line.length + 1, 0);
  for (const file of bodies) {
    const section = file.body.text.length > 0 ? `## ${file.path}\n${file.body.text}` : `## ${file.path}`;
    lines.push(section);
    const measure = measures.get(file.name)!;
    Object.assign(measure, { section, offset }, traceMeasure(file.body, cuts.get(file.name), measure.status === 'cut'));
    offset += section.length + 1;
  }

  const files = [...LOAD_ORDER, ...RETIRED].map((name) => {
    if (RETIRED.includes(name as (typeof RETIRED)[number])) return finish(notLoaded(name, input.files.get(name), 'not loaded by OpenClaw'));
    return finish(measures.get(name)!);
  });
  const totalState: CapState = budgetShort ? 'over' : capState(spent, totalMaxChars, warnAt);
  return {
    runtime: 'openclaw',
    unit: 'chars',
    text: lines.join('\n'),
    files,
    found: bodies.map((file) => file.name),
    total: { size: spent, cap: totalMaxChars, state: totalState },
  };
}

/** Cut to what is left of the total: the last unit made `…` (no `…` with 3 or fewer left). */
function clampToBudget(traced: Traced, budget: number): Traced {
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
function traceMeasure(body: Traced, cut: CutResult | undefined, isCut: boolean): Partial<FileMeasure> {
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

function notLoaded(name: string, content: FileContent | undefined, note: string): Partial<FileMeasure> & { name: string } {
  const text = content ? textOf(content) : '';
  return { name, status: 'notLoaded', text, size: text.length, dropped: whole(text), droppedSize: text.length, note };
}

/** Fills in what a partial measure leaves out: nothing sent, nothing kept. */
function finish(measure: Partial<FileMeasure> & { name: string }): FileMeasure {
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

export const openclaw: RuntimeProfile = {
  id: 'openclaw',
  label: 'OpenClaw 2026.9.6',
  unit: 'chars',
  fileNames: LOAD_ORDER,
  // The retired files are read too, so their sizes can be shown beside "not loaded".
  filesToRead: () => [...LOAD_ORDER, ...RETIRED],
  readLimit: OPENCLAW_MAX_FILE_BYTES + 1,
  compose,
};
