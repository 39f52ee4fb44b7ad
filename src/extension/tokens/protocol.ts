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

export interface ForgetRequest {
  readonly type: 'forget';
  readonly key: string;
}

export type WorkerRequest = CountRequest | ForgetRequest;

export type WorkerAnswer =
  | { readonly id: number; readonly tokens: number; readonly tokenized: number }
  | { readonly id: number; readonly error: string };
