// What the Problems panel says about a file near or over its cap under its runtime,
// and about a bootstrap file whose name has the wrong case. Pure, so the words can be tested;
// the extension passes `vscode.l10n.t` as the translator.
import { BootstrapName, isBootstrapName, MAX_FILE_BYTES, TRUNCATION_NOTICE } from './bootstrap';
import { formatBytes, formatCount, formatPercent } from './format';
import { HEARTWOOD_FILE, HeartwoodReport } from './heartwood';
import { FileReport } from './report';
import { FileMeasure, RuntimeId, SizeUnit, Span } from './runtimes/profile';
import { utf8Length } from './utf8';

/** `vscode.l10n.t`'s shape: a message with `{0}`-style placeholders and its arguments. */
export type Translate = (message: string, ...args: Array<string | number>) => string;

/** Fills `{0}`, `{1}`… without translating: the default outside VS Code. */
export const untranslated: Translate = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? placeholder : String(value);
  });

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
export function fileCapProblem(report: FileReport, text?: string, t: Translate = untranslated): CapProblem | undefined {
  if (report.state === 'near') {
    return {
      kind: 'near',
      message: t(
        '{0} is near the 2 MB bootstrap cap: {2} of {3} bytes ({1}), {4} bytes left before the runtime cuts it.',
        report.name,
        formatPercent(report.fraction),
        formatCount(report.bytes),
        formatCount(report.cap),
        formatCount(report.cap - report.bytes),
      ),
    };
  }
  if (report.state !== 'over' || !report.cut) return undefined;
  const { cut } = report;
  let message = t(
    '{0} is {1} bytes over the 2 MB bootstrap cap ({2} bytes): the runtime drops everything from here to the end of the file ({1} bytes) and appends "{3}".',
    report.name,
    formatCount(cut.droppedBytes),
    formatCount(report.bytes),
    NOTICE,
  );
  if (text !== undefined && splitsCharacter(text, cut.index)) {
    message += ' ' + t('The cap splits the character here: the part kept becomes "\uFFFD".');
  }
  return { kind: 'over', message, cutIndex: cut.index };
}

/** True when the cap falls inside the character at `index` rather than before it. */
export function splitsCharacter(text: string, index: number): boolean {
  return index < text.length && utf8Length(text.slice(0, index)) < MAX_FILE_BYTES;
}

/** The problem with HEARTWOOD.md, if any: the same, in characters against its cap. */
export function heartwoodCapProblem(report: HeartwoodReport, t: Translate = untranslated): CapProblem | undefined {
  const capName = report.maxChars <= report.ceiling ? t("the loader's maxChars") : t("the route's heartwoodMaxChars ceiling");
  if (report.state === 'near') {
    return {
      kind: 'near',
      message: t(
        '{0} is near its cap of {3} characters ({4}): {2} characters ({1}), {5} left before it is cut.',
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
    message: t(
      '{0} is {1} characters over its cap of {2} characters ({3}): the identity section keeps the first {2} characters of the trimmed text and drops everything from here to the end of the file.',
      HEARTWOOD_FILE,
      formatCount(report.cut.droppedChars),
      formatCount(report.cap),
      capName,
    ) + (report.cut.splitsPair ? ' ' + t('The cap splits a surrogate pair here: the half kept becomes "\uFFFD".') : ''),
    cutIndex: report.cut.index,
  };
}

/** Why a mis-cased bootstrap file is flagged. */
export function miscasedMessage(name: string, intended: BootstrapName, t: Translate = untranslated): string {
  return t(
    '{0} is not read as {1} on a case-sensitive file system: the runtime matches bootstrap file names exactly. Rename it to {1}.',
    name,
    intended,
  );
}

/** A runtime's name in sentences ("not loaded by OpenClaw"); its profile's label carries the version. */
export const RUNTIME_NAMES: Readonly<Record<RuntimeId, string>> = {
  toolnexus: 'toolnexus',
  openclaw: 'OpenClaw',
  zeroclaw: 'ZeroClaw',
  codex: 'Codex',
};

/** "24,310 chars" in the runtime's unit; bytes read as today ("1.2 KB"). */
export function formatMeasure(size: number, unit: SizeUnit, t: Translate = untranslated): string {
  if (unit === 'bytes') return formatBytes(size);
  return unit === 'chars' ? t('{0} chars', formatCount(size)) : t('{0} code points', formatCount(size));
}

/** "24,310 chars" written out in full, for sentences and tooltips. */
export function formatMeasureExact(size: number, unit: SizeUnit, t: Translate = untranslated): string {
  return unit === 'bytes' ? t('{0} bytes', formatCount(size)) : formatMeasure(size, unit, t);
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
export function measureCapProblem(measure: FileMeasure, runtime: RuntimeId, unit: SizeUnit, t: Translate = untranslated): MeasureProblem | undefined {
  if (runtime === 'toolnexus' && isBootstrapName(measure.name)) return toolnexusProblem(measure, measure.name, t);
  const name = RUNTIME_NAMES[runtime];
  const cap = measure.effectiveCap ?? measure.cap;
  if (measure.status === 'dropped') {
    return {
      kind: 'over',
      message: t("{0} is not sent: {1}'s total budget is spent before it ({2} dropped).", measure.name, name, formatMeasureExact(measure.size, unit, t)),
      spans: measure.dropped.length ? measure.dropped : [{ start: 0, end: Number.MAX_SAFE_INTEGER }],
    };
  }
  if (measure.status === 'cut' && cap !== undefined) {
    const budget =
      measure.cap !== undefined && cap < measure.cap
        ? t(" (its own cap is {0}; the total budget leaves {1})", formatCount(measure.cap), formatCount(cap))
        : '';
    const message = t(
      '{0} is over {1}\'s cap of {2}{3}: {4}. The marked text ({5}) is not sent.',
      measure.name,
      name,
      formatMeasureExact(cap, unit, t),
      budget,
      measure.note ?? t('{0} keeps {1} of {2}', name, formatCount(measure.keptSize), formatMeasureExact(measure.size, unit, t)),
      formatMeasureExact(measure.droppedSize, unit, t),
    );
    return { kind: 'over', message, spans: measure.dropped };
  }
  if (measure.state === 'near' && cap !== undefined && (measure.status === 'sent' || measure.status === 'cut')) {
    return {
      kind: 'near',
      message: t(
        "{0} is near {1}'s cap of {2}: {3} ({4}), {5} left before {1} cuts it.",
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
function toolnexusProblem(measure: FileMeasure, name: BootstrapName, t: Translate): MeasureProblem | undefined {
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
