// The tokens of one composition: each file's section as sent, and the whole text, counted
// by the engine under keys of the persona, so an edit recounts only what it changed.
import type { Composition } from '../../core/runtimes/profile';
import type { TokenEncoding } from '../../core/tokens';
import type { TokenEngine } from './engine';

export interface CompositionTokens {
  readonly encoding: TokenEncoding;
  /** By file name: the tokens of its section as sent, heading included (0 when it sends nothing). */
  readonly files: ReadonlyMap<string, number>;
  /** The tokens of `Composition.text`: what is sent on every turn. */
  readonly total: number;
  /** A sampled estimate, shown `≈` until the exact count arrives. */
  readonly estimated?: boolean;
}

/** The engine's key of a file's section, or (without `file`) of the whole composed text. */
export function tokenKey(personaDir: string, file?: string): string {
  return file === undefined ? `${personaDir}\u0000` : `${personaDir}\u0000${file}`;
}

/**
 * Counts a composition's sections and its whole text, in one message to the worker: only
 * the sections it does not hold are sent, and the whole text is joined there from the
 * composition's pieces when it has them. Settles as undefined when a newer count of the
 * same persona supersedes it: only the newest is worth showing.
 */
export async function countComposition(engine: TokenEngine, personaKey: string, composition: Composition, encoding: TokenEncoding): Promise<CompositionTokens | undefined> {
  return (await countSent(engine, personaKey, composition, encoding))?.tokens;
}

async function countSent(
  engine: TokenEngine,
  personaKey: string,
  composition: Composition,
  encoding: TokenEncoding,
  estimated?: (tokens: CompositionTokens) => void,
): Promise<{ tokens: CompositionTokens; sent: number } | undefined> {
  const sending = composition.files.filter((file) => file.section !== '');
  const sections = sending.map((file) => ({ key: tokenKey(personaKey, file.name), text: file.section }));
  // A piece that is a section goes as its index; the sections are the same strings.
  const pieces = (composition.pieces ?? [composition.text]).map((piece) => {
    const index = sending.findIndex((file) => file.section === piece);
    return index === -1 ? piece : index;
  });
  const byFile = (counts: readonly number[]) => {
    const files = new Map(composition.files.map((file) => [file.name, 0]));
    sending.forEach((file, i) => files.set(file.name, counts[i]!));
    return files;
  };
  const onEstimate =
    estimated && ((estimate: { total: number; sections: readonly number[] }) => estimated({ encoding, total: estimate.total, files: byFile(estimate.sections), estimated: true }));
  const counted = await engine.countComposition(tokenKey(personaKey), encoding, sections, pieces, onEstimate);
  if (!counted) return undefined;
  return { tokens: { encoding, total: counted.total, files: byFile(counted.sections) }, sent: counted.sent + (composition.pieces ? 0 : 1) };
}

/** Drops what the engine keeps for a persona that is gone. */
export function forgetComposition(engine: TokenEngine, personaDir: string, composition: Composition): void {
  engine.forget(tokenKey(personaDir));
  for (const file of composition.files) engine.forget(tokenKey(personaDir, file.name));
}

/**
 * Counts compositions again and again as they are edited: a keystroke sends the worker
 * the changed section alone (and the whole text, for a runtime whose composition has no
 * pieces), and the worker recounts only their changed chunks.
 */
export class CompositionCounter {
  /** Texts sent to the worker by the last count (sections, and a whole text sent as such), for tests and benchmarks. */
  lastSent = 0;
  /** Per persona key: the composition counted last, whose sections the worker holds. */
  private readonly held = new Map<string, Composition>();

  constructor(private readonly engine: () => TokenEngine) {}

  /** Settles as undefined when a newer count of the same persona supersedes it. */
  async count(personaKey: string, composition: Composition, encoding: TokenEncoding, estimated?: (tokens: CompositionTokens) => void): Promise<CompositionTokens | undefined> {
    this.lastSent = 0;
    this.held.set(personaKey, composition);
    const counted = await countSent(this.engine(), personaKey, composition, encoding, estimated);
    if (counted) this.lastSent = counted.sent;
    return counted?.tokens;
  }

  /** Drops what the worker holds for the persona keys `gone` picks (personas no longer there); returns how many. */
  forget(gone: (personaKey: string) => boolean): number {
    let forgotten = 0;
    for (const [personaKey, composition] of [...this.held]) {
      if (!gone(personaKey)) continue;
      this.held.delete(personaKey);
      forgetComposition(this.engine(), personaKey, composition);
      forgotten++;
    }
    return forgotten;
  }
}
