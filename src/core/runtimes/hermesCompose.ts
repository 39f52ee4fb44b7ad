// Composing as Hermes Agent v0.21.3 does (NousResearch/hermes-agent: agent/prompt_builder.py, agent/system_prompt.py,
// tools/memory_tool.py, tools/threat_patterns.py). A persona is two folders: the Hermes home
// (SOUL.md, memories/MEMORY.md, memories/USER.md) and the project Hermes runs in, whose context files
// it loads, one type only. Both default to the persona folder; `hermesHome` / `hermesProject` point
// them elsewhere. The composition is the persona's parts of the system prompt, each stripped and
// joined by a blank line: SOUL.md as the identity (no heading), the "# Project Context" block, the
// MEMORY block, the USER block (Hermes's own guidance between them is no persona file: left out).
import { DEFAULT_WARN_AT } from '../bootstrap';
import { CapState, worseState } from '../report';
import { Composition, FileContent, FileMeasure, PersonaInput, RuntimeOptions } from './profile';
import { AGENTS, CLAUDE, CONTEXT_HEAD, CURSOR_RULES_DIR, CURSORRULES, HERMES_MD, hermesMaxChars, joinPath, NEVER_READ, places, tidy } from './hermesFiles';
import { bare, HERMES_DEFAULT_IDENTITY, Read, readFile, section, Section, truncateForHermes } from './hermesSection';
import { codePoints, pythonStrip, sliceView, TextView, wholeView } from './hermesText';
import { HERMES_MEMORY_CHAR_LIMIT, HERMES_USER_CHAR_LIMIT, renderMemory } from './hermesMemory';

type Measure = Omit<FileMeasure, 'offset'>;

/** A name that exists but is a folder: Python's `is_file()` passes over it. */
function isFolder(content: FileContent): boolean {
  return content.kind === 'unreadable' && /directory|EISDIR|not a (regular )?file/i.test(content.reason);
}

/** The folder `levels` up from `dir`, as Hermes writes it in a marker. */
function ancestor(dir: string, levels: number): string {
  let out = dir.replace(/[\\/]+$/, '');
  for (let i = 0; i < levels; i++) out = out.replace(/[\\/][^\\/]*$/, '') || out.slice(0, 1);
  return out;
}

/** Python's `_strip_yaml_frontmatter` on the stripped text of .hermes.md. */
function stripFrontMatter(view: TextView): TextView {
  let start = 0;
  while (view.text[start] === '\uFEFF') start++;
  const content = sliceView(view, start);
  if (!content.text.startsWith('---')) return content;
  const end = content.text.indexOf('\n---', 3);
  if (end === -1) return content;
  let body = end + 4;
  while (content.text[body] === '\n') body++;
  return body < content.text.length ? sliceView(content, body) : content;
}

/**
 * A file's section within a text capped after joining (the AGENTS chain, the cursor rules): all of it
 * when nothing was cut; else the part in the head kept, or in the tail, or nothing.
 */
function placeInCut(
  read: Read,
  built: Section,
  at: number,
  capped: { text: string; marker?: string; headEnd: number; tailStart: number },
  why: string,
  chosen: Map<Read, Section>,
  offsets: Map<string, number>,
): void {
  if (!capped.marker) {
    chosen.set(read, built);
    offsets.set(read.name, at);
    return;
  }
  const end = at + built.text.length;
  const measure: Measure = { ...built.measure, status: 'cut', note: [built.measure.note, why].filter(Boolean).join('; ') };
  if (at < capped.headEnd) {
    chosen.set(read, { text: built.text, measure: { ...measure, section: built.text.slice(0, capped.headEnd - at) } });
    offsets.set(read.name, at);
  } else if (end > capped.tailStart) {
    chosen.set(read, { text: built.text, measure: { ...measure, section: built.text.slice(Math.max(0, capped.tailStart - at)) } });
    offsets.set(read.name, capped.headEnd + capped.marker.length + Math.max(0, at - capped.tailStart));
  } else {
    const all = { start: 0, end: read.file.length };
    chosen.set(read, { text: built.text, measure: { ...measure, kept: [], dropped: [all], keptSize: 0, droppedSize: built.measure.size, section: '' } });
  }
}

interface Project {
  readonly measures: Measure[];
  /** The one type's text, or '' when no type has a non-empty file. */
  readonly text: string;
  /** Where each measure's section begins in `text`. */
  readonly offsets: Map<string, number>;
}

function projectFiles(input: PersonaInput, options: RuntimeOptions, cap: number, warnAt: number): Project {
  const { project, projectPrefix } = places(input.dir, options);
  const depth = project.split(/[\\/]+/).filter((s) => s !== '').length + 1;
  const levels = Array.from({ length: depth }, (_, k) => ({ k, prefix: tidy(projectPrefix + '../'.repeat(k)) })).filter(({ prefix }) =>
    [...HERMES_MD, ...AGENTS].some((name) => input.files.has(prefix + name)),
  );
  const present = (name: string) => input.files.get(name);
  const reads: { read: Read; kind: string; k: number; label: string }[] = [];
  for (const { k, prefix } of levels)
    for (const name of [...HERMES_MD, ...AGENTS]) {
      const content = present(prefix + name);
      if (content && !isFolder(content))
        reads.push({
          read: readFile(prefix + name, content),
          kind: HERMES_MD.includes(name) ? 'hermes' : 'agents',
          k,
          label: k === 0 || HERMES_MD.includes(name) ? name : '../'.repeat(k) + name,
        });
    }
  for (const name of [...CLAUDE, CURSORRULES]) {
    const content = present(projectPrefix + name);
    if (content && !isFolder(content)) reads.push({ read: readFile(projectPrefix + name, content), kind: name === CURSORRULES ? 'cursor' : 'claude', k: 0, label: name });
  }
  const rules = [...input.files.keys()].filter((key) => key.startsWith(projectPrefix + CURSOR_RULES_DIR + '/') && key.endsWith('.mdc')).sort();
  for (const key of rules) reads.push({ read: readFile(key, input.files.get(key)!), kind: 'cursor', k: 0, label: key.slice(projectPrefix.length) });
  const pathOf = (entry: { read: Read; k: number }) => joinPath(ancestor(project, entry.k), entry.read.name.split('/').pop()!);
  const chosen = new Map<Read, Section>();
  /** Why a file of the winning type is still not sent (a same-folder override, a copy). */
  const why = new Map<Read, string>();
  const offsets = new Map<string, number>();
  let text = '';
  let winner: string | undefined;
  // .hermes.md: the nearest file (empty or not) decides; only a non-empty one loads.
  const nearest = reads.filter((r) => r.kind === 'hermes').sort((a, b) => a.k - b.k)[0];
  if (nearest?.read.view) {
    const body = stripFrontMatter(nearest.read.view);
    const built = section(nearest.read, body, `## ${nearest.label}\n\n`, nearest.label, '.hermes.md', pathOf(nearest), cap, warnAt);
    chosen.set(nearest.read, built);
    offsets.set(nearest.read.name, 0);
    text = built.text;
    winner = nearest.label;
  }
  if (winner === undefined) {
    const seen = new Map<string, string>();
    const chain: { entry: (typeof reads)[number]; built: Section }[] = [];
    for (const k of [...new Set(reads.filter((r) => r.kind === 'agents').map((r) => r.k))].sort((a, b) => b - a)) {
      const entry = reads.find((r) => r.kind === 'agents' && r.k === k && r.read.view !== undefined);
      if (!entry) continue;
      for (const other of reads)
        if (other.kind === 'agents' && other.k === k && other !== entry && other.read.view !== undefined)
          why.set(other.read, `not read: ${entry.label} in the same folder comes first`);
      const copy = seen.get(entry.read.view!.text);
      if (copy !== undefined) {
        why.set(entry.read, `not read: the same text as ${copy}, which Hermes sends once`);
        continue;
      }
      seen.set(entry.read.view!.text, entry.label);
      chain.push({ entry, built: section(entry.read, entry.read.view!, `## ${entry.label}\n\n`, entry.label, entry.label, pathOf(entry), cap, warnAt) });
    }
    if (chain.length > 0) {
      const joined = chain.map(({ built }) => built.text).join('\n\n');
      // One file is sent as its own section; a chain is capped again as a whole.
      const capped =
        chain.length > 1
          ? truncateForHermes(joined, 'AGENTS.md (directory chain)', joinPath(project, 'AGENTS.md'), cap)
          : { text: joined, headEnd: joined.length, tailStart: joined.length };
      let at = 0;
      for (const { entry, built } of chain) {
        placeInCut(entry.read, built, at, capped, `the AGENTS chain is cut as a whole to ${cap} chars`, chosen, offsets);
        at += built.text.length + 2;
      }
      text = capped.text;
      winner = chain.length > 1 ? 'the AGENTS.md chain' : chain[0].entry.label;
    }
  }
  if (winner === undefined) {
    const claude = reads.find((r) => r.kind === 'claude' && r.read.view !== undefined);
    if (claude) {
      const built = section(claude.read, claude.read.view!, `## ${claude.label}\n\n`, claude.label, 'CLAUDE.md', pathOf(claude), cap, warnAt);
      chosen.set(claude.read, built);
      offsets.set(claude.read.name, 0);
      text = built.text;
      winner = claude.label;
    }
  }
  if (winner === undefined) {
    const cursor = reads.filter((r) => r.kind === 'cursor' && r.read.view !== undefined);
    if (cursor.length > 0) {
      const pieces = cursor.map((entry) => ({
        entry,
        built: section(entry.read, entry.read.view!, `## ${entry.label}\n\n`, entry.label, '.cursorrules', '', Number.MAX_SAFE_INTEGER, warnAt),
      }));
      // Each piece ends with a blank line; the pieces are capped together only.
      const joined = pieces.map(({ built }) => built.text + '\n\n').join('');
      const capped = truncateForHermes(joined, '.cursorrules', joinPath(project, CURSORRULES), cap);
      let at = 0;
      for (const { entry, built } of pieces) {
        placeInCut(
          entry.read,
          { text: built.text, measure: { ...built.measure, cap, effectiveCap: cap } },
          at,
          capped,
          `.cursorrules and .cursor/rules are cut together to ${cap} chars`,
          chosen,
          offsets,
        );
        at += built.text.length + 2;
      }
      text = capped.text;
      winner = cursor.length > 1 ? '.cursorrules and .cursor/rules' : cursor[0].label;
    }
  }
  const measures = reads.map(({ read }): Measure => {
    const built = chosen.get(read);
    if (built) return built.measure;
    if (read.failure) return bare(read, 'unreadable', `${read.failure}: Hermes treats it as absent`);
    if (!read.view) return bare(read, 'empty', 'white space only: Hermes treats it as absent');
    const reason = why.get(read);
    if (reason) return bare(read, 'notLoaded', reason);
    return bare(read, 'notLoaded', winner ? `not read: ${winner} wins (Hermes loads one type of project file)` : 'not read by Hermes');
  });
  return { measures, text, offsets };
}

function identity(input: PersonaInput, options: RuntimeOptions, cap: number, warnAt: number): { text: string; measure: Measure } {
  const { home, homePrefix } = places(input.dir, options);
  const name = homePrefix + 'SOUL.md';
  const content = input.files.get(name);
  if (options.session === 'subagent')
    return {
      text: HERMES_DEFAULT_IDENTITY,
      measure: bare({ name, file: '' }, content ? 'notLoaded' : 'absent', "a sub-agent (or --ignore-rules) reads no persona file: Hermes's default identity"),
    };
  if (!content)
    return {
      text: HERMES_DEFAULT_IDENTITY,
      measure: bare({ name, file: '' }, 'absent', 'absent: Hermes sends its default identity (and writes its default SOUL.md on first run)'),
    };
  const read = readFile(name, content);
  if (read.failure) return { text: HERMES_DEFAULT_IDENTITY, measure: bare(read, 'unreadable', `${read.failure}: Hermes sends its default identity`) };
  if (!read.view) return { text: HERMES_DEFAULT_IDENTITY, measure: bare(read, 'empty', 'white space only: Hermes sends its default identity') };
  const built = section(read, read.view, '', 'SOUL.md', 'SOUL.md', joinPath(home, 'SOUL.md'), cap, warnAt);
  return { text: built.text, measure: built.measure };
}

function memory(input: PersonaInput, options: RuntimeOptions, warnAt: number): { blocks: string[]; measures: Measure[] } {
  const { homePrefix } = places(input.dir, options);
  const names = { memory: homePrefix + 'memories/MEMORY.md', user: homePrefix + 'memories/USER.md' };
  if (options.session === 'subagent' || options.session === 'cron') {
    const why = options.session === 'cron' ? 'a cron job loads no memory' : 'a sub-agent (or --ignore-rules) loads no memory';
    const measures = (['memory', 'user'] as const).map((t) => bare({ name: names[t], file: '' }, input.files.has(names[t]) ? 'notLoaded' : 'absent', why));
    return { blocks: [], measures };
  }
  const rendered = [
    renderMemory('memory', names.memory, input.files.get(names.memory), HERMES_MEMORY_CHAR_LIMIT, warnAt),
    renderMemory('user', names.user, input.files.get(names.user), HERMES_USER_CHAR_LIMIT, warnAt),
  ];
  if (rendered.includes('undecodable')) {
    // The decoding error escapes the memory store: the session starts with neither block.
    const measures = (['memory', 'user'] as const).map((t, i) => {
      const r = rendered[i];
      return r === 'undecodable'
        ? bare({ name: names[t], file: '' }, 'unreadable', 'not valid UTF-8: Hermes loads neither MEMORY.md nor USER.md')
        : {
            ...r.measure,
            status: r.measure.status === 'absent' ? ('absent' as const) : ('notLoaded' as const),
            section: '',
            kept: [],
            note: 'not loaded: the other memory file is not valid UTF-8',
          };
    });
    return { blocks: [], measures };
  }
  const [mem, user] = rendered as Exclude<(typeof rendered)[number], 'undecodable'>[];
  return { blocks: [mem.block, user.block], measures: [mem.measure, user.measure] };
}

export function composeHermes(input: PersonaInput, options: RuntimeOptions = {}): Composition {
  const warnAt = options.warnAt ?? DEFAULT_WARN_AT;
  const cap = hermesMaxChars(options.contextWindow, options.maxChars);
  const soul = identity(input, options, cap, warnAt);
  const noProject = options.session === 'subagent' || (options.session === 'cron' && options.hermesProject === undefined);
  const project = noProject ? { measures: [] as Measure[], text: '', offsets: new Map<string, number>() } : projectFiles(input, options, cap, warnAt);
  const mem = memory(input, options, warnAt);
  const contextBlock = project.text === '' ? '' : pythonStrip(wholeView(CONTEXT_HEAD + project.text)).text;
  const parts: string[] = [];
  const starts: number[] = [];
  let length = 0;
  for (const part of [pythonStrip(wholeView(soul.text)).text, contextBlock, ...mem.blocks.map((b) => pythonStrip(wholeView(b)).text)]) {
    if (part === '') {
      starts.push(-1);
      continue;
    }
    if (parts.length > 0) length += 2;
    starts.push(length);
    parts.push(part);
    length += part.length;
  }
  const files: FileMeasure[] = [];
  files.push({ ...soul.measure, offset: soul.measure.section === '' ? -1 : starts[0] });
  const projectNames = new Set(project.measures.map((m) => m.name));
  const placed = project.measures.map((m): FileMeasure => {
    const at = project.offsets.get(m.name);
    const offset = m.section === '' || at === undefined || starts[1] < 0 ? -1 : starts[1] + CONTEXT_HEAD.length + at;
    // The block's trailing blank line (after .cursorrules pieces) is stripped with it.
    const inText = offset >= 0 ? m.section.slice(0, Math.max(0, Math.min(m.section.length, length - offset))) : '';
    return { ...m, section: offset >= 0 ? inText : '', offset };
  });
  // The files sent in the order they are rendered (the AGENTS chain from the git root down), then the others.
  const sent = placed.filter((m) => m.offset >= 0).sort((a, b) => a.offset - b.offset);
  files.push(...sent, ...placed.filter((m) => m.offset < 0));
  if (noProject) {
    const why = options.session === 'cron' ? 'a cron job without a workdir reads no project files' : 'a sub-agent (or --ignore-rules) reads no project files';
    for (const [name, content] of input.files)
      if (!name.endsWith('SOUL.md') && !name.includes('memories/') && !NEVER_READ.includes(name) && !projectNames.has(name))
        files.push({ ...bare({ name, file: '', content }, 'notLoaded', why), offset: -1 });
  }
  mem.measures.forEach((m, i) => files.push({ ...m, offset: m.section === '' ? -1 : starts[2 + i] }));
  const known = new Set(files.map((f) => f.name));
  for (const name of NEVER_READ) {
    const content = input.files.get(name);
    if (!content || known.has(name)) continue;
    const note =
      name === 'USER.md' || name === 'MEMORY.md'
        ? `never read by Hermes: its ${name === 'USER.md' ? 'user profile' : 'memory'} is memories/${name} in the Hermes home`
        : `never read by Hermes`;
    files.push({ ...bare({ name, file: '', content }, 'notLoaded', note), offset: -1 });
  }
  let state: CapState = 'missing';
  let size = 0;
  for (const file of files)
    if (file.section !== '') {
      state = worseState(state, file.state);
      size += codePoints(file.section);
    }
  return {
    runtime: 'hermes',
    unit: 'codepoints',
    text: parts.join('\n\n'),
    files,
    found: files.filter((file) => file.section !== '').map((file) => file.name),
    total: { size, state },
  };
}
