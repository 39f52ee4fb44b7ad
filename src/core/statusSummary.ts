// What the status bar says about the persona of the active editor: the soul's size,
// the active file's share of its cap, and a row per file for the tooltip. Pure.
import { isBootstrapName, miscasedBootstrapName } from './bootstrap';
import { Translate, untranslated } from './capMessages';
import { formatBytes, formatCount, formatPercent } from './format';
import { HEARTWOOD_FILE, HeartwoodReport } from './heartwood';
import { CapState, FileReport, worseState } from './report';

export interface StatusInput {
  /** A report per bootstrap file, in bootstrap order (missing ones included). */
  readonly files: readonly FileReport[];
  readonly heartwood?: HeartwoodReport;
  /** Bytes of the composed soul. */
  readonly soulBytes: number;
  /** Name of the file in the active editor. */
  readonly active: string;
}

export interface StatusRow {
  readonly name: string;
  readonly state: CapState;
  /** Size against the cap's unit, or a dash when missing. */
  readonly size: string;
  /** Share of the cap, or empty when missing. */
  readonly share: string;
}

export interface StatusSummary {
  /** Status bar text, with a codicon. */
  readonly text: string;
  /** The worst state of any present file, HEARTWOOD.md included. */
  readonly state: CapState;
  readonly rows: StatusRow[];
  readonly soul: string;
}

export function statusSummary(input: StatusInput, t: Translate = untranslated): StatusSummary {
  const { files, heartwood } = input;
  const soul = formatBytes(input.soulBytes);
  const anyBootstrap = files.some((file) => file.present);
  const rows: StatusRow[] = [];
  if (anyBootstrap || !heartwood?.present) {
    for (const file of files) {
      rows.push(
        file.present
          ? { name: file.name, state: file.state, size: formatBytes(file.bytes), share: formatPercent(file.fraction) }
          : { name: file.name, state: 'missing', size: '—', share: '' },
      );
    }
  }
  if (heartwood?.present) {
    rows.push({
      name: HEARTWOOD_FILE,
      state: heartwood.state,
      size: t('{0} chars', formatCount(heartwood.chars)),
      share: t('{0} of {1}', formatPercent(heartwood.fraction), formatCount(heartwood.cap)),
    });
  }
  let state = files.reduce<CapState>((worst, file) => worseState(worst, file.state), 'missing');
  if (heartwood) state = worseState(state, heartwood.state);
  return { text: statusText(input, soul, anyBootstrap, t), state, rows, soul };
}

function statusText(input: StatusInput, soul: string, anyBootstrap: boolean, t: Translate): string {
  const { active, heartwood } = input;
  if (active === HEARTWOOD_FILE && heartwood) {
    return t('$(person) Heartwood {0} chars · {1}', formatCount(heartwood.chars), formatPercent(heartwood.fraction));
  }
  if (isBootstrapName(active)) {
    const file = input.files.find((candidate) => candidate.name === active);
    return t('$(person) Soul {0} · {1} {2}', soul, active, formatPercent(file?.fraction ?? 0));
  }
  if (miscasedBootstrapName(active)) return t('$(person) Soul {0} · {1} is not read', soul, active);
  if (!anyBootstrap && heartwood?.present) {
    return t('$(person) Heartwood {0} chars · {1}', formatCount(heartwood.chars), formatPercent(heartwood.fraction));
  }
  return t('$(person) Soul {0}', soul);
}
