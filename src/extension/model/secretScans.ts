// What each persona's files carry beside their size: secrets the model provider would
// receive, hidden characters, rules a cut drops. Scanned from the one measurement after a
// pause in typing, each file's text once per version, and read by every surface (Problems,
// tree, status bar, preview, copy). Part of the secrets UI's own bundle (secretsUi.ts).
import * as vscode from 'vscode';
import type { Composition, FileMeasure } from '../../core';
import type { DroppedRule, HiddenInstruction, HiddenRun, SecretFinding, SecretProblem } from '../../core/secrets';
import { mapBounded } from '../../core';
import type { SecretsBundle } from '../platform';
import { localizeSecret } from '../util/secretMessages';
import { SECRET_SCAN_PAUSE_MS } from '../util/delays';
import { Disposable } from '../util/disposable';
import { Latest } from '../util/latest';
import { logUnexpected, logUnlessFileSystemError } from '../util/log';
import { Throttle } from '../util/throttle';
import { Measurements } from './measurements';
import { PersonaWorkspace } from './personaWorkspace';

/** One file of a persona as scanned under the folder's runtime. */
export interface FileScan {
  readonly uri: vscode.Uri;
  readonly file: FileMeasure;
  readonly findings: readonly SecretFinding[];
  /** Each finding as sent (an error) or not (a warning), with its mask and placeholder. */
  readonly secrets: readonly SecretProblem[];
  readonly hidden: readonly HiddenRun[];
  readonly instructions: readonly HiddenInstruction[];
  readonly dropped: readonly DroppedRule[];
}

export interface PersonaScan {
  readonly folder: vscode.Uri;
  readonly composition: Composition;
  readonly files: readonly FileScan[];
  /** How many secrets the runtime sends. */
  readonly sent: number;
  /** The helpers of the detector's bundle (masking, quick-fix edits), loaded by now. */
  readonly bundle: SecretsBundle;
}

/** What one version of a file's text holds, whatever the runtime. */
interface TextScan {
  readonly text: string;
  readonly findings: readonly SecretFinding[];
  readonly hidden: readonly HiddenRun[];
  readonly instructions: readonly HiddenInstruction[];
}

/** Personas scanned at once: each may hold megabytes. */
const FOLDERS_IN_FLIGHT = 2;

export class SecretScans extends Disposable {
  private readonly emitter = this.register(new vscode.EventEmitter<vscode.Uri>());
  /** A persona's scan changed (or it is gone): read `last(folder)` again. */
  readonly onDidChange = this.emitter.event;
  private readonly scans = new Map<string, PersonaScan>();
  private readonly texts = new Map<string, TextScan>();
  private readonly passes = new Latest();
  private readonly pauses = new Map<string, ReturnType<typeof setTimeout>>();
  private bundle: Promise<SecretsBundle> | undefined;
  // Never two passes at once; folders asked for during one follow it together.
  private readonly queue = this.register(
    new Throttle<vscode.Uri>((folders) => mapBounded(folders, FOLDERS_IN_FLIGHT, (folder) => this.rescan(folder)).then(() => undefined), { delayMs: 0 }),
  );

  constructor(
    private readonly personas: PersonaWorkspace,
    private readonly measurements: Measurements,
    /** The detector's bundle, loaded on the first scan. */
    private readonly loadBundle: () => Promise<SecretsBundle>,
  ) {
    super();
    this.register(measurements.onDidChange(({ folder }) => this.afterPause(folder)));
    this.register(personas.onDidChangePersonas(() => this.personasChanged()));
    this.register({ dispose: () => this.pauses.forEach((timer) => clearTimeout(timer)) });
    this.personasChanged();
  }

  /** The persona's last scan, if it has one yet. */
  last(folder: vscode.Uri): PersonaScan | undefined {
    return this.scans.get(folder.toString());
  }

  /** A scan of the persona as it is now (for a copy or an export, which cannot wait for a pause). */
  async now(folder: vscode.Uri): Promise<PersonaScan> {
    const composition = await this.measurements.composition(folder);
    const last = this.last(folder);
    if (last?.composition === composition) return last;
    return this.scan(folder, composition);
  }

  /** Scans again after typing pauses: each keystroke puts the scan off. */
  private afterPause(folder: vscode.Uri): void {
    const key = folder.toString();
    const timer = this.pauses.get(key);
    if (timer !== undefined) clearTimeout(timer);
    this.pauses.set(
      key,
      setTimeout(() => {
        this.pauses.delete(key);
        this.queue.add(folder, key);
      }, SECRET_SCAN_PAUSE_MS),
    );
  }

  private personasChanged(): void {
    const current = new Set(this.personas.personas.map((persona) => persona.uri.toString()));
    for (const key of [...this.scans.keys()]) {
      if (current.has(key)) continue;
      this.scans.delete(key);
      this.passes.stale(key);
      for (const uri of [...this.texts.keys()]) if (uri.startsWith(`${key}/`)) this.texts.delete(uri);
      this.emitter.fire(vscode.Uri.parse(key));
    }
    for (const persona of this.personas.personas) if (!this.scans.has(persona.uri.toString())) this.queue.add(persona.uri, persona.uri.toString());
  }

  private async rescan(folder: vscode.Uri): Promise<void> {
    const key = folder.toString();
    const latest = this.passes.begin(key);
    if (!this.personas.find(folder)) return;
    let scan: PersonaScan;
    try {
      scan = await this.scan(folder, await this.measurements.composition(folder));
    } catch (error) {
      // A file vanished mid-read: its own change event brings another pass.
      logUnlessFileSystemError('the secret scan', error);
      return;
    }
    if (this.isDisposed || !latest() || !this.personas.find(folder)) return;
    const before = this.scans.get(key);
    this.scans.set(key, scan);
    if (!before || !sameScan(before, scan)) this.emitter.fire(folder);
  }

  private async scan(folder: vscode.Uri, composition: Composition): Promise<PersonaScan> {
    const bundle = await this.load();
    const label = this.measurements.profile(folder).label;
    const files: FileScan[] = [];
    for (const file of composition.files) {
      if (file.text.length === 0) continue;
      const uri = vscode.Uri.joinPath(folder, file.name);
      const text = await this.scanText(bundle, uri.toString(), file.text);
      files.push({
        uri,
        file,
        findings: text.findings,
        secrets: bundle.classifySecrets(text.findings, file, label, localizeSecret),
        hidden: text.hidden,
        instructions: text.instructions,
        dropped: bundle.droppedRules(file, label, localizeSecret),
      });
    }
    const sent = files.reduce((count, scan) => count + scan.secrets.filter((secret) => secret.sent).length, 0);
    return { folder, composition, files, sent, bundle };
  }

  /** A file's text scanned once per version: the runtime's measure changes more often than the text. */
  private async scanText(bundle: SecretsBundle, key: string, text: string): Promise<TextScan> {
    const known = this.texts.get(key);
    if (known?.text === text) return known;
    const scan: TextScan = {
      text,
      findings: await bundle.detectSecrets(text),
      hidden: bundle.findHiddenCharacters(text, localizeSecret),
      instructions: bundle.findHiddenInstructions(text, localizeSecret),
    };
    this.texts.set(key, scan);
    return scan;
  }

  private load(): Promise<SecretsBundle> {
    this.bundle ??= this.loadBundle().catch((error: unknown) => {
      // Not expected in a packaged extension: said once, and the next scan tries again.
      logUnexpected('loading the secret detector', error);
      this.bundle = undefined;
      throw error;
    });
    return this.bundle;
  }
}

/** Whether two scans would show the same: the surfaces redraw only on a difference. */
function sameScan(a: PersonaScan, b: PersonaScan): boolean {
  const shown = (scan: PersonaScan) =>
    JSON.stringify(
      scan.files.map((file) => [
        file.uri.toString(),
        file.secrets.map((s) => [s.start, s.end, s.severity, s.message]),
        file.hidden.map((h) => [h.start, h.end, h.message]),
        file.instructions.map((h) => [h.start, h.end, h.message]),
        file.dropped.map((d) => [d.start, d.end, d.message]),
      ]),
    );
  return shown(a) === shown(b);
}
