// Types for ranksFile.mjs, so the tests read the ranks the build writes.
/** The encodings counted exactly. */
export const ENCODINGS: readonly ['o200k_base', 'cl100k_base'];
export const RANKS_MAGIC: string;
/** The ranks file of gpt-tokenizer's `name` encoding, as src/core/tokensRanks.ts reads it. */
export function ranksFile(name: string): Uint8Array;
