// What the Problems panel says about a file near or over its cap under its runtime,
// and about a bootstrap file whose name has the wrong case. Pure, so the words can be tested;
// the words are core messages (messages.ts), rendered in English unless told otherwise.
import { BootstrapName, isBootstrapName, MAX_FILE_BYTES, TRUNCATION_NOTICE } from './bootstrap';
import { formatBytes, formatCount, formatPercent } from './format';
import { HEARTWOOD_FILE, HeartwoodReport } from './heartwood';
import { english, Render } from './messages';
import { FileReport } from './report';
import { FileMeasure, RuntimeId, SizeUnit, Span } from './runtimes/profile';
import { utf8Length } from './utf8';

export type CapProblemKind = 'near' | 'over';

export interface CapProblem {
  readonly kind: CapProblemKind;
  readonly message: string;
  /** UTF-16 index in the reported text where what the runtime drops begins (over only). */
  readonly cutIndex?: number;
}

const NOTICE = TRUNCATION_NOTICE.trim();

/**
 * The problem with a bootstrap file, if any. `text` is the file's text as reported
 * (editor text or decoded bytes), used only when over to tell whether the cut
 * splits a character.
 */
export function fileCapProblem(report: FileReport, text?: string, t: Render = english): CapProblem | undefined {
  if (report.state === 'near') {
    return {
      kind: 'near',
      message: t('fileNear', report.name, formatPercent(report.fraction), formatCount(report.bytes), formatCount(report.cap), formatCount(report.cap - report.bytes)),
    };
  }
  if (report.state !== 'over' || !report.cut) return undefined;
  const { cut } = report;
  let message = t('fileOver', report.name, formatCount(cut.droppedBytes), formatCount(report.bytes), NOTICE);
  if (text !== undefined && splitsCharacter(text, cut.index)) {
    message += ' ' + t('fileSplitsCharacter');
  }
  return { kind: 'over', message, cutIndex: cut.index };
}

/** True when the cap falls inside the character at `index` rather than before it. */
export function splitsCharacter(text: string, index: number): boolean {
  return index < text.length && utf8Length(text.slice(0, index)) < MAX_FILE_BYTES;
}

/** The problem with HEARTWOOD.md, if any: the same, in characters against its cap. */
export function heartwoodCapProblem(report: HeartwoodReport, t: Render = english): CapProblem | undefined {
  const capName = report.maxChars <= report.ceiling ? t('heartwoodLoaderCap') : t('heartwoodRouteCap');
  if (report.state === 'near') {
    return {
      kind: 'near',
      message: t(
        'heartwoodNear',
        HEARTWOOD_FILE,
        formatPercent(report.fraction),
        formatCount(report.chars),
        formatCount(report.cap),
        capName,
        formatCount(report.cap - report.chars),
      ),
    };
  }
  if (report.state !== 'over' || !report.cut) return undefined;
  return {
    kind: 'over',
    message:
      t('heartwoodOver', HEARTWOOD_FILE, formatCount(report.cut.droppedChars), formatCount(report.cap), capName) + (report.cut.splitsPair ? ' ' + t('heartwoodSplitsPair') : ''),
    cutIndex: report.cut.index,
  };
}

/** Why a mis-cased bootstrap file is flagged. */
export function miscasedMessage(name: string, intended: BootstrapName, t: Render = english): string {
  return t('miscased', name, intended);
}

/** A runtime's name in sentences ("not loaded by OpenClaw"); its profile's label carries the version. */
export const RUNTIME_NAMES: Readonly<Record<RuntimeId, string>> = {
  toolnexus: 'toolnexus',
  openclaw: 'OpenClaw',
  zeroclaw: 'ZeroClaw',
  codex: 'Codex',
  hermes: 'Hermes',
};

/** "24,310 chars" in the runtime's unit; bytes read as today ("1.2 KB"). */
export function formatMeasure(size: number, unit: SizeUnit, t: Render = english): string {
  if (unit === 'bytes') return formatBytes(size);
  return unit === 'chars' ? t('sizeChars', formatCount(size)) : t('sizeCodePoints', formatCount(size));
}

/** "24,310 chars" written out in full, for sentences and tooltips. */
export function formatMeasureExact(size: number, unit: SizeUnit, t: Render = english): string {
  return unit === 'bytes' ? t('sizeBytes', formatCount(size)) : formatMeasure(size, unit, t);
}

/** The problem with a file under any runtime, with the spans of its text it drops. */
export interface MeasureProblem {
  readonly kind: CapProblemKind;
  readonly message: string;
  /** What the runtime drops of the file's text, in file order (empty when near). */
  readonly spans: readonly Span[];
}

/**
 * The problem with a bootstrap file under a runtime, from its measure: near its cap,
 * cut (each dropped span), or dropped whole by the total budget. Files the runtime does
 * not load, absent ones and markers are the tree's to explain, not a problem of the file.
 */
export function measureCapProblem(measure: FileMeasure, runtime: RuntimeId, unit: SizeUnit, t: Render = english): MeasureProblem | undefined {
  if (runtime === 'toolnexus' && isBootstrapName(measure.name)) return toolnexusProblem(measure, measure.name, t);
  const name = RUNTIME_NAMES[runtime];
  const cap = measure.effectiveCap ?? measure.cap;
  if (measure.status === 'dropped') {
    return {
      kind: 'over',
      message: t('budgetSpent', measure.name, name, formatMeasureExact(measure.size, unit, t)),
      spans: measure.dropped.length ? measure.dropped : [{ start: 0, end: Number.MAX_SAFE_INTEGER }],
    };
  }
  if (measure.status === 'cut' && cap !== undefined) {
    const budget = measure.cap !== undefined && cap < measure.cap ? t('budgetLeaves', formatCount(measure.cap), formatCount(cap)) : '';
    const message = t(
      'runtimeOver',
      measure.name,
      name,
      formatMeasureExact(cap, unit, t),
      budget,
      measure.note ?? t('runtimeKeeps', name, formatCount(measure.keptSize), formatMeasureExact(measure.size, unit, t)),
      formatMeasureExact(measure.droppedSize, unit, t),
    );
    return { kind: 'over', message, spans: measure.dropped };
  }
  if (measure.state === 'near' && cap !== undefined && (measure.status === 'sent' || measure.status === 'cut')) {
    return {
      kind: 'near',
      message: t(
        'runtimeNear',
        measure.name,
        name,
        formatMeasureExact(cap, unit, t),
        formatCount(measure.size),
        formatPercent(measure.size / cap),
        formatCount(Math.max(0, cap - measure.size)),
      ),
      spans: [],
    };
  }
  return undefined;
}

/** The seed's words, from the measure: the texts people (and tests) already know. */
function toolnexusProblem(measure: FileMeasure, name: BootstrapName, t: Render): MeasureProblem | undefined {
  if (measure.status !== 'sent' && measure.status !== 'cut') return undefined;
  const cut = measure.dropped[0];
  const report: FileReport = {
    name,
    present: true,
    bytes: measure.size,
    cap: MAX_FILE_BYTES,
    fraction: measure.size / MAX_FILE_BYTES,
    state: measure.state,
    truncated: measure.status === 'cut',
    cut: cut ? { byteOffset: MAX_FILE_BYTES, index: cut.start, line: 0, column: 0, droppedBytes: measure.droppedSize } : undefined,
  };
  const problem = fileCapProblem(report, measure.text, t);
  if (!problem) return undefined;
  return { kind: problem.kind, message: problem.message, spans: problem.kind === 'over' ? measure.dropped : [] };
}
