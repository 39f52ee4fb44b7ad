// The token worker: counts sections off the extension host's main loop, one incremental
// counter per section key, so an edit recounts only the changed chunks.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { estimateTokens, IncrementalTokenCounter } from '../../core/tokensCount';
import { CompositionRequest, ESTIMATE_FROM_UNITS, EstimateAnswer, WorkerAnswer, WorkerRequest } from './protocol';

const counters = new Map<string, IncrementalTokenCounter>();
/** A composition's sections as last sent, and their counts in the encoding counted last. */
const sections = new Map<string, { text: string; counted?: { encoding: string; tokens: number } }>();

function counterFor(key: string, encoding: IncrementalTokenCounter['encoding']): IncrementalTokenCounter {
  let counter = counters.get(key);
  if (!counter || counter.encoding !== encoding) {
    counter = new IncrementalTokenCounter(encoding);
    counters.set(key, counter);
  }
  return counter;
}

function countComposition(request: CompositionRequest): WorkerAnswer {
  let tokenized = 0;
  const held = request.sections.map(({ key, text }) => {
    if (text !== undefined) sections.set(key, { text });
    const section = sections.get(key);
    if (!section) throw new Error(`the token worker lost the text of ${key.split('\u0000').pop()}`);
    return section;
  });
  const texts = held.map((section) => section.text);
  estimateFirst(request, held);
  const counts = request.sections.map(({ key }, i) => {
    const section = held[i];
    if (section.counted?.encoding !== request.encoding) {
      const counter = counterFor(key, request.encoding);
      section.counted = { encoding: request.encoding, tokens: counter.count(section.text) };
      tokenized += counter.lastTokenized;
    }
    return section.counted.tokens;
  });
  const total = counterFor(request.key, request.encoding);
  // The whole text's chunks are mostly the sections' chunks, counted just now.
  const sectionCounters = request.sections.flatMap(({ key }) => counters.get(key) ?? []);
  const tokens = total.count(request.pieces.map((piece) => (typeof piece === 'number' ? texts[piece] : piece)).join(''), sectionCounters);
  return { id: request.id, tokens, tokenized: tokenized + total.lastTokenized, sections: counts };
}

/**
 * When the exact count has much to tokenize (a first count of a large file, a large paste),
 * a sampled estimate goes first, so the surfaces show `≈` at once rather than nothing.
 */
function estimateFirst(request: CompositionRequest, held: readonly { text: string; counted?: { encoding: string; tokens: number } }[]): void {
  let changed = 0;
  request.sections.forEach(({ key }, i) => {
    if (held[i].counted?.encoding === request.encoding) return;
    const counter = counters.get(key);
    changed += counter?.encoding === request.encoding ? counter.changedUnits(held[i].text) : held[i].text.length;
  });
  if (changed < ESTIMATE_FROM_UNITS) return;
  const sectionEstimates = held.map((section) => (section.counted?.encoding === request.encoding ? section.counted.tokens : estimateTokens(section.text, request.encoding)));
  // The whole text is its pieces joined: its estimate is theirs added, the sections' not sampled again.
  const tokens = request.pieces.reduce<number>((sum, piece) => sum + (typeof piece === 'number' ? sectionEstimates[piece] : estimateTokens(piece, request.encoding)), 0);
  const answer: EstimateAnswer = { id: request.id, estimate: true, tokens, sections: sectionEstimates };
  parentPort?.postMessage(answer);
}

parentPort?.on('message', (request: WorkerRequest) => {
  if (request.type === 'forget') {
    counters.delete(request.key);
    sections.delete(request.key);
    return;
  }
  let answer: WorkerAnswer;
  if (request.type === 'heap') {
    collectGarbage();
    parentPort?.postMessage({ id: request.id, heapUsed: getHeapStatistics().used_heap_size });
    return;
  }
  try {
    if (request.type === 'composition') answer = countComposition(request);
    else {
      const counter = counterFor(request.key, request.encoding);
      const tokens = counter.count(request.text);
      answer = { id: request.id, tokens, tokenized: counter.lastTokenized };
    }
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});

/** A full collection, so what the heap holds is what is still reachable. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
