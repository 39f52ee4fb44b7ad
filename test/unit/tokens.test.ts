// Token counts against gpt-tokenizer's own encode, the chunked count against the whole,
// the heap merge against the library's merge, and how tokens and costs are written.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import * as o200k from 'gpt-tokenizer/cjs/encoding/o200k_base';
import * as cl100k from 'gpt-tokenizer/cjs/encoding/cl100k_base';
import {
  composeSoul,
  costPerTurn,
  formatContextShare,
  formatCostPerTurn,
  formatDollars,
  formatTokens,
  formatTokensShort,
  isTokenEncodingChoice,
  runtimeProfile,
} from '../../src/core';
import { chunkBoundaries, chunksOf, commonPrefix, commonSuffix, countTokens, estimateTokens, IncrementalTokenCounter } from '../../src/core/tokensCount';
import { scannedPieces } from '../../src/core/tokensChunks';
import { countLongPiece, forgetLongPieces } from '../../src/core/tokensLongPiece';
import { bucketMergeStarts } from '../../src/core/tokensBucketMerge';
import { countPieces, heapMergeStarts, mergeCount, mergeStarts, pieceKey } from '../../src/core/tokensMerge';
import { Ranks } from '../../src/core/tokensRanks';
import { windowMergeStarts } from '../../src/core/tokensWindows';
import { ranksFile } from '../../scripts/ranksFile.mjs';
import { personaFolder } from './helpers';

const SAMPLE = path.resolve(__dirname, '../fixtures/tokens/sample');
const EXAMPLES = path.resolve(__dirname, '../../examples');
const encoders = { o200k_base: o200k, cl100k_base: cl100k } as const;
const exact = ['o200k_base', 'cl100k_base'] as const;

function sample(): Record<string, string> {
  return Object.fromEntries(fs.readdirSync(SAMPLE).map((name) => [name, fs.readFileSync(path.join(SAMPLE, name), 'utf8')]));
}

/** Pieces the tokenizers split differently: line ends, slashes, contractions, scripts, emoji. */
const fragment = fc.constantFrom(
  '\n',
  '\n\n',
  '\r\n',
  ' \n',
  '\n ',
  '\t',
  ' ',
  '   ',
  '/',
  '//',
  '\n/',
  'a',
  'The',
  ' cat',
  "don't",
  "'s",
  'HTTP',
  'é',
  'Ω',
  '日本語',
  '，',
  '。',
  '한국어',
  'Привет',
  '😀',
  '👨‍👩‍👧',
  '🇩🇪',
  '123',
  '45678',
  '#',
  '## ',
  '- ',
  '* ',
  '.',
  '...',
  '\u00a0',
  '\u3000',
  '\ufeff',
  '\u2028',
  '`',
  '```ts\n',
  '{',
  '});',
  '<|endoftext|>',
  'x'.repeat(40),
  '\ud83d',
  '\ude00',
  '\u0301',
  '\r',
);
const text = fc.array(fragment, { maxLength: 120 }).map((parts) => parts.join(''));

describe('token counts', () => {
  it("equal gpt-tokenizer's encode(text).length on the multilingual sample (CJK, emoji, code)", () => {
    for (const [name, content] of Object.entries(sample())) {
      for (const encoding of exact) assert.strictEqual(countTokens(content, encoding), encoders[encoding].encode(content).length, `${name} in ${encoding}`);
    }
  });

  it('equal encode(text).length on the composed seed examples, whole and section by section', () => {
    for (const dir of [path.join(EXAMPLES, 'ava'), personaFolder(sample())]) {
      const composition = runtimeProfile().compose({
        dir,
        files: new Map(fs.readdirSync(dir).map((name) => [name, { kind: 'text', text: fs.readFileSync(path.join(dir, name), 'utf8') }])),
      });
      assert.strictEqual(composition.text, composeSoul(dir).soul);
      for (const encoding of exact) {
        assert.strictEqual(countTokens(composition.text, encoding), encoders[encoding].encode(composition.text).length);
        for (const file of composition.files) assert.strictEqual(countTokens(file.section, encoding), encoders[encoding].encode(file.section).length, file.name);
      }
    }
  });

  it('count text that looks like a special token as the plain text it is', () => {
    const soul = 'Never print <|endoftext|> or <|im_start|> yourself.';
    assert.throws(() => o200k.encode(soul), /Disallowed special token/);
    for (const encoding of exact) {
      assert.strictEqual(countTokens(soul, encoding), encoders[encoding].encode(soul, { disallowedSpecial: new Set() }).length);
    }
  });

  it('equal encode(text).length on random texts of tricky pieces', () => {
    fc.assert(
      fc.property(text, (t) => {
        for (const encoding of exact) assert.strictEqual(countTokens(t, encoding), encoders[encoding].encode(t, { disallowedSpecial: new Set() }).length);
      }),
      { numRuns: 300 },
    );
  });

  it('of an empty text is 0', () => {
    for (const encoding of [...exact, 'claude-estimate'] as const) assert.strictEqual(countTokens('', encoding), 0);
  });
});

describe('chunked counting', () => {
  /** Texts that make pieces end oddly: contractions, marks, every kind of white space, any code point. */
  const hostile = fc
    .array(
      fc.oneof(
        fragment,
        fc.constantFrom(
          "'ll",
          "'LL",
          "'",
          "'re",
          "'S",
          'ABC',
          'aBc',
          'Ab',
          '\u0301\u0301',
          '١٢٣',
          '\u000b',
          '\u0085',
          '\u1680',
          '\u200a',
          '\u2029',
          '\u202f',
          '+/',
          '==',
          '!!\n',
          '?\r\n/',
          ' \t ',
        ),
        fc.string({ unit: 'binary', maxLength: 6 }),
      ),
      { maxLength: 120 },
    )
    .map((parts) => parts.join(''));

  it('adds up to the count of the whole when cut at every safe line start and between pieces (property)', () => {
    fc.assert(
      fc.property(fc.oneof(text, hostile), (t) => {
        for (const encoding of exact) {
          // At 1, lines longer than 2 units are cut between pieces wherever a cut keeps the count.
          const chunks = chunksOf(t, 1, encoding);
          assert.strictEqual(chunks.join(''), t);
          const sum = chunks.reduce((total, chunk) => total + encoders[encoding].encode(chunk, { disallowedSpecial: new Set() }).length, 0);
          assert.strictEqual(sum, encoders[encoding].encode(t, { disallowedSpecial: new Set() }).length, JSON.stringify(chunks));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('cuts a long line between pieces, at most four times the chunk size apart', () => {
    const line = 'QUJDRA+/x=='.repeat(4000);
    const chunks = chunksOf(line);
    assert.ok(chunks.length >= 2 && chunks.every((chunk) => chunk.length <= 4 * 8192 + 11), String(chunks.map((c) => c.length)));
    for (const encoding of exact)
      assert.strictEqual(
        chunksOf(line, 8192, encoding).reduce((sum, chunk) => sum + countTokens(chunk, encoding), 0),
        encoders[encoding].encode(line).length,
      );
  });

  it('recounts only the chunk a keystroke changed, and always equals the whole count', () => {
    const base = Object.values(sample()).join('\n\n').repeat(30);
    for (const encoding of [...exact, 'claude-estimate'] as const) {
      const counter = new IncrementalTokenCounter(encoding);
      assert.strictEqual(counter.count(base), countTokens(base, encoding));
      assert.ok(chunksOf(base).length > 20);
      fc.assert(
        fc.property(fc.nat(base.length), fc.constantFrom('x', ' ', '\n', '\n\n', '日', '😀', '/'), (at, typed) => {
          const edited = base.slice(0, at) + typed + base.slice(at);
          assert.strictEqual(counter.count(edited), countTokens(edited, encoding));
          // A keystroke changes one paragraph, or splits one in two, or joins two.
          assert.ok(counter.lastTokenized <= 3, `${counter.lastTokenized} chunks recounted`);
          counter.count(base);
        }),
        { numRuns: 60 },
      );
    }
  });
});

describe('incremental counting of edits anywhere', () => {
  const lines = Array.from({ length: 1200 }, (_, i) => `line ${i}: ${i % 7 === 0 ? '/path' : 'words and 日本語 😀'}`).join('\n');
  // A line of 40,000 units, cut between pieces: contractions and marks decide a piece's end after it.
  const longLine = Array.from({ length: 4000 }, (_, i) => ["it'll ", 'QUJD+/x==', '日本語、', "AB'LL", 'é\u0301 ', '😀!'][i % 6]).join('');
  const base = `${Object.values(sample()).join('\n\n')}\n\n${lines}\n\n${longLine}\n${Object.values(sample()).join('\n\n')}`;
  const inserted = fc
    .array(fc.constantFrom('x', ' ', '\n', '\n\n', '\r\n', '日', '😀', '\uD83D', '/', '#', 'word ', "'", 'll', 'L', '\u0301'), { maxLength: 8 })
    .map((parts) => parts.join(''));
  const edit = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(40), inserted);

  it('equals the whole count and cuts as chunksOf does, after any run of edits (property)', () => {
    assert.ok(
      chunksOf(base).some((chunk) => chunk.length >= 8192),
      'the sample has a chunk cut by size',
    );
    for (const encoding of ['o200k_base', 'claude-estimate'] as const) {
      fc.assert(
        fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) => {
          const counter = new IncrementalTokenCounter(encoding);
          let text = base;
          counter.count(text);
          for (const [where, removed, added] of edits) {
            const at = Math.floor(where * text.length);
            text = text.slice(0, at) + added + text.slice(at + removed);
            assert.strictEqual(counter.count(text), countTokens(text, encoding));
            assert.deepStrictEqual(counter.chunks, chunksOf(text));
          }
        }),
        { numRuns: 40 },
      );
    }
  });

  it('finds where two texts begin and end to differ, as a unit-by-unit walk does (property)', () => {
    const unit = fc.constantFrom('a', 'b', '\n');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 300 }), fc.array(unit, { maxLength: 300 }), (x, y) => {
        const [a, b] = [x.join(''), y.join('')];
        let prefix = 0;
        while (prefix < Math.min(a.length, b.length) && a[prefix] === b[prefix]) prefix++;
        assert.strictEqual(commonPrefix(a, b), prefix);
        const most = Math.min(a.length, b.length) - prefix;
        let suffix = 0;
        while (suffix < most && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
        assert.strictEqual(commonSuffix(a, b, most), suffix);
      }),
    );
    const big = 'x'.repeat(200_000);
    assert.strictEqual(commonPrefix(big, `${big.slice(0, 150_001)}y`), 150_001);
    assert.strictEqual(commonSuffix(big, `y${big.slice(0, 150_001)}`, 200_000), 150_001);
  });

  it('tokenizes a few chunks for a keystroke in 2 MB, wherever it is', () => {
    const big = base.repeat(Math.ceil((2 * 1024 * 1024) / base.length));
    const counter = new IncrementalTokenCounter('o200k_base');
    counter.count(big);
    for (const at of [0, 1, big.length >> 1, big.length - 1, big.length]) {
      const typed = big.slice(0, at) + 'x' + big.slice(at);
      assert.strictEqual(counter.count(typed), countTokens(typed, 'o200k_base'));
      assert.ok(counter.lastTokenized <= 3, `${counter.lastTokenized} chunks tokenized for a key at ${at}`);
    }
  });
});

/** The parts of gpt-tokenizer's byte-pair core the tests compare with. */
interface LibraryCore {
  readonly bytePairRankDecoder: readonly (string | readonly number[] | undefined)[];
  getBpeRankFromString(piece: string): number | undefined;
  getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
  bytePairEncode(piece: string): number[];
}
const libraryCore = (module: unknown) => (module as { default: { bytePairEncodingCoreProcessor: LibraryCore } }).default.bytePairEncodingCoreProcessor;
const core = libraryCore(o200k);
/** The ranks as the build writes them, from the library itself. */
const ranks = new Ranks(ranksFile('o200k_base'));

describe('the ranks file', () => {
  const latin1 = (bytes: Iterable<number>) => String.fromCharCode(...bytes);

  for (const [name, module] of Object.entries(encoders)) {
    it(`looks every ${name} token up as the library does, by its bytes and as text`, () => {
      const library = libraryCore(module);
      const table = name === 'o200k_base' ? ranks : new Ranks(ranksFile(name));
      assert.strictEqual(table.count, library.bytePairRankDecoder.length);
      library.bytePairRankDecoder.forEach((token, rank) => {
        const bytes = typeof token === 'string' ? new TextEncoder().encode(token) : Uint8Array.from(token!);
        const key = latin1(bytes);
        const expected = library.getBpeRankFromBytes(bytes) ?? -1;
        if (bytes.length >= 2) assert.strictEqual(table.rank(key, 0, key.length), expected, `${rank}: ${JSON.stringify(token)}`);
        if (typeof token === 'string')
          assert.strictEqual(table.isToken(token, pieceKey(token)), library.getBpeRankFromString(token) !== undefined, `${rank}: ${JSON.stringify(token)}`);
      });
    });
  }

  it('answers any bytes and any text as the library does: byte-order marks, broken UTF-8, lone surrogates (property)', () => {
    const cl100kRanks = new Ranks(ranksFile('cl100k_base'));
    const byte = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0xef, 0xbb, 0xbf, 0x75, 0x73, 0x80, 0xc3, 0xa9, 0xed, 0xa0));
    const bytes = fc.oneof(
      fc.array(byte, { minLength: 2, maxLength: 12 }),
      fc.array(byte, { maxLength: 6 }).map((tail) => [0xef, 0xbb, 0xbf, ...tail]),
    );
    const text = fc.array(fc.constantFrom('a', 'using', '\ufeff', '\ud800', '\udc00', '😀', 'é', '日本', ' ', '\n'), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));
    for (const [table, library] of [
      [ranks, core],
      [cl100kRanks, libraryCore(cl100k)],
    ] as const) {
      fc.assert(
        fc.property(bytes, (b) => {
          const key = latin1(b);
          assert.strictEqual(table.rank(key, 0, key.length), library.getBpeRankFromBytes(Uint8Array.from(b)) ?? -1, JSON.stringify(b));
        }),
        { numRuns: 3000 },
      );
      fc.assert(
        fc.property(text, (t) => assert.strictEqual(table.isToken(t, pieceKey(t)), library.getBpeRankFromString(t) !== undefined, JSON.stringify(t))),
        { numRuns: 1000 },
      );
    }
  });

  it('refuses a file that is not one, in one line', () => {
    assert.throws(() => new Ranks(new TextEncoder().encode('not ranks at all')), /^Error: not a ranks file/);
  });
});

describe('the heap merge of long pieces', () => {
  it('merges exactly as gpt-tokenizer does, by scanning and with the heap', () => {
    const piece = fc
      .array(fc.constantFrom('a', 'b', 'x', 'é', 'ß', '日', '本', 'ing', 'tion', '😀', '+', '/', '\ufffd', '\ufeff', 'using'), { minLength: 1, maxLength: 200 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(piece, (p) => {
        const expected = core.bytePairEncode(p).length;
        assert.strictEqual(mergeCount(ranks, pieceKey(p)), expected, p);
        assert.strictEqual(mergeCount(ranks, pieceKey(p), 0), expected, p);
        assert.strictEqual(mergeCount(ranks, pieceKey(p), Infinity), expected, p);
      }),
      { numRuns: 400 },
    );
  });

  it('counts a long piece in chunks, after any run of edits, as merging it whole does (property)', () => {
    const merge = (key: string) => heapMergeStarts(ranks, key);
    const unit = fc.constantFrom('x', 'x', 'x', 'y', '日', '本', '語', 'ing', 'é', '\ufeff', '😀', 'ab');
    const piece = fc.array(unit, { minLength: 1, maxLength: 300 }).map((parts) => parts.join(''));
    const edit = fc.tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.nat(6),
      fc.array(unit, { maxLength: 4 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(piece, fc.array(edit, { maxLength: 8 }), fc.constantFrom(2, 8, 32), (start, edits, chunk) => {
        forgetLongPieces();
        let text = start;
        for (const [where, removed, added] of [[0, 0, ''] as const, ...edits]) {
          const at = Math.floor(where * text.length);
          text = text.slice(0, at) + added + text.slice(at + removed);
          const key = pieceKey(text);
          assert.strictEqual(countLongPiece(key, ranks, merge, chunk), merge(key).length, text);
        }
      }),
      { numRuns: 300 },
    );
    forgetLongPieces();
  });

  it('merges rank by rank where the heap merges, or leaves it to the heap (property)', () => {
    const unit = fc.constantFrom('x', 'x', 'y', '日', '本', '語', 'ing', 'é', '\ufeff', '😀', 'ab', '+', '/', 'Q', '9');
    let ordered = 0;
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 400 }), (parts) => {
        const key = pieceKey(parts.join(''));
        const bucket = bucketMergeStarts(ranks, key);
        if (bucket) ordered++;
        if (bucket) assert.deepStrictEqual([...bucket], [...heapMergeStarts(ranks, key)], parts.join(''));
      }),
      { numRuns: 400 },
    );
    assert.ok(ordered > 300, `${ordered} of 400 merged rank by rank`);
    // Long pieces of the hostile kinds, through the switch between the two.
    for (const text of ['x'.repeat(20_000), '日本語'.repeat(5_000), Buffer.from(Array.from({ length: 15_000 }, (_, i) => (i * 7919) % 251)).toString('base64')]) {
      const key = pieceKey(text);
      assert.deepStrictEqual([...mergeStarts(ranks, key)], [...heapMergeStarts(ranks, key)]);
    }
  });

  it('merges window by window as merging whole does, or says a joint does not hold (property)', () => {
    // Small windows cut where a merge of the whole would not ("tiontioneretionabtion thethereree" at 8 bytes): the joints catch it.
    const unit = fc.constantFrom('the', ' the', 'ing', 'tion', 'x', 'xx', 'ab', 'ba', 'aaa', '日', '本', ' ', 'er', 'ere', 'here', 'th', 'e', 'r', 'he', '\ufeff', '😀', '9');
    let joined = 0;
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 60 }), fc.integer({ min: 2, max: 24 }), fc.integer({ min: 0, max: 4 }), (parts, window, slack) => {
        const key = pieceKey(parts.join(''));
        const whole = [...heapMergeStarts(ranks, key)];
        const windows = windowMergeStarts(key.length, (start, end) => heapMergeStarts(ranks, key.slice(start, end)), window, slack);
        if (windows) joined++;
        if (windows) assert.deepStrictEqual([...windows], whole, parts.join(''));
      }),
      { numRuns: 3000 },
    );
    assert.ok(joined > 1000, `${joined} of 3,000 joined window by window`);
    // The hostile kinds at the real window, through mergeStarts.
    for (const text of ['x'.repeat(300_000), '日本語'.repeat(50_000), Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251)).toString('base64')]) {
      const key = pieceKey(text);
      assert.deepStrictEqual([...mergeStarts(ranks, key)], [...heapMergeStarts(ranks, key)]);
    }
  });

  it('counts a long stretch with no cut as encode does, whether its scan is remembered or not', () => {
    // 70,000 CJK characters with no punctuation: one piece, no cut. A section, then the whole
    // prompt ending with it (its scan remembered), then texts as long that differ, in both encodings.
    const run = Array.from({ length: 70_000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20000))).join('');
    const section = `## SOUL.md\n\n${run}`;
    const whole = `## AGENTS.md\n\nBe brief.\n\n${section}`;
    const other = `## SOUL.md\n\n${run.slice(0, -2)}ab`;
    const cased = `## SOUL.md\n\n${run.slice(0, 30_000)}Abc DEF${run.slice(30_007)}`;
    // The library's encode overflows its stack on a piece this long: the reference is the pieces
    // matched and merged here, with nothing remembered (merging is held to the library above).
    const tables = { o200k_base: ranks, cl100k_base: new Ranks(ranksFile('cl100k_base')) };
    for (const encoding of exact) {
      const expected = (text: string) => countPieces(tables[encoding], text);
      const counter = new IncrementalTokenCounter(encoding);
      assert.strictEqual(counter.count(section), expected(section), `${encoding}: section`);
      assert.strictEqual(new IncrementalTokenCounter(encoding).count(whole, [counter]), expected(whole), `${encoding}: whole`);
      for (const text of [other, cased, section]) assert.strictEqual(new IncrementalTokenCounter(encoding).count(text), expected(text), `${encoding}: ${text.slice(-4)}`);
    }
  });

  it('remembers a long scan with no cut for that text only: another as long is cut and split as if none were remembered', () => {
    const run = Array.from({ length: 70_000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20000))).join('');
    const section = `## SOUL.md\n\n${run}`;
    const words = `## SOUL.md\n\n${'lorem ipsum dolor sit amet '.repeat(3000)}`.slice(0, section.length);
    const cased = `## SOUL.md\n\n${run.slice(0, 30_000)}Abc DEF${run.slice(30_007)}`;
    const split = new RegExp(ranks.pattern.source, 'gu');
    const ends = (text: string) => Int32Array.from(text.matchAll(split), (match) => match.index + match[0].length);
    const fresh = chunkBoundaries(words);
    assert.ok(fresh.length > 2, 'the words are cut');
    new IncrementalTokenCounter('o200k_base').count(section);
    assert.deepStrictEqual(chunkBoundaries(words), fresh);
    assert.deepStrictEqual(scannedPieces(section.slice(12), split), ends(section.slice(12)));
    assert.strictEqual(scannedPieces(cased.slice(12), split), undefined);
    assert.strictEqual(scannedPieces(section.slice(12), new RegExp(new Ranks(ranksFile('cl100k_base')).pattern.source, 'gu')), undefined);
  });

  it('makes a long key as a short one is made: UTF-8 bytes one char each, a lone surrogate as U+FFFD', () => {
    const text = `${'日本語é😀'.repeat(2000)}\ud800x\udc00${'abc'.repeat(10)}\ud83d`;
    const bytes = new TextEncoder().encode(text);
    assert.strictEqual(pieceKey(text), Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
  });

  it('counts a 16,000-letter word as encode does, and a 2 MB one at all', () => {
    const word = 'x'.repeat(16_000);
    assert.strictEqual(countTokens(word, 'o200k_base'), o200k.encode(word).length);
    assert.strictEqual(countPieces(ranks, 'abc'.repeat(700), new Map(), 10), o200k.encode('abc'.repeat(700)).length);
    // 2 MB of one letter: minutes in the library's merge, seconds with the heap.
    assert.strictEqual(countTokens('x'.repeat(2 * 1024 * 1024), 'o200k_base'), (2 * 1024 * 1024) / 8);
  });
});

describe('token labels and cost', () => {
  it('writes counts, estimates and short counts', () => {
    assert.strictEqual(formatTokens(12410, 'o200k_base'), '12,410 tokens');
    assert.strictEqual(formatTokens(1, 'cl100k_base'), '1 token');
    assert.strictEqual(formatTokens(12410, 'claude-estimate'), '≈ 12,410 tokens');
    assert.deepStrictEqual(
      [999, 1000, 1250, 9949, 12410, 999_499, 2_345_678].map((n) => formatTokensShort(n, 'o200k_base')),
      ['999', '1K', '1.3K', '9.9K', '12K', '999K', '2.3M'],
    );
    assert.strictEqual(formatTokensShort(12410, 'claude-estimate'), '≈12K');
  });

  it('prices a turn only when a price is set', () => {
    assert.strictEqual(formatCostPerTurn(12410, 'o200k_base', 2.5), 'sent on every turn: 12,410 tokens ≈ $0.031');
    assert.strictEqual(formatCostPerTurn(12410, 'o200k_base'), 'sent on every turn: 12,410 tokens');
    assert.strictEqual(formatCostPerTurn(100, 'claude-estimate', 3), 'sent on every turn: ≈ 100 tokens ≈ $0.00030');
    assert.strictEqual(costPerTurn(1_000_000, 3), 3);
    assert.deepStrictEqual([0, 0.0314, 1.5, 250].map(formatDollars), ['$0', '$0.031', '$1.50', '$250']);
  });

  it('writes a share of a context window', () => {
    assert.strictEqual(formatContextShare(12410, 200_000, 'o200k_base'), '12,410 tokens of 200,000 (6.2 %)');
  });

  it('accepts the encodings and off, nothing else', () => {
    assert.deepStrictEqual(['o200k_base', 'cl100k_base', 'claude-estimate', 'off', 'gpt2', ''].map(isTokenEncodingChoice), [true, true, true, true, false, false]);
  });
});

describe('estimateTokens', () => {
  it('is the exact count for a short text, and close on a long one without splitting a surrogate pair', () => {
    const short = 'You are Ava. 你好 🙂'.repeat(100);
    assert.strictEqual(estimateTokens(short, 'o200k_base'), countTokens(short, 'o200k_base'));
    const emoji = '🙂 calm, 你好世界。'.repeat(40_000);
    const exact = countTokens(emoji, 'o200k_base');
    const estimate = estimateTokens(emoji, 'o200k_base');
    assert.ok(Math.abs(estimate - exact) / exact < 0.05, `${estimate} against ${exact}`);
  });
});
