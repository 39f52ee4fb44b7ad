// The one token count of each persona for every surface (preview, status bar, tree):
// keyed by (folder, file, runtime, encoding), counted by the worker engine after the
// keystroke path has run, recounting only the sections whose text changed, and firing
// an event when a persona's counts arrive.
import * as vscode from 'vscode';
import type { Composition } from '../../core/runtimes/profile';
import type { TokenEncoding } from '../../core/tokens';
import { tokenSettings, TokenSettings } from '../model/config';
import { LARGE_TOKEN_COUNT_DELAY_MS, LARGE_TOKEN_COUNT_UNITS, TOKEN_COUNT_DELAY_MS } from '../util/delays';
import { Disposable } from '../util/disposable';
import { Throttle } from '../util/throttle';
import type { TokenEngine } from './engine';
import { createTokenEngine } from '../platform';
import { CompositionCounter, CompositionTokens } from './compositionCounter';
import { logUnexpected } from '../util/log';

/** A persona's counts, of one composition in one encoding. */
export interface PersonaTokenCounts {
  /** The composition counted: a surface can tell whether its counts are of what it shows. */
  readonly composition: Composition;
  readonly encoding: TokenEncoding;
  /** By file name: the tokens of its section as sent, heading included (0 when it sends nothing). */
  readonly files: ReadonlyMap<string, number>;
  /** The tokens of `Composition.text`: what is sent on every turn. */
  readonly total: number;
  /** A sampled estimate of this composition (marked `≈`), until its exact count arrives. */
  readonly estimated?: boolean;
}

export class PersonaTokens extends Disposable {
  private engine: TokenEngine | undefined;
  private readonly emitter = this.register(new vscode.EventEmitter<vscode.Uri>());
  /** Fires with a folder when its counts arrive (or are dropped: encoding turned off). */
  readonly onDidChange = this.emitter.event;
  private readonly last = new Map<string, PersonaTokenCounts>();
  /** Per folder: the composition asked for last, counted once the keystroke path is done. */
  private readonly wanted = new Map<string, { readonly folder: vscode.Uri; readonly composition: Composition; readonly encoding: TokenEncoding; started?: boolean }>();
  private readonly counting = new Throttle(() => this.countWanted(), { delayMs: TOKEN_COUNT_DELAY_MS });
  private readonly countingLarge = new Throttle(() => this.countWanted(), { delayMs: LARGE_TOKEN_COUNT_DELAY_MS, leading: true });
  /** Sends the worker only what changed since the last count. */
  private readonly counter = new CompositionCounter(() => (this.engine ??= createTokenEngine!(this.workerPath)));
  private failure: string | undefined;

  constructor(private readonly workerPath: string) {
    super();
    this.register({ dispose: () => (this.counting.dispose(), this.countingLarge.dispose(), this.engine?.dispose()) });
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration('personaStudio.tokens')) return;
        for (const key of [...this.last.keys()]) {
          const folder = vscode.Uri.parse(key);
          if (this.settings(folder).encoding === undefined) {
            this.last.delete(key);
            this.emitter.fire(folder);
          }
        }
      }),
    );
  }

  /**
   * Forgets the counts of folders that are no longer persona folders, here and in the
   * worker, which otherwise keeps their texts until the window closes.
   */
  keepOnly(folders: readonly vscode.Uri[]): void {
    const kept = new Set(folders.map((folder) => folder.toString()));
    for (const map of [this.last, this.wanted]) for (const key of [...map.keys()]) if (!kept.has(key)) map.delete(key);
    this.counter.forget((personaKey) => !kept.has(folderOfCounterKey(personaKey)));
  }

  /** Whether the worker runs (it starts on the first count with tokens on, never before). */
  get started(): boolean {
    return this.engine?.started === true;
  }

  settings(folder: vscode.Uri): TokenSettings {
    return tokenSettings(folder);
  }

  /**
   * The folder's last counts in its current encoding, or undefined (tokens off, or none
   * counted yet). They may be of an older composition than the newest, until the next arrive.
   */
  counts(folder: vscode.Uri): PersonaTokenCounts | undefined {
    const encoding = this.settings(folder).encoding;
    const counts = this.last.get(folder.toString());
    return counts && counts.encoding === encoding ? counts : undefined;
  }

  /**
   * Asks for the counts of `composition`; `onDidChange` fires when they arrive. Nothing is
   * counted now: the work starts once the current turn of the main loop (the keystroke's
   * bytes, cuts and preview text) is done, and of several asks only the newest is counted.
   */
  request(folder: vscode.Uri, composition: Composition): void {
    const encoding = this.settings(folder).encoding;
    // Where no worker can be started (the web worker host), nothing is counted and no count shows.
    if (encoding === undefined || this.isDisposed || !createTokenEngine) return;
    const key = folder.toString();
    const last = this.last.get(key);
    if (last?.composition === composition && last.encoding === encoding && !last.estimated) return;
    const wanted = this.wanted.get(key);
    if (wanted?.composition === composition && wanted.encoding === encoding) return;
    this.wanted.set(key, { folder, composition, encoding });
    if (composition.files.reduce((units, file) => units + file.section.length, 0) > LARGE_TOKEN_COUNT_UNITS) this.countingLarge.request();
    else this.counting.request();
  }

  /**
   * Tokens of another composition of the folder (an earlier revision's, for a comparison),
   * counted at once; undefined when tokens are off or cannot be counted here.
   */
  async countOther(folder: vscode.Uri, label: string, composition: Composition): Promise<Omit<PersonaTokenCounts, 'composition'> | undefined> {
    const encoding = this.settings(folder).encoding;
    if (encoding === undefined || this.isDisposed || !createTokenEngine) return undefined;
    const counted = await this.counter.count(counterKey(`${folder.toString()}\u0000${label}`, composition.runtime), composition, encoding);
    return counted;
  }

  private countWanted(): void {
    for (const wanted of this.wanted.values()) {
      if (wanted.started) continue;
      wanted.started = true;
      void this.count(wanted.folder, wanted.composition, wanted.encoding);
    }
  }

  private async count(folder: vscode.Uri, composition: Composition, encoding: TokenEncoding): Promise<void> {
    const key = folder.toString();
    try {
      // Keyed by runtime too: switching back finds its sections' counts still there.
      const estimated = (tokens: CompositionTokens) => {
        if (this.wanted.get(key)?.composition !== composition || this.isDisposed) return;
        this.last.set(key, { composition, ...tokens });
        this.emitter.fire(folder);
      };
      const counted = await this.counter.count(counterKey(key, composition.runtime), composition, encoding, estimated);
      // Superseded by a newer ask: its own answer is the one to show.
      if (this.wanted.get(key)?.composition !== composition || this.isDisposed || !counted) return;
      this.wanted.delete(key);
      this.last.set(key, { composition, ...counted });
      this.emitter.fire(folder);
    } catch (error) {
      if (this.wanted.get(key)?.composition === composition) this.wanted.delete(key);
      const message = error instanceof Error ? error.message : String(error);
      logUnexpected('counting tokens', error);
      // Said once: the sizes still show, and the next edit tries again.
      if (this.failure !== message) void vscode.window.showWarningMessage(vscode.l10n.t('Tokens not counted: {0}', message));
      this.failure = message;
    }
  }
}

/** The counter's key of a folder's compositions under one runtime. */
function counterKey(folder: string, runtime: string): string {
  return `${folder}\u0000${runtime}`;
}

function folderOfCounterKey(key: string): string {
  return key.slice(0, key.lastIndexOf('\u0000'));
}
