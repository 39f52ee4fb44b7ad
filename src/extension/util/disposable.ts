import * as vscode from 'vscode';
import { logUnexpected } from './log';

/** Owns everything it registers and disposes of it all, once. */
export abstract class Disposable implements vscode.Disposable {
  private readonly owned: vscode.Disposable[] = [];
  private disposed = false;

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  protected register<T extends vscode.Disposable>(value: T): T {
    if (this.disposed) value.dispose();
    else this.owned.push(value);
    return value;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const value of this.owned.splice(0).reverse()) {
      try {
        value.dispose();
      } catch (error) {
        // One failing disposal must not keep the rest alive; the failure is a bug, and is seen.
        logUnexpected('disposing', error);
      }
    }
  }
}
