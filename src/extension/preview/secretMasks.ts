// What the preview shows of a persona's secrets: each masked, until the user reveals them
// for that persona (then until its text changes: a new composition is masked again).
import * as vscode from 'vscode';
import type { Composition } from '../../core';
import type { SecretScans } from '../model/secretScans';

export class SecretMasks {
  /** Personas revealed, with the composition they were revealed at. */
  private readonly revealed = new Map<string, Composition>();
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  /** A persona was revealed (its scan's own event tells of new masks). */
  readonly onDidChange = this.emitter.event;

  constructor(private readonly scans: SecretScans) {}

  /** Shows the persona's secrets as sent, until its text changes. */
  reveal(folder: vscode.Uri, composition: Composition): void {
    this.revealed.set(folder.toString(), composition);
    this.emitter.fire(folder);
  }

  /** The persona's text as the preview shows it, or undefined when nothing in it is masked. */
  masker(folder: vscode.Uri, composition: Composition): ((text: string) => string) | undefined {
    const key = folder.toString();
    if (this.revealed.get(key) === composition) return undefined;
    this.revealed.delete(key);
    const scan = this.scans.last(folder);
    const files = scan?.files.filter((file) => file.findings.length > 0) ?? [];
    if (!scan || files.length === 0) return undefined;
    const { maskComposed, maskWithin } = scan.bundle;
    const measured = files.map((file) => ({ file: file.file, findings: file.findings }));
    return (text) => {
      // Fragments a cut splits first; then every whole value, in dropped text too.
      let masked = maskComposed(text, measured);
      for (const file of files) masked = maskWithin(masked, file.file.text, file.findings);
      return masked;
    };
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
