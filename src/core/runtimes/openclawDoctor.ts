// What `openclaw doctor --fix` (2026.8+) makes of the workspace files those releases no
// longer load: TOOLS.md merged into AGENTS.md's Tools section, HEARTBEAT.md moved out into the
// heartbeat's cron scratch, a lowercase memory.md merged into MEMORY.md. Pure: nothing is
// written; the caller shows the result as the persona after the fix.

const MIGRATED_HEADING = '### Local notes (migrated from TOOLS.md)';

/**
 * Old guidance lines doctor rewrites in AGENTS.md, as they no longer point at TOOLS.md.
 * Doctor also leaves the untouched TOOLS.md templates of older releases unmerged; those are
 * not recognised here (such a TOOLS.md is merged as any other).
 */
const GUIDANCE_REWRITES: ReadonlyArray<readonly [string, string]> = [
  [
    'Skills provide your tools. When you need one, check its `SKILL.md`. Keep local notes (camera names, SSH details, voice preferences) in `TOOLS.md`.',
    'Skills define how tools work. Keep environment-specific local notes in this section.',
  ],
  ['- Keep environment-specific notes in `TOOLS.md` (notes for skills).', "- Keep environment-specific notes in this file's `## Tools` section."],
  ['- Keep environment-specific notes in `TOOLS.md` (Notes for Skills).', "- Keep environment-specific notes in this file's `## Tools` section."],
  ['- You learn a lesson -> update `AGENTS.md`, `TOOLS.md`, or the relevant skill.', '- You learn a lesson -> update `AGENTS.md` or the relevant skill.'],
  ['- When you learn a lesson → update AGENTS.md, TOOLS.md, or the relevant skill', '- When you learn a lesson → update AGENTS.md or the relevant skill'],
  [
    'Skills 提供你的工具。当你需要某个工具时，查看它的 `SKILL.md`。在 `TOOLS.md` 中保存本地笔记（摄像头名称、SSH 详情、语音偏好等）。',
    'Skills 定义工具的使用方式。请将环境特定的本地笔记保存在本节中。',
  ],
  [
    '技能提供你的工具。当你需要某个工具时，查看它的 `SKILL.md`。在 `TOOLS.md` 中保存本地笔记（摄像头名称、SSH 详情、语音偏好等）。',
    '技能定义工具的使用方式。请将环境特定的本地笔记保存在本节中。',
  ],
  ['- 在 `TOOLS.md` 中保存环境特定的笔记（Skills 注意事项）。', '- 将环境特定的笔记保存在本文件的 `## Tools` 部分。'],
  ['- 将环境相关的备注保存在 `TOOLS.md`（Skills 备注）中。', '- 将环境相关的备注保存在本文件的 `## Tools` 部分。'],
  ['- 将环境相关的备注保存在 `TOOLS.md`（技能备注）中。', '- 将环境相关的备注保存在本文件的 `## Tools` 部分。'],
  ['- 当你学到教训 → 更新 AGENTS.md、TOOLS.md 或相关 Skills 文件', '- 当你学到教训 → 更新 AGENTS.md 或相关 Skills 文件'],
  ['- 当你学到教训 → 更新 AGENTS.md、TOOLS.md 或相关技能文件', '- 当你学到教训 → 更新 AGENTS.md 或相关技能文件'],
];

/**
 * The untouched TOOLS.md templates of older releases, which doctor removes without merging:
 * their length and fingerprint (the templates are the runtime's text, not copied here).
 */
const TOOLS_TEMPLATES: ReadonlyArray<readonly [number, number]> = [
  [867, 5612956317058514],
  [584, 773072102173368],
  [73, 5723408814072341],
];

/** A 53-bit fingerprint of a text's UTF-16 code units. */
function fingerprint(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ unit, 2654435761);
    h2 = Math.imul(h2 ^ unit, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Whether doctor merges this TOOLS.md: not white space only, and not an untouched template. */
export function toolsMdIsMerged(tools: string): boolean {
  if (tools.trim().length === 0) return false;
  return !TOOLS_TEMPLATES.some(([length, print]) => tools.length === length && fingerprint(tools) === print);
}

/** `addition` put between `before` and `after` with one blank line on each side, as doctor spaces it. */
function appendWithSpacing(before: string, addition: string, after = ''): string {
  const gap = (text: string) => (text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n');
  return `${before}${before.length === 0 ? '' : gap(before)}${addition}${after.length === 0 ? '' : gap(addition)}${after}`;
}

/**
 * The `## Tools` section: where its heading line ends, and where the section ends (the next
 * heading of depth 1–2 outside a code fence). Lines are taken as doctor takes them, by a
 * pattern whose `.` stops at `\r` too, so a CRLF file has no headings to it.
 */
function findToolsSection(content: string): { headingEnd: number; insertAt: number } | undefined {
  let offset = 0;
  let inside = false;
  let headingEnd = 0;
  let fence: { marker: string; length: number } | undefined;
  for (const withEnding of content.match(/.*(?:\n|$)/gu) ?? []) {
    if (withEnding === '') continue;
    const line = withEnding.replace(/\n$/u, '');
    const run = /^\s*(`{3,}|~{3,})/u.exec(line)?.[1];
    const closing = /^\s*(`{3,}|~{3,})\s*$/u.exec(line)?.[1];
    if (run && !fence) fence = { marker: run[0], length: run.length };
    else if (closing && fence && closing[0] === fence.marker && closing.length >= fence.length) fence = undefined;
    else if (!fence) {
      const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/u.exec(line);
      if (heading) {
        const depth = heading[1].length;
        if (inside && depth <= 2) return { headingEnd, insertAt: offset };
        if (depth === 2 && heading[2].trim().toLowerCase() === 'tools') {
          inside = true;
          headingEnd = offset + withEnding.length;
        }
      }
    }
    offset += withEnding.length;
  }
  return inside ? { headingEnd, insertAt: content.length } : undefined;
}

/** The old guidance rewritten; a Tools section that changed gets a `### Local notes` heading. */
function rewriteGuidance(content: string): string {
  let rewritten = content;
  for (const [legacy, current] of GUIDANCE_REWRITES) rewritten = rewritten.replaceAll(legacy, current);
  if (rewritten === content) return content;
  const section = findToolsSection(rewritten);
  if (!section) return rewritten;
  if (/^###\s+Local notes(?:\s|$)/imu.test(rewritten.slice(section.headingEnd, section.insertAt))) return rewritten;
  return `${rewritten.slice(0, section.headingEnd)}\n### Local notes\n${rewritten.slice(section.headingEnd)}`;
}

/**
 * The AGENTS.md `openclaw doctor --fix` writes for a workspace holding TOOLS.md (`agents`
 * undefined: no AGENTS.md; the result '' then means none is written). A TOOLS.md of white
 * space only, or an untouched template, is not merged; the old guidance lines are rewritten either way.
 */
export function agentsAfterToolsMigration(agents: string | undefined, tools: string): string {
  const rewritten = rewriteGuidance(agents ?? '');
  if (!toolsMdIsMerged(tools)) return rewritten;
  if (rewritten.includes(MIGRATED_HEADING)) {
    if (rewritten.includes(tools)) return rewritten;
    const at = rewritten.indexOf(MIGRATED_HEADING) + MIGRATED_HEADING.length;
    return appendWithSpacing(rewritten.slice(0, at), tools, rewritten.slice(at));
  }
  const block = `${MIGRATED_HEADING}\n\n${tools}`;
  const section = findToolsSection(rewritten);
  if (!section) return appendWithSpacing(rewritten, `## Tools\n\n${block}`);
  return appendWithSpacing(rewritten.slice(0, section.insertAt), block, rewritten.slice(section.insertAt));
}

/**
 * The MEMORY.md doctor writes when a workspace holds both MEMORY.md and memory.md: the legacy
 * file's text appended under a heading, with the path it archived memory.md to (as doctor
 * writes it: `~/…` under the home folder). Doctor leaves a memory.md alone when there is no MEMORY.md.
 */
export function memoryAfterLegacyMerge(canonical: string, legacy: string, archivedPath: string): string {
  if (canonical === legacy) return canonical;
  const section = [
    '',
    '## Imported From Legacy Root memory.md',
    '',
    `<!-- openclaw-root-memory-merge source=memory.md archived=${archivedPath} -->`,
    'This content came from legacy root `memory.md`, which was shadowed by `MEMORY.md`.',
    '',
    legacy.trim(),
    '',
  ].join('\n');
  return `${canonical.trimEnd()}\n${section}`;
}

/**
 * Where doctor archives memory.md, as it writes the path into MEMORY.md: a folder named by the
 * time of the run (so only its length is certain beforehand), under `~` when in the home folder.
 */
export function legacyMemoryArchivePath(workspace: string, at: Date, home?: string): string {
  const stamp = at.toISOString().replaceAll(':', '-').replaceAll('.', '-');
  const sep = workspace.includes('\\') && !workspace.includes('/') ? '\\' : '/';
  const full = [workspace.replace(/[\\/]+$/u, ''), '.openclaw-repair', 'root-memory', stamp, 'memory.md'].join(sep);
  if (home && home.length > 1 && (full === home || full.startsWith(home.replace(/[\\/]+$/u, '') + sep))) return `~${full.slice(home.replace(/[\\/]+$/u, '').length)}`;
  return full;
}

/** One move doctor --fix makes. */
export interface DoctorMove {
  /** The workspace file doctor moves away. */
  readonly file: 'TOOLS.md' | 'HEARTBEAT.md' | 'memory.md';
  /** What becomes of it, in doctor's terms. */
  readonly outcome: 'merged into AGENTS.md' | 'removed untouched' | 'moved into cron scratch' | 'merged into MEMORY.md' | 'left as it is';
}

/**
 * The workspace's text files after doctor --fix's three moves, from their text before (by
 * name; absent files are not in the map): what doctor writes and removes, nothing else. The
 * heartbeat move assumes the heartbeat is on (OpenClaw's default, every 30 minutes).
 */
export function workspaceAfterDoctor(files: ReadonlyMap<string, string>, memoryArchive: string): { files: Map<string, string>; moves: DoctorMove[] } {
  const after = new Map(files);
  const moves: DoctorMove[] = [];
  const heartbeat = files.get('HEARTBEAT.md');
  if (heartbeat !== undefined) {
    after.delete('HEARTBEAT.md');
    moves.push({ file: 'HEARTBEAT.md', outcome: 'moved into cron scratch' });
  }
  const tools = files.get('TOOLS.md');
  if (tools !== undefined) {
    const agents = agentsAfterToolsMigration(files.get('AGENTS.md'), tools);
    if (files.has('AGENTS.md') || agents.length > 0) after.set('AGENTS.md', agents);
    after.delete('TOOLS.md');
    moves.push({ file: 'TOOLS.md', outcome: toolsMdIsMerged(tools) ? 'merged into AGENTS.md' : 'removed untouched' });
  }
  const legacy = files.get('memory.md');
  const canonical = files.get('MEMORY.md');
  if (legacy !== undefined && canonical !== undefined) {
    after.set('MEMORY.md', memoryAfterLegacyMerge(canonical, legacy, memoryArchive));
    after.delete('memory.md');
    moves.push({ file: 'memory.md', outcome: 'merged into MEMORY.md' });
  } else if (legacy !== undefined) moves.push({ file: 'memory.md', outcome: 'left as it is' });
  return { files: after, moves };
}
