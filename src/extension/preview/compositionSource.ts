// Where the preview reads what a runtime injects: the members of the extension's one
// measurement per persona (Measurements) it uses, so it can be driven in isolation.
import type * as vscode from 'vscode';
import type { Composition, DoctorPreview, FileMeasure, RuntimeProfile } from '../../core';
import type { CompositionChange, HeartwoodMeasure, LinkedFile, Measurements } from '../model/measurements';
import type { PersonaTokens } from '../tokens/personaTokens';
import type { Secrets } from '../model/secrets';
import type { SectionHistory } from '../../webview/protocol';

export type { CompositionChange };

export interface CompositionSource {
  profile(folder: vscode.Uri): RuntimeProfile;
  composition(folder: vscode.Uri): Promise<Composition>;
  file(uri: vscode.Uri): Promise<FileMeasure | undefined>;
  /** HEARTWOOD.md and its report, undefined when the folder has none. */
  heartwood(folder: vscode.Uri): Promise<HeartwoodMeasure | undefined>;
  readonly onDidChange: vscode.Event<CompositionChange>;
  /** The persona after `openclaw doctor --fix`, when the extension shows it (undefined: nothing for doctor to do). */
  afterDoctor?(folder: vscode.Uri): Promise<DoctorPreview | undefined>;
  /** The files of the last composition that are links leading outside the workspace (after composition()). */
  linkedOutside?(folder: vscode.Uri): readonly LinkedFile[];
  /** The user asked to see a linked file; false when it cannot be shown. */
  showLinked?(folder: vscode.Uri, name: string): boolean;
  /** The persona's token counts, when the extension counts them. */
  readonly tokens?: PersonaTokens;
  /** The measurements themselves, for an OpenClaw persona's other session kinds and the last-run check. */
  readonly measurements?: Pick<Measurements, 'inputs' | 'skills' | 'skillsBundle' | 'agent' | 'openclawConfig' | 'onDidChangeOpenClawConfig'>;
  /** The sparklines of the files' section headers, where their git history is known (none elsewhere). */
  history?(folder: vscode.Uri, names: readonly string[]): Promise<readonly SectionHistory[]>;
  /** What the preview shows of the persona's secrets, when the extension scans for them. */
  readonly secrets?: Pick<Secrets, 'masker' | 'reveal' | 'onDidChange'>;
}
