// Messages between the extension host and the token worker.
import type { TokenEncoding } from '../../core/tokens';

/** The worker bundle's file name, beside extension.js in dist/. */
export const TOKEN_WORKER_FILE = 'tokenWorker.js';

export interface CountRequest {
  readonly type: 'count';
  /** Answers are matched to requests by this id. */
  readonly id: number;
  /** The section's key: the worker keeps one incremental counter per key. */
  readonly key: string;
  readonly text: string;
  readonly encoding: TokenEncoding;
}

/**
 * A persona's sections and its whole text, in one message so the worker holds the same
 * sections as the host: a section's text is sent only when it differs from the one the
 * last message sent under its key, and the whole text is joined in the worker from
 * `pieces` (a literal, or the index of a section), not copied on the host's main loop.
 */
export interface CompositionRequest {
  readonly type: 'composition';
  readonly id: number;
  /** The whole text's key. */
  readonly key: string;
  readonly encoding: TokenEncoding;
  readonly sections: readonly { readonly key: string; readonly text?: string }[];
  readonly pieces: readonly (string | number)[];
}

export interface ForgetRequest {
  readonly type: 'forget';
  readonly key: string;
}

/** How much of its heap the worker uses, after a full collection: for tests of its memory. */
export interface HeapRequest {
  readonly type: 'heap';
  readonly id: number;
}

export type WorkerRequest = CountRequest | CompositionRequest | ForgetRequest | HeapRequest;

/** The worker's heap cap: past it the worker dies alone, and the engine starts another. */
export const WORKER_HEAP_MB = 512;

/** A composition's quick estimate, sent before its exact count when that count has much to tokenize. */
export interface EstimateAnswer {
  readonly id: number;
  readonly estimate: true;
  readonly tokens: number;
  readonly sections: readonly number[];
}

/** Code units a composition's count must tokenize before its estimate is sent first. */
export const ESTIMATE_FROM_UNITS = 256 * 1024;

export type WorkerAnswer =
  /** `sections`: a composition's section counts, in the order asked. */
  | { readonly id: number; readonly tokens: number; readonly tokenized: number; readonly sections?: readonly number[] }
  | EstimateAnswer
  | { readonly id: number; readonly error: string }
  /** `heapUsed`: bytes in use on the worker's heap. */
  | { readonly id: number; readonly heapUsed: number };
