// How close each bootstrap file is to its cap, and where the cut falls.
import { BOOTSTRAP_ORDER, BootstrapName, DEFAULT_WARN_AT, MAX_FILE_BYTES } from './bootstrap';
import { BootstrapSource, BootstrapSources, sourceOf } from './compose';
import { charBoundaryAtOrBefore, charIndexAtByte, decodeUtf8, lineAndColumn, utf8Length } from './utf8';

export type CapState = 'missing' | 'ok' | 'near' | 'over';

/** Where the runtime's cut falls in a file's text. */
export interface CutPlace {
  /** First byte the runtime drops (always the cap). */
  readonly byteOffset: number;
  /** UTF-16 index in the text of the first character cut, whole or in part. */
  readonly index: number;
  /** Zero-based line and column of `index`. */
  readonly line: number;
  readonly column: number;
  /** How many bytes past the cap the file is. */
  readonly droppedBytes: number;
}

export interface FileReport {
  readonly name: BootstrapName;
  readonly present: boolean;
  readonly bytes: number;
  readonly cap: number;
  /** bytes / cap. */
  readonly fraction: number;
  readonly state: CapState;
  readonly truncated: boolean;
  readonly cut?: CutPlace;
}

export function capState(amount: number, cap: number, warnAt: number): Exclude<CapState, 'missing'> {
  if (amount > cap) return 'over';
  return amount >= cap * warnAt ? 'near' : 'ok';
}

const stateRank: Record<CapState, number> = { missing: 0, ok: 1, near: 2, over: 3 };

/** The more serious of two states. */
export function worseState(a: CapState, b: CapState): CapState {
  return stateRank[a] >= stateRank[b] ? a : b;
}

export function reportFile(name: BootstrapName, source: BootstrapSource | undefined, warnAt = DEFAULT_WARN_AT): FileReport {
  if (source === undefined) {
    return { name, present: false, bytes: 0, cap: MAX_FILE_BYTES, fraction: 0, state: 'missing', truncated: false };
  }
  const bytes = typeof source === 'string' ? utf8Length(source) : source.byteLength;
  const truncated = bytes > MAX_FILE_BYTES;
  return {
    name,
    present: true,
    bytes,
    cap: MAX_FILE_BYTES,
    fraction: bytes / MAX_FILE_BYTES,
    state: capState(bytes, MAX_FILE_BYTES, warnAt),
    truncated,
    cut: truncated ? cutPlace(source, bytes) : undefined,
  };
}

function cutPlace(source: BootstrapSource, bytes: number): CutPlace {
  let text: string;
  let index: number;
  if (typeof source === 'string') {
    text = source;
    index = charIndexAtByte(source, MAX_FILE_BYTES);
  } else {
    text = decodeUtf8(source.subarray(0, charBoundaryAtOrBefore(source, MAX_FILE_BYTES)));
    index = text.length;
  }
  return { byteOffset: MAX_FILE_BYTES, index, ...lineAndColumn(text, index), droppedBytes: bytes - MAX_FILE_BYTES };
}

export interface PersonaReport {
  readonly files: FileReport[];
  /** The worst state of any present file ('missing' when none is present). */
  readonly state: CapState;
}

export function reportPersona(sources: BootstrapSources, warnAt = DEFAULT_WARN_AT): PersonaReport {
  const files = BOOTSTRAP_ORDER.map((name) => reportFile(name, sourceOf(sources, name), warnAt));
  return { files, state: files.reduce<CapState>((worst, file) => worseState(worst, file.state), 'missing') };
}
