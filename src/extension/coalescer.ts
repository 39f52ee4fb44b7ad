// Gathers work by key and runs it once per key a short while after the first request,
// so a burst of keystrokes costs one pass, never more than `delay` late.
import * as vscode from 'vscode';

export class Coalescer<T> implements vscode.Disposable {
  private readonly pending = new Map<string, T>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly delay: number,
    private readonly run: (items: T[]) => void,
  ) {}

  add(key: string, item: T): void {
    this.pending.set(key, item);
    this.timer ??= setTimeout(() => this.flush(), this.delay);
  }

  private flush(): void {
    this.timer = undefined;
    const items = [...this.pending.values()];
    this.pending.clear();
    this.run(items);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}
