// What the tree shows about each file, measured once and kept until the file changes:
// typing in one file re-measures that file only, never its six neighbours.
import * as vscode from 'vscode';
import {
  BOOTSTRAP_ORDER,
  BootstrapName,
  CapState,
  FileReport,
  HEARTWOOD_FILE,
  HeartwoodReport,
  reportFile,
  reportHeartwood,
  sectionByteLength,
  soulByteLength,
  splitHeartwood,
  worseState,
} from '../../core';
import { heartwoodCaps, warnAt } from '../config';
import { PersonaWorkspace } from '../personaWorkspace';

export interface FileStats {
  readonly report: FileReport;
  /** Bytes this file adds to the soul as a section (0 when missing). */
  readonly sectionBytes: number;
  /** An open editor holds changes not yet saved. */
  readonly unsaved: boolean;
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
  readonly files: ReadonlyMap<BootstrapName, FileStats>;
  readonly heartwood?: HeartwoodStats;
  readonly soulBytes: number;
  readonly present: number;
  /** The worst state of any present file, Heartwood included. */
  readonly state: CapState;
}

export class TreeStats {
  private readonly cache = new Map<string, Promise<FileStats | HeartwoodStats>>();

  constructor(private readonly personas: PersonaWorkspace) {}

  /** Forgets one file, after it changed in an editor or on disk. */
  invalidate(uri: vscode.Uri): void {
    this.cache.delete(uri.toString());
  }

  /** Forgets everything (settings changed, personas changed). */
  clear(): void {
    this.cache.clear();
  }

  file(folder: vscode.Uri, name: BootstrapName): Promise<FileStats> {
    const uri = vscode.Uri.joinPath(folder, name);
    return this.cached(uri, () => this.measureFile(uri, name)) as Promise<FileStats>;
  }

  heartwood(folder: vscode.Uri): Promise<HeartwoodStats> {
    const uri = vscode.Uri.joinPath(folder, HEARTWOOD_FILE);
    return this.cached(uri, () => this.measureHeartwood(folder, uri)) as Promise<HeartwoodStats>;
  }

  async persona(folder: vscode.Uri, heartwood: boolean): Promise<PersonaStats> {
    const measured = await Promise.all(BOOTSTRAP_ORDER.map(async (name) => [name, await this.file(folder, name)] as const));
    const files = new Map(measured);
    const present = measured.filter(([, stats]) => stats.report.present);
    const hw = heartwood ? await this.heartwood(folder) : undefined;
    let state = present.reduce<CapState>((worst, [, stats]) => worseState(worst, stats.report.state), 'missing');
    if (hw) state = worseState(state, hw.report.state);
    return {
      files,
      heartwood: hw,
      soulBytes: soulByteLength(present.map(([, stats]) => stats.sectionBytes)),
      present: present.length,
      state,
    };
  }

  private cached(uri: vscode.Uri, measure: () => Promise<FileStats | HeartwoodStats>): Promise<FileStats | HeartwoodStats> {
    const key = uri.toString();
    let stats = this.cache.get(key);
    if (!stats) {
      stats = measure();
      this.cache.set(key, stats);
      // A failed measurement is not kept: the next render tries again.
      stats.catch(() => this.cache.get(key) === stats && this.cache.delete(key));
    }
    return stats;
  }

  private async measureFile(uri: vscode.Uri, name: BootstrapName): Promise<FileStats> {
    const source = await this.personas.source(uri);
    const report = reportFile(name, source, warnAt(uri));
    return {
      report,
      sectionBytes: source === undefined ? 0 : sectionByteLength(name, source, { bytes: report.bytes, cutIndex: report.cut?.index }),
      unsaved: this.personas.openDocument(uri)?.isDirty ?? false,
    };
  }

  private async measureHeartwood(folder: vscode.Uri, uri: vscode.Uri): Promise<HeartwoodStats> {
    const text = await this.personas.heartwoodText(folder);
    const report = reportHeartwood(text, heartwoodCaps(uri), warnAt(uri));
    const content = text ?? '';
    return {
      present: text !== undefined,
      report,
      unsaved: this.personas.openDocument(uri)?.isDirty ?? false,
      identityIndex: content.length - content.trimStart().length,
      voiceIndex: splitHeartwood(content).voiceHeadingIndex,
      text: content,
    };
  }
}
