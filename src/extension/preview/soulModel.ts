// What the preview shows for each section and for Heartwood, built from the core's
// composition. Pure (no vscode): strings go through an injected translator.
import {
  capState,
  composeHeartwood,
  CutPlace,
  formatBytes,
  formatCount,
  formatPercent,
  HeartwoodCaps,
  MAX_FILE_BYTES,
  reportHeartwood,
  sectionHeading,
  SoulSection,
  splitHeartwood,
  TRUNCATION_NOTICE,
  utf8Length,
} from '../../core';
import type { HeartwoodView, Labels, SectionMeta } from '../../webview/protocol';

/** `vscode.l10n.t` in the extension; a plain `{0}` formatter in tests. */
export type Translate = (message: string, ...args: Array<string | number>) => string;

/** A section as the preview holds it: its text is `heading + kept + meta.notice`. */
export interface SectionModel {
  readonly meta: SectionMeta;
  /** `## NAME\n\n`. */
  readonly heading: string;
  /** The body as sent, minus the truncation notice: the part typing changes. */
  readonly kept: string;
  /** UTF-8 bytes of the section's text in the soul. */
  readonly soulBytes: number;
}

/** The text the webview shows for a section, before its notice. */
export function headOf(model: SectionModel): string {
  return model.heading + model.kept;
}

/**
 * A section's body split into what typing changes (kept) and the runtime's truncation
 * notice (the tail of a cut file). `trim()` removes the notice's leading newline when
 * nothing but whitespace is kept before it.
 */
export function splitNotice(section: Pick<SoulSection, 'body' | 'truncated'>): { kept: string; notice: string } {
  if (section.truncated) {
    for (const notice of [TRUNCATION_NOTICE, TRUNCATION_NOTICE.trimStart()]) {
      if (section.body.endsWith(notice)) return { kept: section.body.slice(0, section.body.length - notice.length), notice };
    }
  }
  return { kept: section.body, notice: '' };
}

/**
 * A section of the soul as the preview shows it; `cut` is the core's report of the cut,
 * when there is one. Works on the body, never on heading + body: joining them would copy
 * a 2 MB string on every keystroke.
 */
export function sectionModel(section: SoulSection, warnAt: number, t: Translate, cut?: CutPlace): SectionModel {
  const { kept, notice } = splitNotice(section);
  const heading = sectionHeading(section.name);
  const fraction = section.bytes / MAX_FILE_BYTES;
  const dropped = Math.max(0, section.bytes - MAX_FILE_BYTES);
  const cutText = !section.truncated
    ? ''
    : cut
      ? t('Cut at the 2 MB cap (line {0}, column {1}): the runtime drops the last {2} bytes.', cut.line + 1, cut.column + 1, formatCount(dropped))
      : t('Cut at the 2 MB cap: the runtime drops the last {0} bytes.', formatCount(dropped));
  return {
    meta: {
      name: section.name,
      bytes: section.bytes,
      fraction,
      state: capState(section.bytes, MAX_FILE_BYTES, warnAt),
      sizeText: t('{0} bytes · {1} of 2 MB', formatCount(section.bytes), formatPercent(fraction)),
      notice,
      cutText,
    },
    heading,
    kept,
    soulBytes: utf8Length(heading) + utf8Length(section.body),
  };
}

/** The soul's size line: bytes of the joined sections. */
export function totalsText(bytes: number, files: number, t: Translate): string {
  if (files === 0) return t('Soul: empty (no bootstrap file)');
  return files === 1
    ? t('Soul: {0} bytes ({1}) · 1 file', formatCount(bytes), formatBytes(bytes))
    : t('Soul: {0} bytes ({1}) · {2} files', formatCount(bytes), formatBytes(bytes), files);
}

/** The Heartwood section as sent, or undefined when the persona has no HEARTWOOD.md. */
export function heartwoodModel(text: string | undefined, caps: HeartwoodCaps, warnAt: number, t: Translate): HeartwoodView | undefined {
  if (text === undefined) return undefined;
  const report = reportHeartwood(text, caps, warnAt);
  const composed = composeHeartwood(text, caps) ?? '';
  const voiceAt = splitHeartwood(text.trim()).voiceHeadingIndex ?? -1;
  const parts = [t('Identity {0}', formatCount(report.identityChars))];
  if (report.hasVoice) parts.push(t('Voice {0}', formatCount(report.voiceChars)));
  parts.push(t('maxChars {0}', formatCount(report.maxChars)), t('ceiling {0}', formatCount(report.ceiling)));
  return {
    text: composed,
    voiceAt: voiceAt < composed.length ? voiceAt : -1,
    chars: report.chars,
    fraction: report.fraction,
    state: report.state,
    truncated: report.truncated,
    sizeText: report.present
      ? t('{0} of {1} characters ({2})', formatCount(report.chars), formatCount(report.cap), formatPercent(report.fraction))
      : t('Empty: no identity section is sent'),
    partsText: parts.join(' · '),
    cutText: report.cut
      ? t('Cut at {0} characters (line {1}, column {2}): the runtime drops the last {3} characters.', formatCount(report.cap), report.cut.line + 1, report.cut.column + 1, formatCount(report.cut.droppedChars))
      : '',
  };
}

export function labels(t: Translate): Labels {
  return {
    missing: t('Not in the soul (missing):'),
    openFile: t('Open the file'),
    cut: t('cut here'),
    heartwood: t('Heartwood identity section'),
  };
}
