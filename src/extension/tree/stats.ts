// What the tree shows about each persona and file, read from the one measurement under
// the folder's runtime; only HEARTWOOD.md, which keeps its own caps whatever the
// runtime, is measured here, once per change of that file.
import * as vscode from 'vscode';
import { CapState, Composition, FileMeasure, HEARTWOOD_FILE, HeartwoodReport, isPresent, reportHeartwood, RuntimeProfile, splitHeartwood, worseState } from '../../core';
import { heartwoodCaps, warnAt } from '../model/config';
import { Measurements } from '../model/measurements';
import { PersonaWorkspace } from '../model/personaWorkspace';
import { DOCTOR_MOVED_FILES, loadDoctor } from '../doctor/load';

export interface FileStats {
  readonly measure: FileMeasure;
  readonly profile: RuntimeProfile;
  /** The file is on disk or in an editor (the runtime may still not load it). */
  readonly present: boolean;
  /** An open editor holds changes not yet saved. */
  readonly unsaved: boolean;
  /** A dirty editor's encoding when it is not UTF-8. */
  readonly foreignEncoding?: string;
  /** For TOOLS.md, HEARTBEAT.md or memory.md the release no longer loads: what `openclaw doctor --fix` does with it. */
  readonly doctor?: { readonly description?: string; readonly tooltip: readonly string[] };
}

export interface HeartwoodStats {
  /** The file exists (it may still be empty). */
  readonly present: boolean;
  readonly report: HeartwoodReport;
  readonly unsaved: boolean;
  /** UTF-16 index in the file where the identity text begins. */
  readonly identityIndex: number;
  /** UTF-16 index of the voice heading, when there is one. */
  readonly voiceIndex?: number;
  /** The file's text, kept for turning indexes into positions on click. */
  readonly text: string;
}

export interface PersonaStats {
  readonly composition: Composition;
  readonly profile: RuntimeProfile;
  readonly heartwood?: HeartwoodStats;
  /** Bootstrap files on disk. */
  readonly present: number;
  /** The worst state of any file the runtime sends, the total budget and Heartwood included. */
  readonly state: CapState;
  /** The runtime reads folders above the workspace folder, which are not shown. */
  readonly clamped?: boolean;
  /** Why the folder has its runtime when not by default: "set in settings", "OpenClaw workspace of agent main". */
  readonly runtimeWhy?: string;
}

export class TreeStats {
  private readonly heartwoods = new Map<string, Promise<HeartwoodStats>>();

  constructor(
    private readonly personas: PersonaWorkspace,
    private readonly measurements: Measurements,
  ) {}

  /** Forgets HEARTWOOD.md's figures after it changed (the rest lives in the measurement). */
  invalidate(uri: vscode.Uri): void {
    this.heartwoods.delete(uri.toString());
  }

  /** Forgets everything (Heartwood caps changed, personas changed). */
  clear(): void {
    this.heartwoods.clear();
  }

  async file(folder: vscode.Uri, name: string): Promise<FileStats> {
    const uri = vscode.Uri.joinPath(folder, name);
    const composition = await this.measurements.composition(folder);
    const measure = composition.files.find((file) => file.name === name) ?? absent(name);
    const document = this.personas.openDocument(uri);
    const onDisk = this.personas.find(folder)?.files.some((file) => file === name) ?? false;
    const legacy = measure.status === 'notLoaded' && DOCTOR_MOVED_FILES.includes(name);
    const preview = legacy ? await this.measurements.afterDoctor(folder) : undefined;
    const doctor = preview && { description: loadDoctor().doctorDescription(preview, name), tooltip: loadDoctor().doctorTooltip(preview, name) };
    return {
      ...(doctor && { doctor }),
      measure,
      profile: this.measurements.profile(folder),
      present: isPresent(measure) || onDisk || document !== undefined,
      unsaved: document?.isDirty ?? false,
      foreignEncoding: this.measurements.foreignEncoding(uri),
    };
  }

  heartwood(folder: vscode.Uri): Promise<HeartwoodStats> {
    const uri = vscode.Uri.joinPath(folder, HEARTWOOD_FILE);
    const key = uri.toString();
    let stats = this.heartwoods.get(key);
    if (!stats) {
      stats = this.measureHeartwood(folder, uri);
      this.heartwoods.set(key, stats);
      // A failed measurement is not kept: the next render tries again.
      stats.catch(() => this.heartwoods.get(key) === stats && this.heartwoods.delete(key));
    }
    return stats;
  }

  async persona(folder: vscode.Uri, heartwood: boolean): Promise<PersonaStats> {
    const [composition, hw] = await Promise.all([this.measurements.composition(folder), heartwood ? this.heartwood(folder) : undefined]);
    const sent = composition.files.filter((file) => isPresent(file) && file.status !== 'notLoaded');
    let state = sent.reduce<CapState>((worst, file) => worseState(worst, file.state), 'missing');
    if (composition.total.cap !== undefined && sent.length > 0) state = worseState(state, composition.total.state);
    if (hw) state = worseState(state, hw.report.state);
    return {
      composition,
      profile: this.measurements.profile(folder),
      heartwood: hw,
      present: this.personas.find(folder)?.files.length ?? composition.files.filter(isPresent).length,
      state,
      clamped: this.measurements.clampedAtWorkspace(folder),
      runtimeWhy: this.measurements.runtimeWhy(folder),
    };
  }

  /** The figures of a persona if they are at hand now, without reading anything. */
  peek(folder: vscode.Uri): boolean {
    return this.measurements.isCurrent(folder);
  }

  private async measureHeartwood(folder: vscode.Uri, uri: vscode.Uri): Promise<HeartwoodStats> {
    const measure = await this.measurements.heartwood(folder);
    const content = measure?.text ?? '';
    return {
      present: measure !== undefined,
      report: measure?.report ?? reportHeartwood(undefined, heartwoodCaps(uri), warnAt(uri)),
      unsaved: this.personas.openDocument(uri)?.isDirty ?? false,
      identityIndex: content.length - content.trimStart().length,
      voiceIndex: splitHeartwood(content).voiceHeadingIndex,
      text: content,
    };
  }
}

function absent(name: string): FileMeasure {
  return { name, status: 'absent', text: '', size: 0, state: 'missing', kept: [], dropped: [], keptSize: 0, droppedSize: 0, section: '', offset: -1 };
}
