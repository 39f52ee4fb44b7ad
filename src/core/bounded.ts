// Async work over many items, a few at a time: a pass over a whole workspace (folders
// listed, files diagnosed, links checked) neither floods the disk nor starves the loop.

/** `work` on every item with at most `limit` in flight; the results keep the items' order. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
