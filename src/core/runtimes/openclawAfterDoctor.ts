// The persona as OpenClaw would compose it after `openclaw doctor --fix`, for a release that no
// longer loads TOOLS.md / HEARTBEAT.md / memory.md (8.x+) while the workspace still holds them.
// Nothing is written: the migrated files exist only in the returned input.
import { decodeUtf8 } from '../utf8';
import { DoctorMove, legacyMemoryArchivePath, workspaceAfterDoctor } from './openclawDoctor';
import { resolveOpenClawRelease } from './openclawReleases';
import { Composition, FileContent, FileMeasure, headingFolder, PersonaInput, RuntimeOptions } from './profile';

/** The files doctor moves away; a workspace holding one of them has a doctor preview. */
export const DOCTOR_LEGACY_FILES = ['TOOLS.md', 'HEARTBEAT.md', 'memory.md'] as const;
/** The files doctor reads or writes. */
const DOCTOR_FILES = ['AGENTS.md', 'MEMORY.md', ...DOCTOR_LEGACY_FILES] as const;

/** One file doctor rewrites, as composed before and after. */
export interface DoctorFileChange {
  readonly name: 'AGENTS.md' | 'MEMORY.md';
  readonly before?: FileMeasure;
  readonly after: FileMeasure;
}

export interface DoctorPreview {
  /** The release composed, which runs this doctor. */
  readonly release: string;
  readonly moves: readonly DoctorMove[];
  /** The persona after the fix (the files doctor rewrites as text, the others as they were). */
  readonly input: PersonaInput;
  readonly composition: Composition;
  /** AGENTS.md and MEMORY.md where doctor changes their text. */
  readonly changed: readonly DoctorFileChange[];
}

export interface DoctorPreviewOptions {
  /** When doctor would run: it names memory.md's archive folder by it (only its length matters). */
  readonly at?: Date;
  /** The home folder, which doctor writes as `~` in that archive path. */
  readonly home?: string;
}

/**
 * A file's text as doctor reads it (a BOM kept), or undefined when doctor would not take it
 * whole: it refuses a link, but for HEARTBEAT.md one that stays inside the workspace.
 */
function textOf(content: FileContent | undefined, name: string): string | undefined {
  if (!content) return undefined;
  if (content.symlink && !(name === 'HEARTBEAT.md' && content.linkTarget !== undefined && !content.linkTarget.startsWith('../'))) return undefined;
  if (content.kind === 'text') return content.text;
  if (content.kind === 'bytes' && content.bytes.byteLength === content.size) return decodeUtf8(content.bytes);
  return undefined;
}

/** OpenClaw's compose (passed in, so a bundle of doctor's rules need not carry the profile). */
export type OpenClawCompose = (input: PersonaInput, options: RuntimeOptions) => Composition;

/**
 * What doctor --fix would make of this persona under this release, composed by `compose`, or
 * undefined when there is nothing for it to do: the release loads TOOLS.md still (before 8.x,
 * which has no such doctor), or the workspace holds none of TOOLS.md, HEARTBEAT.md, memory.md.
 * `openclawAfterDoctor` (runtimes/index.ts) is this with OpenClaw's own compose.
 */
export function composeAfterDoctor(compose: OpenClawCompose, input: PersonaInput, options: RuntimeOptions = {}, preview: DoctorPreviewOptions = {}): DoctorPreview | undefined {
  const { release, epoch } = resolveOpenClawRelease(options.openclawRelease);
  if (epoch.loadOrder.includes('TOOLS.md')) return undefined;
  const texts = new Map<string, string>();
  for (const name of DOCTOR_FILES) {
    const text = textOf(input.files.get(name), name);
    if (text !== undefined) texts.set(name, text);
  }
  // A file doctor cannot take whole stops its move, and the file it would merge into stops it too.
  const unread = (name: string) => input.files.has(name) && !texts.has(name);
  const left: DoctorMove[] = [];
  for (const [legacy, target] of [
    ['TOOLS.md', 'AGENTS.md'],
    ['memory.md', 'MEMORY.md'],
    ['HEARTBEAT.md', undefined],
  ] as const) {
    if (!input.files.has(legacy) || !(unread(legacy) || (target !== undefined && unread(target)))) continue;
    texts.delete(legacy);
    left.push({ file: legacy, outcome: 'left as it is' });
  }
  if (!DOCTOR_LEGACY_FILES.some((name) => input.files.has(name))) return undefined;
  const archive = legacyMemoryArchivePath(headingFolder(options, input.dir), preview.at ?? new Date(), preview.home);
  const after = workspaceAfterDoctor(texts, archive);
  after.moves.push(...left);
  const files = new Map(input.files);
  for (const name of DOCTOR_LEGACY_FILES) if (texts.has(name) && !after.files.has(name)) files.delete(name);
  const rewritten: Array<'AGENTS.md' | 'MEMORY.md'> = [];
  for (const name of ['AGENTS.md', 'MEMORY.md'] as const) {
    const text = after.files.get(name);
    if (text !== undefined && text !== texts.get(name)) {
      files.set(name, { kind: 'text', text });
      rewritten.push(name);
    }
  }
  const migrated: PersonaInput = { dir: input.dir, files };
  const composition = compose(migrated, options);
  const before = rewritten.length > 0 ? compose(input, options) : undefined;
  const measure = (composed: Composition | undefined, name: string) => composed?.files.find((file) => file.name === name);
  const changed = rewritten.map((name) => ({ name, before: measure(before, name), after: measure(composition, name)! }));
  return { release, moves: after.moves, input: migrated, composition, changed };
}

/** What a check reports of the preview: AGENTS.md's new size against its cap, and what is then cut. */
export interface DoctorSummary {
  readonly release: string;
  readonly files: ReadonlyArray<{ readonly file: string; readonly outcome: DoctorMove['outcome'] }>;
  /** AGENTS.md's size after the fix, in chars (0 when there is none). */
  readonly agentsChars: number;
  readonly agentsCap?: number;
  /** Chars of AGENTS.md the release would then not send. */
  readonly cutChars: number;
  /** The Project Context's size before and after, in chars. */
  readonly totalBefore: number;
  readonly totalAfter: number;
}

export function doctorSummary(before: Composition, preview: DoctorPreview): DoctorSummary {
  const agents = preview.composition.files.find((file) => file.name === 'AGENTS.md');
  return {
    release: preview.release,
    files: preview.moves.map(({ file, outcome }) => ({ file, outcome })),
    agentsChars: agents?.size ?? 0,
    agentsCap: agents?.effectiveCap ?? agents?.cap,
    cutChars: agents?.droppedSize ?? 0,
    totalBefore: before.text.length,
    totalAfter: preview.composition.text.length,
  };
}
