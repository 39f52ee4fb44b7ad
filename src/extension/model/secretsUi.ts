// The secrets UI: the scans and everything that shows them (Problems and their quick fixes,
// the tree's badge, the preview's masks, the questions before a copy). A bundle of its own in
// the Node build (dist/secretsUi.js), required once a persona is found, so activation stays small.
import * as vscode from 'vscode';
import type { Composition } from '../../core';
import { shareText } from '../commands/secretCopy';
import { heldBackNote, linkedShare } from '../commands/linkedShare';
import type { SecretsBundle } from '../platform';
import { SecretMasks } from '../preview/secretMasks';
import { SecretProblems } from '../problems/secretProblems';
import { SecretDecorations } from '../tree/secretDecorations';
import { Measurements } from './measurements';
import { PersonaWorkspace } from './personaWorkspace';
import { SecretScans } from './secretScans';

export interface SecretsUi extends vscode.Disposable {
  readonly scans: SecretScans;
  readonly masks: SecretMasks;
  /** The text to copy or export: asked for when it sends a secret; undefined when the user cancels. */
  shareText(folder: vscode.Uri, label: string, composition: Composition, what: string, exporting: boolean): Promise<string | undefined>;
  /** Linked files outside the workspace in a copy or export: asked for when shown, named when left out. */
  readonly linkedShare: typeof linkedShare;
  readonly heldBackNote: typeof heldBackNote;
}

export function startSecretsUi(personas: PersonaWorkspace, measurements: Measurements, loadBundle: () => Promise<SecretsBundle>): SecretsUi {
  const scans = new SecretScans(personas, measurements, loadBundle);
  const masks = new SecretMasks(scans);
  const parts = vscode.Disposable.from(new SecretProblems(personas, scans), new SecretDecorations(scans), masks, scans);
  return {
    scans,
    masks,
    shareText: (folder, label, composition, what, exporting) => shareText(scans, folder, label, composition, what, exporting),
    linkedShare,
    heldBackNote,
    dispose: () => parts.dispose(),
  };
}
