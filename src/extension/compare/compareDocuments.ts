// The two sides of a comparison as read-only virtual documents on the extension's own
// scheme, and their CodeLens (the totals at the top). VS Code's diff editor shows them.
import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';
import type { PlacedLens } from './compareText';

export const COMPARE_SCHEME = 'persona-compare';

interface Side {
  readonly text: string;
  readonly lenses: readonly PlacedLens[];
}

export class ComparisonDocuments extends Disposable implements vscode.TextDocumentContentProvider, vscode.CodeLensProvider {
  private readonly sides = new Map<string, Side>();
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private readonly lensesChanged = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.lensesChanged.event;

  constructor() {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(COMPARE_SCHEME, this));
    this.register(vscode.languages.registerCodeLensProvider({ scheme: COMPARE_SCHEME }, this));
  }

  /** Sets (or replaces) a side's text and lenses. */
  set(uri: vscode.Uri, text: string, lenses: readonly PlacedLens[]): void {
    const key = uri.toString();
    const had = this.sides.get(key);
    this.sides.set(key, { text, lenses });
    if (had && had.text !== text) this.changed.fire(uri);
    this.lensesChanged.fire();
  }

  has(uri: vscode.Uri): boolean {
    return this.sides.has(uri.toString());
  }

  /** Forgets a side once its document is closed. */
  forget(uri: vscode.Uri): void {
    this.sides.delete(uri.toString());
  }

  text(uri: vscode.Uri): string | undefined {
    return this.sides.get(uri.toString())?.text;
  }

  lenses(uri: vscode.Uri): readonly PlacedLens[] {
    return this.sides.get(uri.toString())?.lenses ?? [];
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.text(uri) ?? '';
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    // A lens with an empty command is a line of text, not a link.
    return this.lenses(document.uri).map(
      ({ line, title }) => new vscode.CodeLens(new vscode.Range(new vscode.Position(line, 0), new vscode.Position(line, 0)), { title, command: '' }),
    );
  }
}

/** The URIs of the two sides of a folder's comparison with `ref`: stable, so a second run refreshes the same editor. */
export function comparisonUris(folder: vscode.Uri, ref: string): { readonly before: vscode.Uri; readonly after: vscode.Uri } {
  const safe = ref.replace(/[/\\?#%]/g, '_');
  const base = folder.path.replace(/\/$/, '');
  const query = `folder=${encodeURIComponent(folder.toString())}&ref=${encodeURIComponent(ref)}`;
  return {
    before: vscode.Uri.from({ scheme: COMPARE_SCHEME, path: `${base}/soul@${safe}`, query }),
    after: vscode.Uri.from({ scheme: COMPARE_SCHEME, path: `${base}/soul`, query }),
  };
}
