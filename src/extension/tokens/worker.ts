// The token worker: counts sections off the extension host's main loop, one incremental
// counter per section key, so an edit recounts only the changed chunks.
import { parentPort } from 'node:worker_threads';
import { IncrementalTokenCounter } from '../../core/tokensCount';
import type { WorkerAnswer, WorkerRequest } from './protocol';

const counters = new Map<string, IncrementalTokenCounter>();

function counterFor(key: string, encoding: IncrementalTokenCounter['encoding']): IncrementalTokenCounter {
  let counter = counters.get(key);
  if (!counter || counter.encoding !== encoding) {
    counter = new IncrementalTokenCounter(encoding);
    counters.set(key, counter);
  }
  return counter;
}

parentPort?.on('message', (request: WorkerRequest) => {
  if (request.type === 'forget') {
    counters.delete(request.key);
    return;
  }
  let answer: WorkerAnswer;
  try {
    const counter = counterFor(request.key, request.encoding);
    const tokens = counter.count(request.text);
    answer = { id: request.id, tokens, tokenized: counter.lastTokenized };
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
