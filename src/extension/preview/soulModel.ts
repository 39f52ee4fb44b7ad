// What the preview shows for each file a runtime measures, and for Heartwood: sizes in
// the runtime's unit against its caps, kept and dropped counts, the cut, the dropped
// text to reveal. No editor state: only `vscode.l10n.t` for the words.
import * as vscode from 'vscode';
import { composeHeartwood, FileMeasure, formatBytes, formatCount, formatPercent, editorLineAndColumn, SizeUnit, splitHeartwood, utf8Length } from '../../core';
import type { DroppedView, HeartwoodView, Labels, SectionMeta } from '../../webview/protocol';
import type { HeartwoodMeasure } from '../model/measurements';
import { codePointCount, isHighSurrogate } from '../../core/surrogates';

/** At most this many UTF-16 units of a file's dropped text are revealed. */
export const REVEAL_LIMIT = 64 * 1024;

const MIB = 1024 * 1024;

/** The size of `text` in a runtime's unit. */
export function sizeIn(unit: SizeUnit, text: string): number {
  if (unit === 'bytes') return utf8Length(text);
  if (unit === 'chars') return text.length;
  return codePointCount(text);
}

export function unitName(unit: SizeUnit): string {
  if (unit === 'bytes') return vscode.l10n.t('bytes');
  return unit === 'chars' ? vscode.l10n.t('chars') : vscode.l10n.t('code points');
}

/** A cap as a size line says it: "2 MB" for whole mebibytes, else the count. */
function capNumber(cap: number, unit: SizeUnit): string {
  if (unit === 'bytes' && cap % MIB === 0) return `${cap / MIB} MB`;
  if (unit === 'bytes' && cap % 1024 === 0) return `${cap / 1024} KB`;
  return formatCount(cap);
}

/** A cap as a cut line says it: "2 MB", "20,000-char". */
function capPhrase(cap: number, unit: SizeUnit): string {
  if (unit === 'bytes') return cap % 1024 === 0 ? capNumber(cap, unit) : vscode.l10n.t('{0}-byte', formatCount(cap));
  return unit === 'chars' ? vscode.l10n.t('{0}-char', formatCount(cap)) : vscode.l10n.t('{0}-code-point', formatCount(cap));
}

/** The slice [start, end) of `text`, widened so that it never splits a surrogate pair. */
function wholeSlice(text: string, start: number, end: number): string {
  if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++;
  return text.slice(start, end);
}

/** Where a cut line points: one-based, as an editor shows it. */
function place(text: string, index: number): { line: number; column: number } {
  const { line, column } = editorLineAndColumn(text, index);
  return { line: line + 1, column: column + 1 };
}

/** What the header says of a file's cut, from its dropped spans. */
function cutText(file: FileMeasure, unit: SizeUnit): string {
  const spans = file.dropped;
  if (spans.length === 0) return '';
  // What a scanner replaces (Hermes's [BLOCKED: …]) is dropped for that, not cut at a cap.
  const blocks = file.blocks ?? [];
  if (blocks.some((block) => block.scope === 'file')) return vscode.l10n.t("Blocked by the runtime's scanner: none of the file is sent, the [BLOCKED: …] line goes in its place.");
  if (blocks.length > 0) return vscode.l10n.t("The runtime's scanner removes {0} of its entries: a [BLOCKED: …] line goes in the place of each.", blocks.length);
  const cap = file.effectiveCap ?? file.cap;
  const where = cap === undefined ? vscode.l10n.t('Cut') : vscode.l10n.t('Cut at the {0} cap', capPhrase(cap, unit));
  const dropped = formatCount(file.droppedSize);
  const first = place(file.text, Math.min(spans[0].start, file.text.length));
  const end = spans[spans.length - 1].end;
  if (end >= file.text.length) {
    return vscode.l10n.t('{0} (line {1}, column {2}): the runtime drops the last {3} {4}.', where, first.line, first.column, dropped, unitName(unit));
  }
  const last = place(file.text, end);
  return vscode.l10n.t(
    '{0}: the runtime drops {1} {2}, from line {3}, column {4} to line {5}, column {6}.',
    where,
    dropped,
    unitName(unit),
    first.line,
    first.column,
    last.line,
    last.column,
  );
}

function sizeText(file: FileMeasure, unit: SizeUnit): string {
  if (file.status === 'missing') return vscode.l10n.t('absent: the runtime sends a marker in its place');
  if (file.status === 'unreadable') return vscode.l10n.t('unreadable: the runtime sends a marker in its place');
  const size = `${formatCount(file.size)} ${unitName(unit)}`;
  const cap = file.effectiveCap ?? file.cap;
  if (cap === undefined || cap <= 0) return size;
  return vscode.l10n.t('{0} · {1} of {2}', size, formatPercent(file.size / cap), capNumber(cap, unit));
}

function countsText(file: FileMeasure, unit: SizeUnit): string {
  if (file.status === 'empty') return vscode.l10n.t('empty: nothing of it is sent');
  if (file.status !== 'cut') return '';
  const kept = file.kept.length <= 1 ? formatCount(file.keptSize) : file.kept.map((span) => formatCount(sizeIn(unit, file.text.slice(span.start, span.end)))).join(' + ');
  return vscode.l10n.t('kept {0} · dropped {1} {2}', kept, formatCount(file.droppedSize), unitName(unit));
}

/** The header of a file that sends text; `marker` and `separator` are placed by the caller. */
export function sectionMeta(file: FileMeasure, unit: SizeUnit, layout: { readonly marker: string; readonly separator: string; readonly revealed: boolean }): SectionMeta {
  const cap = file.effectiveCap ?? file.cap;
  return {
    name: file.name,
    status: file.status,
    size: file.size,
    fraction: cap ? file.size / cap : 0,
    state: file.state,
    sizeText: sizeText(file, unit),
    countsText: countsText(file, unit),
    note: file.note ?? '',
    marker: layout.marker,
    separator: layout.separator,
    cutText: cutText(file, unit),
    cut: file.dropped.length > 0,
    revealed: layout.revealed && file.dropped.length > 0,
  };
}

/** What a runtime drops of a file, bounded to REVEAL_LIMIT units of text. */
export function droppedView(file: FileMeasure, unit: SizeUnit, runtimeLabel: string, limit = REVEAL_LIMIT): DroppedView | undefined {
  if (file.dropped.length === 0) return undefined;
  const parts: string[] = [];
  let room = limit;
  let shown = 0;
  for (const span of file.dropped) {
    if (room <= 0) break;
    const end = Math.min(span.end, file.text.length);
    if (span.start >= end) continue;
    const part = wholeSlice(file.text, span.start, Math.min(end, span.start + room));
    parts.push(part);
    shown += sizeIn(unit, part);
    room -= part.length;
  }
  const more = Math.max(0, file.droppedSize - shown);
  return {
    label: vscode.l10n.t('Dropped by {0}: {1} {2}', runtimeLabel, formatCount(file.droppedSize), unitName(unit)),
    // Spans apart in the file stay apart here.
    text: parts.join('\n⋯\n'),
    moreText: more > 0 ? vscode.l10n.t('… {0} more {1}', formatCount(more), unitName(unit)) : '',
  };
}

/** The soul's size line: bytes of the composed text. */
export function totalsText(bytes: number, files: number): string {
  if (files === 0) return vscode.l10n.t('Soul: empty (no bootstrap file)');
  return files === 1
    ? vscode.l10n.t('Soul: {0} bytes ({1}) · 1 file', formatCount(bytes), formatBytes(bytes))
    : vscode.l10n.t('Soul: {0} bytes ({1}) · {2} files', formatCount(bytes), formatBytes(bytes), files);
}

/** The runtime's total against its budget: "OpenClaw 2026.9.6: 33,120 of 60,000 chars (55.2 %)". */
export function runtimeTotalText(label: string, unit: SizeUnit, total: { readonly size: number; readonly cap?: number }): string {
  if (total.cap === undefined || total.cap <= 0) return vscode.l10n.t('{0}: {1} {2}', label, formatCount(total.size), unitName(unit));
  return vscode.l10n.t('{0}: {1} of {2} {3} ({4})', label, formatCount(total.size), formatCount(total.cap), unitName(unit), formatPercent(total.size / total.cap));
}

/** The heading of a list of files that send nothing. */
export function unsentLabel(status: string, runtimeLabel: string): string {
  switch (status) {
    case 'absent':
      return vscode.l10n.t('Not in the soul (missing):');
    case 'notLoaded':
      return vscode.l10n.t('Not loaded by {0}:', runtimeLabel);
    case 'dropped':
      return vscode.l10n.t('Dropped (the total budget is spent):');
    case 'empty':
      return vscode.l10n.t('Empty (sends nothing):');
    case 'missing':
      return vscode.l10n.t('Missing:');
    case 'unreadable':
      return vscode.l10n.t('Unreadable:');
    default:
      return vscode.l10n.t('Not sent:');
  }
}

/** The Heartwood section as sent, or undefined when the persona has no HEARTWOOD.md. */
export function heartwoodModel(measure: HeartwoodMeasure | undefined): HeartwoodView | undefined {
  if (measure === undefined) return undefined;
  const { text, report, caps } = measure;
  const composed = composeHeartwood(text, caps) ?? '';
  const voiceAt = splitHeartwood(text.trim()).voiceHeadingIndex ?? -1;
  const parts = [vscode.l10n.t('Identity {0}', formatCount(report.identityChars))];
  if (report.hasVoice) parts.push(vscode.l10n.t('Voice {0}', formatCount(report.voiceChars)));
  parts.push(vscode.l10n.t('maxChars {0}', formatCount(report.maxChars)), vscode.l10n.t('ceiling {0}', formatCount(report.ceiling)));
  return {
    text: composed,
    voiceAt: voiceAt < composed.length ? voiceAt : -1,
    chars: report.chars,
    fraction: report.fraction,
    state: report.state,
    truncated: report.truncated,
    sizeText: report.present
      ? vscode.l10n.t('{0} of {1} characters ({2})', formatCount(report.chars), formatCount(report.cap), formatPercent(report.fraction))
      : vscode.l10n.t('Empty: no identity section is sent'),
    partsText: parts.join(' · '),
    cutText: report.cut
      ? vscode.l10n.t(
          'Cut at {0} characters (line {1}, column {2}): the runtime drops the last {3} characters.',
          formatCount(report.cap),
          report.cut.line + 1,
          report.cut.column + 1,
          formatCount(report.cut.droppedChars),
        )
      : '',
  };
}

export function labels(): Labels {
  return {
    openFile: vscode.l10n.t('Open the file'),
    cut: vscode.l10n.t('cut here'),
    heartwood: vscode.l10n.t('Heartwood identity section'),
    showDropped: vscode.l10n.t('Show dropped text'),
    hideDropped: vscode.l10n.t('Hide dropped text'),
  };
}
