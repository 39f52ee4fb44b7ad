// Token counts for the extension, off its main loop: a worker thread, started on the
// first count (never at activation), counts each section; of the requests for one
// section only the newest is answered, the ones it supersedes settle as undefined.
// No vscode here, so the engine is tested with a real worker in plain Node.
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TokenEncoding } from '../../core/tokens';
import { CompositionRequest, CountRequest, EstimateAnswer, TOKEN_WORKER_FILE, WORKER_HEAP_MB, WorkerAnswer, WorkerRequest } from './protocol';

export { TOKEN_WORKER_FILE };

/** The worker bundle of an installed extension. */
export function tokenWorkerPath(extensionPath: string): string {
  return path.join(extensionPath, 'dist', TOKEN_WORKER_FILE);
}

type Counted = Extract<WorkerAnswer, { tokenized: number }>;

interface Waiting {
  readonly id: number;
  readonly key: string;
  /** The message, made when it is posted: a composition sends what the worker lacks then. */
  readonly request: () => CountRequest | CompositionRequest;
  readonly resolve: (answer: Counted | undefined) => void;
  readonly reject: (error: Error) => void;
  /** Told the worker's quick estimate, when one comes before the exact count. */
  readonly estimated?: (answer: EstimateAnswer) => void;
}

/** A composition's counts: the whole text's, and each section's in the order asked. */
export interface CompositionCount {
  readonly total: number;
  readonly sections: readonly number[];
  /** Section texts the worker was sent (the others it held already). */
  readonly sent: number;
}

export class TokenEngine {
  private worker: Worker | undefined;
  private nextId = 1;
  /** Per key: the request the worker is counting, and the newest one waiting behind it. */
  private readonly inFlight = new Map<string, Waiting>();
  private readonly queued = new Map<string, Waiting>();
  private readonly tokenized = new Map<string, number>();
  /** Per section key: the text the worker holds, as last posted in a composition. */
  private readonly posted = new Map<string, string>();
  private disposed = false;
  /** Heap requests waiting for their answer, by id. */
  private readonly heapAsked = new Map<number, { resolve: (bytes: number) => void; reject: (error: Error) => void }>();

  /** `heapMb` caps the worker's heap (tests pass a small one). */
  constructor(
    private readonly workerPath: string,
    private readonly heapMb = WORKER_HEAP_MB,
  ) {}

  /** Whether the worker has been started (it is, from the first count until dispose). */
  get started(): boolean {
    return this.worker !== undefined;
  }

  /**
   * Tokens of `text` in `encoding`. Settles as undefined when a newer count for the
   * same key supersedes this one before its answer, or when the engine is disposed.
   */
  async count(key: string, text: string, encoding: TokenEncoding): Promise<number | undefined> {
    return (await this.ask(key, (id) => ({ type: 'count', id, key, text, encoding })))?.tokens;
  }

  /**
   * Tokens of a composition's sections and of the whole text, `pieces` joined (a literal,
   * or the index of a section). Only the sections whose text the worker does not hold
   * are sent. Settles as undefined as `count` does.
   */
  async countComposition(
    key: string,
    encoding: TokenEncoding,
    sections: readonly { key: string; text: string }[],
    pieces: readonly (string | number)[],
    /** Told a sampled estimate first, when the exact count has much to tokenize. */
    estimated?: (estimate: Omit<CompositionCount, 'sent'>) => void,
  ): Promise<CompositionCount | undefined> {
    let sent = 0;
    const onEstimate = estimated && ((answer: EstimateAnswer) => estimated({ total: answer.tokens, sections: answer.sections }));
    const answer = await this.ask(
      key,
      (id): CompositionRequest => ({
        type: 'composition',
        id,
        key,
        encoding,
        sections: sections.map((section) => {
          if (this.posted.get(section.key) === section.text) return { key: section.key };
          this.posted.set(section.key, section.text);
          sent++;
          return section;
        }),
        pieces,
      }),
      onEstimate,
    );
    return answer && { total: answer.tokens, sections: answer.sections ?? [], sent };
  }

  private ask(key: string, request: (id: number) => CountRequest | CompositionRequest, estimated?: (answer: EstimateAnswer) => void): Promise<Counted | undefined> {
    if (this.disposed) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const waiting: Waiting = { id, key, request: () => request(id), resolve, reject, estimated };
      // Only the newest request for a key waits: the one it replaces is stale.
      this.queued.get(key)?.resolve(undefined);
      if (this.inFlight.has(key)) this.queued.set(key, waiting);
      else {
        this.queued.delete(key);
        this.send(waiting);
      }
    });
  }

  /** Bytes in use on the worker's heap after a full collection; starts the worker if needed. */
  heapUsed(): Promise<number> {
    if (this.disposed) return Promise.reject(new Error('the token engine is disposed'));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.heapAsked.set(id, { resolve, reject });
      this.post({ type: 'heap', id });
    });
  }

  /** Chunks the worker tokenized for the last answered count of `key` (the rest came from its cache). */
  chunksTokenized(key: string): number | undefined {
    return this.tokenized.get(key);
  }

  /** Drops what the worker keeps for `key` (its chunk cache), once the section is gone. */
  forget(key: string): void {
    this.tokenized.delete(key);
    this.posted.delete(key);
    // A count still waiting for one on its way would hand the worker the texts again.
    this.queued.get(key)?.resolve(undefined);
    this.queued.delete(key);
    this.post({ type: 'forget', key });
  }

  dispose(): void {
    this.disposed = true;
    for (const waiting of [...this.inFlight.values(), ...this.queued.values()]) waiting.resolve(undefined);
    this.inFlight.clear();
    this.queued.clear();
    for (const asked of this.heapAsked.values()) asked.reject(new Error('the token engine is disposed'));
    this.heapAsked.clear();
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private send(waiting: Waiting): void {
    this.inFlight.set(waiting.key, waiting);
    // Started first: a new worker holds no section, so the message must carry them all.
    if (!this.worker) this.start();
    this.post(waiting.request());
  }

  private post(request: WorkerRequest): void {
    if (request.type === 'forget' && !this.worker) return;
    const worker = this.worker ?? this.start();
    // A worker with nothing to answer must not keep a process alive.
    if (this.inFlight.size > 0 || this.heapAsked.size > 0) worker.ref();
    worker.postMessage(request);
  }

  private start(): Worker {
    this.posted.clear();
    // Capped, so a text that needs more memory than is sane kills the worker, not the host.
    const worker = new Worker(this.workerPath, { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    worker.on('message', (answer: WorkerAnswer) => this.answered(answer));
    worker.on('error', (error: Error & { code?: string }) =>
      this.failed(
        worker,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(`the token worker ran out of memory (${this.heapMb} MB) and was stopped; the next count starts a new one`) : error,
      ),
    );
    worker.on('exit', (code) => this.failed(worker, new Error(`the token worker stopped (exit code ${code}); the next count starts a new one`)));
    this.worker = worker;
    return worker;
  }

  private answered(answer: WorkerAnswer): void {
    if ('heapUsed' in answer) {
      this.heapAsked.get(answer.id)?.resolve(answer.heapUsed);
      this.heapAsked.delete(answer.id);
      if (this.inFlight.size === 0 && this.heapAsked.size === 0) this.worker?.unref();
      return;
    }
    const key = [...this.inFlight].find(([, waiting]) => waiting.id === answer.id)?.[0];
    if (key === undefined) return;
    const waiting = this.inFlight.get(key)!;
    if ('estimate' in answer) {
      // The exact count follows; a newer request waiting makes this one stale already.
      if (!this.queued.has(key)) waiting.estimated?.(answer);
      return;
    }
    this.inFlight.delete(key);
    const next = this.queued.get(key);
    if ('error' in answer) {
      // Whatever the worker holds now, the next composition sends it all again.
      this.posted.clear();
      waiting.reject(new Error(answer.error));
    } else {
      this.tokenized.set(key, answer.tokenized);
      // Superseded while it was counted: the newer text's count is what matters.
      waiting.resolve(next ? undefined : answer);
    }
    if (next) {
      this.queued.delete(key);
      this.send(next);
    }
    if (this.inFlight.size === 0 && this.heapAsked.size === 0) this.worker?.unref();
  }

  /** A worker that fails or exits fails what it was counting; the next count starts a new one. */
  private failed(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    void worker.terminate();
    // A new worker holds no section: the next composition sends them all.
    this.posted.clear();
    const stranded = [...this.inFlight.values(), ...this.queued.values()];
    this.inFlight.clear();
    this.queued.clear();
    for (const waiting of stranded) waiting.reject(error);
    for (const asked of this.heapAsked.values()) asked.reject(error);
    this.heapAsked.clear();
  }
}
