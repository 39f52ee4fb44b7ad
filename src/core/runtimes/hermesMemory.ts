// Hermes's memory files (tools/memory_tool.py, v0.21.3): HERMES_HOME/memories/MEMORY.md and USER.md,
// §-delimited entries, each scanned with the strict scope, rendered as a block with a budget line.
import { CapState, capState } from '../report';
import { FileContent, FileMeasure, ScanBlock, Span } from './profile';
import { findingIds, HERMES_MAX_SCAN_CHARS, scanForThreats } from './hermesScan';
import { codePointIndex, codePoints, decodeForHermes, pythonStrip, pythonThousands, sliceView, TextView } from './hermesText';

export const HERMES_MEMORY_CHAR_LIMIT = 2_200;
export const HERMES_USER_CHAR_LIMIT = 1_375;
const DELIMITER = '\n§\n';
const RULE = '═'.repeat(46);

export type MemoryTarget = 'memory' | 'user';

const HEADERS: Record<MemoryTarget, string> = { memory: 'MEMORY (your personal notes)', user: 'USER PROFILE (who the user is)' };
const FILES: Record<MemoryTarget, string> = { memory: 'MEMORY.md', user: 'USER.md' };

export interface MemoryRender {
  /** The block as sent ('' when no entry is left). */
  readonly block: string;
  readonly measure: Omit<FileMeasure, 'offset'>;
}

interface Entry {
  readonly view: TextView;
  readonly sent: string;
  readonly block?: ScanBlock;
}

/** The entries Hermes keeps of a memory file: split on `\n§\n`, stripped, empties and repeats dropped. */
function entriesOf(view: TextView): TextView[] {
  const entries: TextView[] = [];
  const seen = new Set<string>();
  let start = 0;
  for (;;) {
    const at = view.text.indexOf(DELIMITER, start);
    const entry = pythonStrip(sliceView(view, start, at === -1 ? view.text.length : at));
    if (entry.text !== '' && !seen.has(entry.text)) {
      seen.add(entry.text);
      entries.push(entry);
    }
    if (at === -1) return entries;
    start = at + DELIMITER.length;
  }
}

function sanitize(view: TextView, file: string): Entry {
  const range: Span = { start: view.origin[0], end: view.origin[view.text.length] };
  const size = codePoints(view.text);
  if (size > HERMES_MAX_SCAN_CHARS) {
    const line = `[BLOCKED: ${file} entry too large to scan (${pythonThousands(size)} chars). Removed from system prompt; use memory(action=remove) to delete the original.]`;
    return { view, sent: line, block: { line, range, scope: 'entry', findings: [] } };
  }
  const findings = scanForThreats(view.text, 'strict');
  if (findings.length === 0) return { view, sent: view.text };
  const line = `[BLOCKED: ${file} entry contained threat pattern(s): ${findingIds(findings)}. Removed from system prompt; use memory(action=remove) to delete the original.]`;
  const mapped = findings.map((finding) => ({
    ...finding,
    ranges: finding.ranges.map((r) => ({ start: view.origin[r.start], end: view.origin[r.end], match: r.match })),
  }));
  return { view, sent: line, block: { line, range, scope: 'entry', findings: mapped } };
}

/** The block for one memory file, and its measure under `name`. `undefined` content: the file is absent. */
export function renderMemory(target: MemoryTarget, name: string, content: FileContent | undefined, limit: number, warnAt: number): MemoryRender | 'undecodable' {
  const nothing = (status: FileMeasure['status'], note?: string, text = ''): MemoryRender => ({
    block: '',
    measure: { name, status, text, size: 0, cap: limit, state: 'missing', kept: [], dropped: [], keptSize: 0, droppedSize: 0, section: '', note },
  });
  if (content === undefined) return nothing('absent');
  const decoded = decodeForHermes(content, 'utf-8');
  if (decoded.kind === 'unreadable') return content.kind === 'unreadable' ? nothing('unreadable', `${content.reason}: Hermes loads no memory`) : 'undecodable';
  const entries = entriesOf(decoded.view).map((view) => sanitize(view, FILES[target]));
  const size = codePoints(decoded.view.text);
  if (entries.length === 0) return nothing('empty', 'no entries: Hermes sends no block', decoded.file);
  const content_ = entries.map((entry) => entry.sent).join(DELIMITER);
  const current = codePoints(content_);
  const pct = limit > 0 ? Math.min(100, Math.floor((current / limit) * 100)) : 0;
  const over = current > limit ? ' ⚠ OVER BUDGET' : '';
  const header = `${HEADERS[target]} [${pct}% — ${pythonThousands(current)}/${pythonThousands(limit)} chars${over}]`;
  const renderCap = Math.max(2 * limit, 4000);
  let body = content_;
  let marker: string | undefined;
  if (current > renderCap) {
    const head = Math.floor(renderCap * 0.7);
    const tail = Math.floor(renderCap * 0.2);
    marker = `\n\n[... ${pythonThousands(current - head - tail)} chars truncated — memory over budget (${pythonThousands(current)}/${pythonThousands(limit)}); consolidate via memory(action=remove/replace) ...]\n\n`;
    body = content_.slice(0, codePointIndex(content_, head)) + marker + content_.slice(codePointIndex(content_, -tail));
  }
  const blocks = entries.flatMap((entry) => (entry.block ? [entry.block] : []));
  const kept = entries.filter((entry) => !entry.block).map((entry) => ({ start: entry.view.origin[0], end: entry.view.origin[entry.view.text.length] }));
  const dropped = blocks.map((block) => block.range);
  const state: CapState = capState(current, limit, warnAt);
  const removed = blocks.length > 0 ? `${blocks.length} of ${entries.length} entries removed by Hermes's scanner` : undefined;
  const cutNote = marker
    ? `Hermes shows ${pythonThousands(Math.floor(renderCap * 0.7))} + ${pythonThousands(Math.floor(renderCap * 0.2))} of ${pythonThousands(current)} chars`
    : undefined;
  const overNote = over ? `over Hermes's ${pythonThousands(limit)}-char budget: its memory tool refuses new entries` : undefined;
  const keptSize = kept.reduce((sum, span) => sum + codePoints(decoded.file.slice(span.start, span.end)), 0);
  return {
    block: `${RULE}\n${header}\n${RULE}\n${body}`,
    measure: {
      name,
      status: marker || blocks.length > 0 ? 'cut' : 'sent',
      text: decoded.file,
      size,
      cap: limit,
      effectiveCap: limit,
      state,
      kept,
      dropped,
      keptSize,
      droppedSize: Math.max(0, size - keptSize),
      section: `${RULE}\n${header}\n${RULE}\n${body}`,
      note: [removed, cutNote, overNote].filter((part) => part !== undefined).join('; ') || undefined,
      marker,
      blocks: blocks.length > 0 ? blocks : undefined,
    },
  };
}
