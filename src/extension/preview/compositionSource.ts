// Where the preview reads what a runtime injects: the members of the extension's one
// measurement per persona (Measurements) it uses, so it can be driven in isolation.
import type * as vscode from 'vscode';
import type { Composition, FileMeasure, RuntimeOptions, RuntimeProfile } from '../../core';
import type { CompositionChange } from '../model/measurements';
import type { PersonaTokens } from '../tokens/personaTokens';

export type { CompositionChange };

export interface CompositionSource {
  profile(folder: vscode.Uri): RuntimeProfile;
  options(folder: vscode.Uri): RuntimeOptions;
  composition(folder: vscode.Uri): Promise<Composition>;
  file(uri: vscode.Uri): Promise<FileMeasure | undefined>;
  readonly onDidChange: vscode.Event<CompositionChange>;
  /** The persona's token counts, when the extension counts them. */
  readonly tokens?: PersonaTokens;
}
