// What `openclaw doctor --fix` (2026.8+) makes of a persona's TOOLS.md, which those
// releases no longer load: the AGENTS.md it writes, with TOOLS.md merged into its Tools
// section. Pure: nothing is written; the caller shows the result as the persona after the fix.

const MIGRATED_HEADING = '### Local notes (migrated from TOOLS.md)';

/**
 * Old guidance lines doctor rewrites in AGENTS.md, as they no longer point at TOOLS.md.
 * Doctor also leaves the untouched TOOLS.md templates of older releases unmerged; those are
 * not recognised here (such a TOOLS.md is merged as any other).
 */
const GUIDANCE_REWRITES: ReadonlyArray<readonly [string, string]> = [
  ['Skills provide your tools. When you need one, check its `SKILL.md`. Keep local notes (camera names, SSH details, voice preferences) in `TOOLS.md`.', 'Skills define how tools work. Keep environment-specific local notes in this section.'],
  ['- Keep environment-specific notes in `TOOLS.md` (notes for skills).', "- Keep environment-specific notes in this file's `## Tools` section."],
  ['- Keep environment-specific notes in `TOOLS.md` (Notes for Skills).', "- Keep environment-specific notes in this file's `## Tools` section."],
  ['- You learn a lesson -> update `AGENTS.md`, `TOOLS.md`, or the relevant skill.', '- You learn a lesson -> update `AGENTS.md` or the relevant skill.'],
  ['- When you learn a lesson → update AGENTS.md, TOOLS.md, or the relevant skill', '- When you learn a lesson → update AGENTS.md or the relevant skill'],
  ['Skills 提供你的工具。当你需要某个工具时，查看它的 `SKILL.md`。在 `TOOLS.md` 中保存本地笔记（摄像头名称、SSH 详情、语音偏好等）。', 'Skills 定义工具的使用方式。请将环境特定的本地笔记保存在本节中。'],
  ['技能提供你的工具。当你需要某个工具时，查看它的 `SKILL.md`。在 `TOOLS.md` 中保存本地笔记（摄像头名称、SSH 详情、语音偏好等）。', '技能定义工具的使用方式。请将环境特定的本地笔记保存在本节中。'],
  ['- 在 `TOOLS.md` 中保存环境特定的笔记（Skills 注意事项）。', '- 将环境特定的笔记保存在本文件的 `## Tools` 部分。'],
  ['- 将环境相关的备注保存在 `TOOLS.md`（Skills 备注）中。', '- 将环境相关的备注保存在本文件的 `## Tools` 部分。'],
  ['- 将环境相关的备注保存在 `TOOLS.md`（技能备注）中。', '- 将环境相关的备注保存在本文件的 `## Tools` 部分。'],
  ['- 当你学到教训 → 更新 AGENTS.md、TOOLS.md 或相关 Skills 文件', '- 当你学到教训 → 更新 AGENTS.md 或相关 Skills 文件'],
  ['- 当你学到教训 → 更新 AGENTS.md、TOOLS.md 或相关技能文件', '- 当你学到教训 → 更新 AGENTS.md 或相关技能文件'],
];

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
 * space only is not merged; the old guidance lines are rewritten either way.
 */
export function agentsAfterToolsMigration(agents: string | undefined, tools: string): string {
  const rewritten = rewriteGuidance(agents ?? '');
  if (tools.trim().length === 0) return rewritten;
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
