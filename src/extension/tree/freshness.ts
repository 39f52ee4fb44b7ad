// Whether the tree has shown each file since it last changed. VS Code folds a refresh
// asked for while another of the same item is under way into that one, which may
// already hold the old text; a refresh that never shows the change is asked for again.
// No VS Code here: unit-tested on its own.

export class Freshness {
  /** A logical clock: two events in the same millisecond still have an order. */
  private clock = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly shownAt = new Map<string, number>();

  /** The file changed (its item must be built again to be right). */
  changed(file: string): void {
    this.changedAt.set(file, ++this.clock);
  }

  /** An item of the file is being built now, from its state at this moment or later. */
  shown(file: string): void {
    this.shownAt.set(file, ++this.clock);
  }

  /** The files, of those given, changed since the tree last built their items. */
  stale(files: Iterable<string>): string[] {
    const stale: string[] = [];
    for (const file of files) {
      const changed = this.changedAt.get(file);
      if (changed !== undefined && changed > (this.shownAt.get(file) ?? 0)) stale.push(file);
    }
    return stale;
  }

  clear(): void {
    this.changedAt.clear();
    this.shownAt.clear();
  }
}
