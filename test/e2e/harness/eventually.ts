// Waiting for a condition, not for a time: the UI updates asynchronously, and on a busy
// machine it may take seconds.

export const DEFAULT_WAIT_MS = 30_000;

export interface WaitOptions {
  /** How long to keep trying, in ms (default 30 s). */
  timeout?: number;
  /** Pause between tries, in ms (default 100). */
  interval?: number;
}

/**
 * Runs `check` until it stops throwing and returns its result; on timeout throws the
 * last error, so a failed wait reads like the failed assertion inside it.
 *
 *     await eventually(async () => assert.deepEqual(await wb.treeLabels(), ['ava']));
 */
export async function eventually<T>(check: () => T | Promise<T>, options: WaitOptions = {}): Promise<T> {
  const deadline = Date.now() + (options.timeout ?? DEFAULT_WAIT_MS);
  const interval = options.interval ?? 100;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) {
        if (error instanceof Error) error.message = `still failing after ${options.timeout ?? DEFAULT_WAIT_MS} ms: ${error.message}`;
        throw error;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/**
 * Reads `read()` until `accept(value)` is true and returns that value; on timeout throws
 * with `description` and the last value read.
 */
export async function waitForValue<T>(read: () => Promise<T>, accept: (value: T) => boolean, description: string, options: WaitOptions = {}): Promise<T> {
  let last: T | undefined;
  let lastError: unknown;
  try {
    return await eventually(async () => {
      try {
        last = await read();
      } catch (error) {
        lastError = error;
        throw error;
      }
      lastError = undefined;
      if (!accept(last)) throw new Error(description);
      return last;
    }, options);
  } catch {
    const seen = lastError instanceof Error ? `error: ${lastError.message}` : `last seen: ${JSON.stringify(last, null, 1)}`;
    throw new Error(`Timed out waiting for ${description}; ${seen}`);
  }
}

/**
 * VS Code's disk watcher starts a moment after the window and misses what comes before
 * (on a busy machine, seconds after): writes with `write()` again until `check` passes.
 */
export async function untilWatched<T>(write: () => void, check: () => T | Promise<T>, options: WaitOptions = {}): Promise<T> {
  return eventually(
    async () => {
      write();
      return eventually(check, { timeout: 5_000 });
    },
    { timeout: 60_000, ...options },
  );
}
