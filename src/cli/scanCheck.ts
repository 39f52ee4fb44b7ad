// What a runtime's injection scanner would block (Hermes): each matching range, for `check`.
import { Composition, escapeControls, lineAndColumn } from '../core';
import { hermesScanProblems } from '../core/runtimes/hermesEngine';

export interface BlockedCheck {
  /** The file, as the check's other rows name it. */
  readonly file: string;
  /** 1-based, where the match begins and ends. */
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** The scanner's id: `role_hijack`, `invisible_unicode_U+200D`… */
  readonly id: string;
  /** `file`: the whole file is replaced; `entry`: one memory entry is. */
  readonly scope: 'file' | 'entry';
  readonly message: string;
  /** The line the runtime sends instead. */
  readonly sent: string;
}

export function blockedChecks(composition: Composition): BlockedCheck[] {
  return composition.files.flatMap((file) =>
    hermesScanProblems(file.blocks).map((problem) => {
      const start = lineAndColumn(file.text, problem.start);
      const end = lineAndColumn(file.text, problem.end);
      return {
        file: file.name,
        line: start.line + 1,
        column: start.column + 1,
        endLine: end.line + 1,
        endColumn: end.column + 1,
        id: problem.id,
        scope: problem.scope,
        message: problem.message,
        sent: problem.line,
      };
    }),
  );
}

/** The table's lines under a persona: each hit, then what is sent instead, once a file. */
export function formatBlocked(blocked: readonly BlockedCheck[]): string[] {
  if (blocked.length === 0) return [];
  const lines = ['  blocked by the injection scanner:'];
  let last = '';
  for (const hit of blocked) {
    const sent = `${hit.file}\u0000${hit.sent}`;
    lines.push(`    ${escapeControls(hit.file)}:${hit.line}:${hit.column}  ${escapeControls(hit.message)}`);
    if (sent !== last && blocked.filter((b) => b.file === hit.file && b.sent === hit.sent).at(-1) === hit) lines.push(`      sent instead: ${escapeControls(hit.sent)}`);
    last = sent;
  }
  return lines;
}
