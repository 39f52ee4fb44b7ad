// Which bootstrap files an OpenClaw release loads for a session, in its load order: the
// memory file rule, the session filters, and BOOTSTRAP.md against the setup state.
import { OpenClawEpoch } from './openclawReleases';
import { FileContent, PersonaInput, SessionKind } from './profile';

export interface Loaded {
  readonly name: string;
  /** Undefined when absent: a `[MISSING]` marker is sent. */
  readonly content?: FileContent;
}

export interface Skipped {
  readonly name: string;
  readonly content?: FileContent;
  /** Why it is not loaded, for people; undefined when it is simply absent and optional. */
  readonly note?: string;
}

const MEMORY_FILES = ['MEMORY.md', 'memory.md'];
const SESSION_WORD: Record<SessionKind, string> = { main: 'main', subagent: 'sub-agent', cron: 'cron', group: 'group' };

/** Before 4.24 a memory file counts when it exists through its links: one leading nowhere does not. */
const existsThroughLinks = (content: FileContent | undefined): content is FileContent => content !== undefined && !(content.symlink && content.kind === 'unreadable');

/** The memory files the release reads, in order. */
function memoryFiles(input: PersonaInput, epoch: OpenClawEpoch): string[] {
  if (epoch.memory === 'exact') return input.files.has('MEMORY.md') ? ['MEMORY.md'] : [];
  const present = MEMORY_FILES.filter((name) => existsThroughLinks(input.files.get(name)));
  if (epoch.memory === 'first') return present.slice(0, 1);
  // Both, but one file reached by two names is read once (by its real path).
  const real = (name: string) => input.files.get(name)?.linkTarget ?? name;
  return present.filter((name, index) => present.findIndex((other) => real(other) === real(name)) === index);
}

/** The files the release loads for `session`, in load order, and those it leaves out. */
export function loadBootstrapFiles(
  input: PersonaInput,
  epoch: OpenClawEpoch,
  session: SessionKind,
  setupCompleted: boolean,
  label: string,
): { loaded: Loaded[]; skipped: Skipped[] } {
  const loaded: Loaded[] = [];
  const skipped: Skipped[] = [];
  const keep = epoch.sessions[session];
  const memory = memoryFiles(input, epoch);
  for (const name of epoch.loadOrder.flatMap((name) => (name === 'MEMORY.md' ? MEMORY_FILES : [name]))) {
    const content = input.files.get(name);
    const isMemory = MEMORY_FILES.includes(name);
    if (isMemory && !memory.includes(name)) {
      if (content) skipped.push({ name, content, note: `not loaded by ${label}${epoch.memory === 'exact' ? ' (it reads only MEMORY.md)' : ' (it reads one memory file)'}` });
      else skipped.push({ name });
      continue;
    }
    if (keep && !keep.includes(name === 'memory.md' ? 'MEMORY.md' : name)) {
      skipped.push({ name, content, note: `not loaded by ${label} in a ${SESSION_WORD[session]} session` });
      continue;
    }
    if (isMemory && epoch.privateMemory && session !== 'main') {
      skipped.push({ name, content, note: `not loaded by ${label} in a ${SESSION_WORD[session]} session` });
      continue;
    }
    if (name === 'BOOTSTRAP.md' && epoch.bootstrapAfterSetup === 'dropped' && setupCompleted) {
      skipped.push({ name, content, note: content ? `not loaded by ${label} once the workspace's setup is completed` : undefined });
      continue;
    }
    if (!content && epoch.optional.includes(name)) {
      skipped.push({ name });
      continue;
    }
    loaded.push({ name, content });
  }
  return { loaded, skipped };
}

const RANK: Readonly<Record<string, number>> = { 'agents.md': 10, 'soul.md': 20, 'identity.md': 30, 'user.md': 40, 'tools.md': 50, 'bootstrap.md': 60, 'memory.md': 70 };

/** The order sections are rendered in: by file rank from 4.10 (names compared lower-case), else load order. */
export function renderOrder<T extends { readonly name: string }>(files: readonly T[], epoch: OpenClawEpoch): T[] {
  if (!epoch.sorted) return [...files];
  const rank = (name: string) => RANK[name.toLowerCase()] ?? Number.MAX_SAFE_INTEGER;
  // Ties (MEMORY.md and memory.md, never both loaded by a sorting release) go by code unit.
  return [...files].sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
