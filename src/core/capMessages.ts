// What the Problems panel says about a file near or over its cap, and about a
// bootstrap file whose name has the wrong case. Pure, so the words can be tested;
// the extension passes `vscode.l10n.t` as the translator.
import { BootstrapName, MAX_FILE_BYTES, TRUNCATION_NOTICE } from './bootstrap';
import { formatCount, formatPercent } from './format';
import { HEARTWOOD_FILE, HeartwoodReport } from './heartwood';
import { FileReport } from './report';
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
