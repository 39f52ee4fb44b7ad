// What the status bar says about the persona of the active editor under its runtime:
// the total against the runtime's budget (the soul's bytes for toolnexus), the active
// file's share of its cap, and a row per file for the tooltip. Pure; words are core messages.
import { isBootstrapName, miscasedBootstrapName } from './bootstrap';
import { formatMeasure, RUNTIME_NAMES } from './capMessages';
import { formatBytes, formatCount, formatPercent } from './format';
import { HEARTWOOD_FILE, HeartwoodReport } from './heartwood';
import { english, Render } from './messages';
import { CapState, worseState } from './report';
import { Composition, FileMeasure } from './runtimes/profile';

export interface StatusInput {
  /** The persona under its runtime. */
  readonly composition: Composition;
  readonly heartwood?: HeartwoodReport;
  /** Name of the file in the active editor. */
  readonly active: string;
}

export interface StatusRow {
  readonly name: string;
  readonly state: CapState;
  /** Size in the runtime's unit, or a dash when there is nothing. */
  readonly size: string;
  /** Share of the cap, or what the runtime does instead ("not loaded"). */
  readonly share: string;
}

export interface StatusSummary {
  /** Status bar text, with a codicon. */
  readonly text: string;
  /** The worst state of any file, HEARTWOOD.md and the total budget included. */
  readonly state: CapState;
  readonly rows: StatusRow[];
  /** The total, as the text shows it: "24.1 KB", or "41,000 of 60,000 chars". */
  readonly soul: string;
}

/** True when the file is on disk (whether or not the runtime sends it). */
export function isPresent(file: FileMeasure): boolean {
  return file.status !== 'absent' && file.status !== 'missing' && !(file.status === 'notLoaded' && file.size === 0 && file.text === '');
}

/** A file's share of the cap that applies to it, when it has one. */
export function capShare(file: FileMeasure): number | undefined {
  const cap = file.effectiveCap ?? file.cap;
  return cap ? file.size / cap : undefined;
}

export function statusSummary(input: StatusInput, t: Render = english): StatusSummary {
  const { composition, heartwood } = input;
  const soul = totalText(composition, t);
  const anyBootstrap = composition.files.some((file) => isBootstrapName(file.name) && isPresent(file));
  const rows: StatusRow[] = [];
  if (anyBootstrap || !heartwood?.present) {
    for (const file of composition.files) {
      if (file.status === 'absent' && !isBootstrapName(file.name)) continue;
      rows.push(statusRow(file, composition, t));
    }
  }
  if (heartwood?.present) {
    rows.push({
      name: HEARTWOOD_FILE,
      state: heartwood.state,
      size: t('sizeChars', formatCount(heartwood.chars)),
      share: t('shareOf', formatPercent(heartwood.fraction), formatCount(heartwood.cap)),
    });
  }
  let state = composition.files.reduce<CapState>((worst, file) => worseState(worst, isPresent(file) ? file.state : 'missing'), 'missing');
  if (composition.total.cap !== undefined) state = worseState(state, composition.total.state);
  if (heartwood) state = worseState(state, heartwood.state);
  return { text: statusText(input, soul, anyBootstrap, t), state, rows, soul };
}

function statusRow(file: FileMeasure, composition: Composition, t: Render): StatusRow {
  const name = RUNTIME_NAMES[composition.runtime];
  const size = formatMeasure(file.size, composition.unit, t);
  switch (file.status) {
    case 'absent':
      return { name: file.name, state: 'missing', size: '—', share: '' };
    case 'missing':
      return { name: file.name, state: 'missing', size: '—', share: t('rowMarkerSent') };
    case 'notLoaded':
      return { name: file.name, state: 'missing', size: isPresent(file) ? size : '—', share: t('rowNotLoaded', name) };
    case 'unreadable':
      return { name: file.name, state: 'missing', size: '—', share: t('rowUnreadable') };
    case 'dropped':
      return { name: file.name, state: 'over', size, share: t('rowDropped') };
    default: {
      const share = capShare(file);
      return { name: file.name, state: file.state, size, share: share === undefined ? '' : formatPercent(share) };
    }
  }
}

/** The total: the soul's bytes for toolnexus, else the budget spent against the budget. */
export function totalText(composition: Composition, t: Render = english): string {
  const { total, unit } = composition;
  if (composition.runtime === 'toolnexus') return formatBytes(total.size);
  if (total.cap === undefined) return formatMeasure(total.size, unit, t);
  return unit === 'bytes' ? t('shareOf', formatBytes(total.size), formatBytes(total.cap)) : t('shareOf', formatCount(total.size), formatMeasure(total.cap, unit, t));
}

function statusText(input: StatusInput, soul: string, anyBootstrap: boolean, t: Render): string {
  const { active, heartwood, composition } = input;
  const label = composition.runtime === 'toolnexus' ? t('statusSoul') : RUNTIME_NAMES[composition.runtime];
  if (active === HEARTWOOD_FILE && heartwood) {
    return t('statusHeartwood', formatCount(heartwood.chars), formatPercent(heartwood.fraction));
  }
  if (isBootstrapName(active)) {
    const file = composition.files.find((candidate) => candidate.name === active);
    if (file?.status === 'notLoaded') return t('statusNotLoaded', label, soul, active);
    return t('statusActive', label, soul, active, formatPercent((file && capShare(file)) ?? 0));
  }
  if (miscasedBootstrapName(active)) return t('statusNotRead', label, soul, active);
  if (!anyBootstrap && heartwood?.present) {
    return t('statusHeartwood', formatCount(heartwood.chars), formatPercent(heartwood.fraction));
  }
  return t('statusTotal', label, soul);
}
