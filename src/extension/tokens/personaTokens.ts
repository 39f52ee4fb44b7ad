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
}

/** The engine's key of a file's section, or (without `file`) of the whole composed text. */
export function tokenKey(personaDir: string, file?: string): string {
  return file === undefined ? `${personaDir}\u0000` : `${personaDir}\u0000${file}`;
}

/**
 * Counts a composition's sections and its whole text. Settles as undefined when a newer
 * count of the same persona supersedes any part of it: only the newest is worth showing.
 */
export async function countComposition(engine: TokenEngine, personaDir: string, composition: Composition, encoding: TokenEncoding): Promise<CompositionTokens | undefined> {
  const [total, ...sections] = await Promise.all([
    engine.count(tokenKey(personaDir), composition.text, encoding),
    ...composition.files.map((file) => engine.count(tokenKey(personaDir, file.name), file.section, encoding)),
  ]);
  if (total === undefined || sections.some((tokens) => tokens === undefined)) return undefined;
  return { encoding, total, files: new Map(composition.files.map((file, i) => [file.name, sections[i]!])) };
}

/** Drops what the engine keeps for a persona that is gone. */
export function forgetComposition(engine: TokenEngine, personaDir: string, composition: Composition): void {
  engine.forget(tokenKey(personaDir));
  for (const file of composition.files) engine.forget(tokenKey(personaDir, file.name));
}

interface Counted {
  readonly text: string;
  readonly encoding: TokenEncoding;
  readonly tokens: number;
}

/**
 * Counts compositions again and again as they are edited: a section (or whole text) whose
 * text is what it counted last is not sent to the engine again, so a keystroke sends the
 * changed section and the whole text, and the worker recounts only their changed chunks.
 */
export class CompositionCounter {
  private readonly counted = new Map<string, Counted>();
  /** Texts sent to the engine by the last count, for tests and benchmarks. */
  lastSent = 0;

  constructor(private readonly engine: () => TokenEngine) {}

  /** Settles as undefined when a newer count of the same keys supersedes part of it. */
  async count(personaKey: string, composition: Composition, encoding: TokenEncoding): Promise<CompositionTokens | undefined> {
    this.lastSent = 0;
    const [total, ...sections] = await Promise.all([
      this.one(tokenKey(personaKey), composition.text, encoding),
      ...composition.files.map((file) => this.one(tokenKey(personaKey, file.name), file.section, encoding)),
    ]);
    if (total === undefined || sections.some((tokens) => tokens === undefined)) return undefined;
    return { encoding, total, files: new Map(composition.files.map((file, i) => [file.name, sections[i]!])) };
  }

  private async one(key: string, text: string, encoding: TokenEncoding): Promise<number | undefined> {
    const counted = this.counted.get(key);
    if (counted && counted.encoding === encoding && counted.text === text) return counted.tokens;
    if (text === '') return 0;
    this.lastSent++;
    const tokens = await this.engine().count(key, text, encoding);
    if (tokens !== undefined) this.counted.set(key, { text, encoding, tokens });
    return tokens;
  }
}
