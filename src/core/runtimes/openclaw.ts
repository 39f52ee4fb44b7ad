// OpenClaw as a runtime profile, at any release: the Project Context block of its system
// prompt, byte for byte, with what each bootstrap file keeps and drops under its caps. The
// release is data (openclawReleases.ts); this file walks the budget and lays out the block.
// Not modelled: an active project (its tagged USER/MEMORY entries are always dropped, 8.x+),
// hook-added files, memory provenance (7.33+), a personal users/<id>/USER.md (9.6).
import { DEFAULT_WARN_AT } from '../bootstrap';
import { formatCount } from '../format';
import { CapState, capState } from '../report';
import { cutToCap, CutResult, traceMarker, Traced } from './openclawCut';
import { validCap } from './openclawConfig';
import { loadBootstrapFiles, renderOrder } from './openclawLoad';
import { clampToBudget, doctorSizeLine, finish, notLoaded, traceMeasure, whole } from './openclawMeasure';
import { BLOCK_TITLE, dropProjectEntries, DYNAMIC_INTRO, DYNAMIC_TITLE, headerLines, joinWorkspacePath, sanitizeForPrompt } from './openclawPrompt';
import { OPENCLAW_MAX_FILE_BYTES, readAsOpenClaw } from './openclawRead';
import { OPENCLAW_NEWEST_RELEASE, OpenClawEpoch, resolveOpenClawRelease } from './openclawReleases';
import { Composition, FileContent, FileMeasure, headingFolder, PersonaInput, RuntimeOptions, RuntimeProfile } from './profile';

export const OPENCLAW_MAX_CHARS = 20_000;
export const OPENCLAW_USER_MAX_CHARS = 4_000;
export const OPENCLAW_TOTAL_MAX_CHARS = 60_000;
/** The notes of a file OpenClaw leaves out for being a link (8.x+), or sends `[MISSING]` for (2.22–7.x). */
export const OPENCLAW_LINK_REFUSED = 'OpenClaw does not read a bootstrap file through a symbolic link';
export const OPENCLAW_LINK_NOT_FOLLOWED = 'a link it does not follow';
/** What is read of a file for a release that reads files whole (1.x): 64 MiB. */
const OPENCLAW_WHOLE_READ_LIMIT = 64 * 1024 * 1024;
/** With less of the total left than this, a file and all after it are dropped. */
export const OPENCLAW_MIN_FILE_BUDGET = 64;

/** The files the newest release reads, in the order it renders them. */
const NEWEST_FILES = ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'MEMORY.md'] as const;
/** Every file some release reads; the profile reads them all so any release can be composed. */
const ALL_FILES = [...NEWEST_FILES, 'TOOLS.md', 'HEARTBEAT.md', 'BOOTSTRAP.md', 'memory.md'] as const;
/** Files the newest releases no longer load, listed even when absent (as "not loaded"). */
const RETIRED = ['TOOLS.md', 'HEARTBEAT.md'] as const;

// The last cut of each file version: typing in one file leaves the others' cuts as they were.
const lastCut = new WeakMap<FileContent, { key: string; source: string; cut: CutResult }>();

function cachedCut(content: FileContent, source: string, name: string, cap: number, epoch: OpenClawEpoch): CutResult {
  const key = `${name}\0${cap}\0${epoch.truncation}${epoch.surrogateSafe}${epoch.digest}`;
  const cached = lastCut.get(content);
  // The source is the same string object while the file is: the comparison is by reference.
  if (cached && cached.key === key && cached.source === source) return cached.cut;
  const cut = cutToCap(source.trimEnd(), name, cap, name === 'AGENTS.md', epoch);
  lastCut.set(content, { key, source, cut });
  return cut;
}

interface Sent {
  readonly name: string;
  readonly heading: string;
  readonly body: Traced;
}

function compose(input: PersonaInput, options: RuntimeOptions = {}): Composition {
  const { epoch } = resolveOpenClawRelease(options.openclawRelease);
  // The notes speak of the runtime; which release it is, the profile's label says.
  const label = 'OpenClaw';
  const warnAt = options.warnAt ?? DEFAULT_WARN_AT;
  const session = options.session ?? 'main';
  const workspace = headingFolder(options, input.dir);
  const maxChars = validCap(options.maxChars) ?? epoch.maxChars;
  // Before 2.22 there is no total budget at all.
  const totalMaxChars = epoch.totalMaxChars === undefined ? undefined : (validCap(options.totalMaxChars) ?? epoch.totalMaxChars);
  let remaining = totalMaxChars ?? Number.POSITIVE_INFINITY;
  let spent = 0;
  let budgetShort = false;
  let stopped = false;
  const measures = new Map<string, Partial<FileMeasure> & { name: string }>();
  const sent: Sent[] = [];
  const cuts = new Map<string, CutResult>();
  const { loaded, skipped } = loadBootstrapFiles(input, epoch, session, options.setupCompleted ?? true, label);
  const totalWords = totalMaxChars === undefined ? '' : `${formatCount(totalMaxChars)}-char `;

  for (const { name, content } of loaded) {
    const path = joinWorkspacePath(workspace, name);
    const heading = epoch.heading === 'name' ? name : path;
    const cap = name === 'USER.md' && epoch.userMaxChars !== undefined ? Math.min(maxChars, epoch.userMaxChars) : maxChars;
    const read = content ? readAsOpenClaw(content, path, epoch) : undefined;
    // What OpenClaw's run report counts for the file: the trimEnd length read, and what it injects (before the prompt clean-up).
    const rawChars = read && !read.missing ? read.content.trimEnd().length : 0;
    const stats = (injectedChars: number) => ({ runReport: { rawChars, injectedChars, missing: !read || read.missing === true } });
    const dropped = (): void => {
      stopped = budgetShort = true;
      const size = read?.text.trimEnd().length ?? 0;
      measures.set(name, {
        ...stats(0),
        name,
        status: 'dropped',
        text: read?.text ?? '',
        size,
        cap,
        effectiveCap: 0,
        state: size > 0 ? 'over' : 'missing',
        dropped: whole(read?.text ?? ''),
        droppedSize: size,
        note: `${label}'s ${totalWords}total is spent: nothing of ${name} is sent`,
      });
    };
    if (stopped || remaining <= 0) {
      dropped();
      continue;
    }
    if (!read || read.missing) {
      const full = `[MISSING] Expected at: ${path}`;
      const marker = clampToBudget(traceMarker(full), remaining);
      if (marker.text.length === 0) {
        dropped();
        continue;
      }
      remaining -= marker.text.length;
      spent += marker.text.length;
      if (marker.text.length < full.length) budgetShort = true;
      sent.push({ name, heading, body: marker });
      const why = !read
        ? 'missing'
        : read.tooLarge
          ? `over ${formatCount(OPENCLAW_MAX_FILE_BYTES)} bytes, not read`
          : content?.symlink
            ? OPENCLAW_LINK_NOT_FOLLOWED
            : 'not readable';
      const base = read ? { text: read.text, size: read.text.length, dropped: whole(read.text), droppedSize: read.text.length } : {};
      measures.set(name, {
        ...stats(marker.text.length),
        name,
        ...base,
        status: read ? 'unreadable' : 'missing',
        cap,
        effectiveCap: totalMaxChars === undefined ? cap : remaining + marker.text.length,
        state: read?.tooLarge ? 'over' : 'missing',
        note: `${why}: ${label} sends "${marker.text}"`,
      });
      continue;
    }
    if (totalMaxChars !== undefined && remaining < OPENCLAW_MIN_FILE_BUDGET) {
      dropped();
      continue;
    }
    const effectiveCap = Math.max(1, Math.min(cap, remaining));
    const cut = cachedCut(content!, read.content, name, effectiveCap, epoch);
    const body = clampToBudget(cut, remaining);
    // The size OpenClaw itself reports (`/context`, doctor): the text without trailing white space.
    const base = { name, text: read.text, size: read.text.trimEnd().length, cap, effectiveCap, ...stats(body.text.length) };
    if (body.text.length === 0) {
      measures.set(name, { ...base, status: 'empty', state: 'ok', note: `empty: ${label} sends nothing for it, not even a heading` });
      continue;
    }
    if (cut.truncated && effectiveCap < cap) budgetShort = true;
    // Doctor's "Bootstrap file size" note is there from 3.x; 9.x give USER.md's own cap as its limit.
    const doctorNote = hasDoctorSizeNote(epoch) && !read.unreadable ? doctorSizeLine(name, base.size, body.text.length, cap, maxChars, remaining, epoch.id === 'E7') : undefined;
    remaining -= body.text.length;
    spent += body.text.length;
    sent.push({ name, heading, body });
    if (read.unreadable) {
      const note = read.tooLarge
        ? `${label} does not read files over ${formatCount(OPENCLAW_MAX_FILE_BYTES)} bytes`
        : content?.symlink
          ? OPENCLAW_LINK_REFUSED
          : `${label} cannot read it`;
      const unsent = read.tooLarge ? [{ start: 0, end: Number.MAX_SAFE_INTEGER }] : whole(read.text);
      measures.set(name, { ...base, status: 'unreadable', state: read.tooLarge ? 'over' : 'missing', dropped: unsent, droppedSize: base.size, note });
    } else {
      cuts.set(name, cut);
      measures.set(name, {
        ...base,
        status: cut.truncated ? 'cut' : 'sent',
        state: cut.truncated ? 'over' : capState(cut.original, effectiveCap, warnAt),
        ...(doctorNote && { doctorNote }),
      });
    }
  }

  // After the budget: project-tagged entries leave USER.md and MEMORY.md (8.x+), then the prompt clean-up.
  const bodies = renderOrder(sent, epoch).map((file) => {
    const kept = epoch.projectEntries && (file.name === 'USER.md' || file.name === 'MEMORY.md') ? dropProjectEntries(file.body) : file.body;
    return { ...file, body: sanitizeForPrompt(kept, epoch.sanitize, epoch.collapseNewlines) };
  });
  const isDynamic = (name: string) => epoch.dynamicHeartbeat && name === 'HEARTBEAT.md';
  const stable = bodies.filter((file) => !isDynamic(file.name));
  const dynamic = bodies.filter((file) => isDynamic(file.name));
  const blocks: Array<{ lines: string[]; files: typeof bodies }> = [];
  if (stable.length > 0) blocks.push({ lines: [BLOCK_TITLE, ...headerLines(epoch.header, new Set(stable.map((file) => file.name.toLowerCase())))], files: stable });
  if (dynamic.length > 0) blocks.push({ lines: [stable.length > 0 ? DYNAMIC_TITLE : BLOCK_TITLE, DYNAMIC_INTRO], files: dynamic });
  const texts: string[] = [];
  let offset = 0;
  for (const block of blocks) {
    // The two blocks are apart in the prompt; here a blank line stands between them (the
    // last section's line break is counted already, after it).
    if (texts.length > 0) offset += 1;
    offset += block.lines.reduce((sum, line) => sum + line.length + 1, 0);
    for (const file of block.files) {
      const section = file.body.text.length > 0 ? `## ${file.heading}\n${file.body.text}` : `## ${file.heading}`;
      block.lines.push(section);
      const measure = measures.get(file.name)!;
      Object.assign(measure, { section, offset }, traceMeasure(file.body, cuts.get(file.name), measure.status === 'cut'));
      offset += section.length + 1;
    }
    texts.push(block.lines.join('\n'));
  }

  // Every file the release knows, in the order it renders them, then the others.
  const rendered = renderOrder(loaded.concat(skipped), epoch).map((file) => file.name);
  const order = [...rendered.filter((name) => !isDynamic(name)), ...rendered.filter(isDynamic), ...ALL_FILES];
  const listed: Array<Partial<FileMeasure> & { name: string }> = loaded.map((file) => measures.get(file.name)!);
  for (const file of skipped) {
    if (file.content || file.note) listed.push(notLoaded(file.name, file.content, file.note ?? `not loaded by ${label}`));
    else if ((NEWEST_FILES as readonly string[]).includes(file.name)) listed.push({ name: file.name, status: 'absent', cap: capFor(file.name, maxChars, epoch) });
  }
  if (!epoch.loadOrder.includes('TOOLS.md')) for (const name of RETIRED) listed.push(notLoaded(name, input.files.get(name), `not loaded by ${label}`));
  const files = listed.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name)).map(finish);
  const totalState: CapState = budgetShort ? 'over' : totalMaxChars === undefined ? 'ok' : capState(spent, totalMaxChars, warnAt);
  return {
    runtime: 'openclaw',
    unit: 'chars',
    text: texts.join('\n\n'),
    files,
    found: bodies.map((file) => file.name),
    total: { size: spent, cap: totalMaxChars, state: totalState },
  };
}

/** Whether the release's doctor has its "Bootstrap file size" note (not yet in 1.x, 2.x). */
function hasDoctorSizeNote(epoch: OpenClawEpoch): boolean {
  return epoch.id !== 'E1' && epoch.id !== 'E2a';
}

function capFor(name: string, maxChars: number, epoch: OpenClawEpoch): number {
  return name === 'USER.md' && epoch.userMaxChars !== undefined ? Math.min(maxChars, epoch.userMaxChars) : maxChars;
}

export const openclaw: RuntimeProfile = {
  id: 'openclaw',
  label: `OpenClaw ${OPENCLAW_NEWEST_RELEASE}`,
  description: 'Project Context: 20,000 chars a file, 60,000 in all, head and tail kept',
  labelFor: (options) => `OpenClaw ${resolveOpenClawRelease(options?.openclawRelease).release}`,
  unit: 'chars',
  fileNames: NEWEST_FILES,
  // Every release's files are read, so any release can be composed and the others shown as not loaded.
  filesToRead: () => ALL_FILES,
  readLimit: OPENCLAW_MAX_FILE_BYTES + 1,
  // 1.x read a bootstrap file of any size whole; up to this much of it is read here.
  readLimitFor: (options) => (resolveOpenClawRelease(options?.openclawRelease).epoch.oversize === 'read' ? OPENCLAW_WHOLE_READ_LIMIT : OPENCLAW_MAX_FILE_BYTES + 1),
  compose,
};
