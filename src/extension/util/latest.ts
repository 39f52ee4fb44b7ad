// Tells the latest pass of some work from older ones that finish late: each pass begun
// for a key makes the ones before it stale, so a slow old result never overwrites a new one.
// No VS Code here: plain Node tests use it.

export class Latest<Key = string> {
  private readonly passes = new Map<Key, number>();

  /** Begins a pass for the key: the check it returns is true until another pass begins (or the key is made stale). */
  begin(key: Key): () => boolean {
    const pass = (this.passes.get(key) ?? 0) + 1;
    this.passes.set(key, pass);
    return () => this.passes.get(key) === pass;
  }

  /** A check for the pass under way, without beginning one: false once another begins. */
  current(key: Key): () => boolean {
    const pass = this.passes.get(key) ?? 0;
    return () => (this.passes.get(key) ?? 0) === pass;
  }

  /** Makes every pass begun for the key stale. */
  stale(key: Key): void {
    this.begin(key);
  }
}
