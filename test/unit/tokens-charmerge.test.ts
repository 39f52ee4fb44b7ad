// Long pieces of multi-byte characters merged from their characters' own tokens: the same
// starts as merging the bytes, in both encodings, on scripts, stray bytes and the tokens that
// cross a joint mid-character (which the check of overlaps must catch).
import assert from 'node:assert';
import fc from 'fast-check';
import { bucketMergeStarts } from '../../src/core/tokensBucketMerge';
import { charMergeStarts } from '../../src/core/tokensCharMerge';
import { heapMergeStarts, mergeStarts, pieceKey } from '../../src/core/tokensMerge';
import { Ranks } from '../../src/core/tokensRanks';
import { ranksFile } from '../../scripts/ranksFile.mjs';

const tables = { o200k_base: new Ranks(ranksFile('o200k_base')), cl100k_base: new Ranks(ranksFile('cl100k_base')) };

/** The same ranks, blind to tokens that cross a joint mid-character: what merging would be without the overlap check. */
function blind(ranks: Ranks): Ranks {
  const copy = Object.create(ranks) as Ranks;
  copy.crossingTokens = () => ({ ...ranks.crossingTokens(), first: new Int32Array((1 << 16) + 1), tokens: new Int32Array(0) });
  return copy;
}

const starts = (found: Int32Array | undefined) => (found ? [...found] : undefined);

/** Text as bytes: characters of every width, words whose tokens end inside a character, stray bytes. */
const unit = fc
  .oneof(
    fc.constantFrom(
      '日',
      '本',
      '語',
      '中国',
      '彩票',
      '的',
      '时间',
      'нравится',
      'Ελληνικά',
      'नमस्ते',
      'สวัสดี',
      '한국어',
      ' Ψ',
      ' ագ',
      ' երՍ',
      ' Ú',
      ' ظ',
      'é',
      'a',
      ' ',
      '😀',
      '\ufeff',
    ),
    fc.integer({ min: 0x4e00, max: 0x9fff }).map((point) => String.fromCharCode(point)),
    fc.integer({ min: 0x0400, max: 0x06ff }).map((point) => String.fromCharCode(point)),
  )
  .map((text) => pieceKey(text));
const stray = fc.integer({ min: 0x80, max: 0xff }).map((byte) => String.fromCharCode(byte));

describe('tokens: characters merged before their bytes', () => {
  for (const [name, ranks] of Object.entries(tables)) {
    it(`${name}: the same starts as merging bytes, or none where it cannot tell (property)`, () => {
      let answered = 0;
      fc.assert(
        fc.property(fc.array(fc.oneof({ weight: 9, arbitrary: unit }, { weight: 1, arbitrary: stray }), { minLength: 1, maxLength: 300 }), (parts) => {
          const key = parts.join('');
          const found = charMergeStarts(ranks, key);
          if (!found) return;
          answered++;
          assert.deepStrictEqual([...found], [...heapMergeStarts(ranks, key)], Buffer.from(key, 'latin1').toString('hex'));
        }),
        { numRuns: 500 },
      );
      // Only a byte-order mark, or ranks out of order, leave it to the bytes.
      assert.ok(answered > 250, `${answered} of 500 answered`);
    });
  }

  it('catches a token that ends inside a character: " Ψ" is " \\xce" then "\\xa8", not " " then "Ψ"', () => {
    for (const [text, name, expected] of [
      [' Ψ', 'o200k_base', [0, 2]],
      [' երՍ', 'o200k_base', [0, 6]],
      [' ţ', 'cl100k_base', [0, 2]],
    ] as const) {
      const ranks = tables[name];
      const key = pieceKey(text);
      assert.deepStrictEqual([...heapMergeStarts(ranks, key)], expected);
      assert.deepStrictEqual(starts(charMergeStarts(ranks, key)), expected, text);
      // Without the overlap check the characters would merge first, and wrongly: the check is what makes it exact.
      assert.notDeepStrictEqual(starts(charMergeStarts(blind(ranks), key)), expected, text);
    }
  });

  it('catches a token that starts inside a character and ends in a stray byte after it: Ђ then \\xac is "\\xd0" then "\\x82\\xac"', () => {
    for (const ranks of Object.values(tables)) {
      const key = '\xd0\x82\xac';
      assert.deepStrictEqual([...heapMergeStarts(ranks, key)], [0, 1]);
      assert.deepStrictEqual(starts(charMergeStarts(ranks, key)), [0, 1]);
    }
  });

  it('from given parts, gives up on a pair that would merge before one of its parts was made', () => {
    const ranks = tables.o200k_base;
    const parts = (ready: number) => ({ starts: Int32Array.of(0, 1), ready: Int32Array.of(-1, ready, -1), none: new Uint8Array(3) });
    assert.deepStrictEqual(starts(bucketMergeStarts(ranks, 'ab', parts(-1))), [0]);
    // "b" made at a rank after the one "ab" merges at: merging bytes would never have met the pair then.
    assert.strictEqual(bucketMergeStarts(ranks, 'ab', parts(ranks.rank('ab', 0, 2))), undefined);
  });

  it('leaves a byte-order mark to the bytes, and merges a window that starts or ends inside a character', () => {
    const ranks = tables.o200k_base;
    assert.strictEqual(charMergeStarts(ranks, pieceKey('日本\ufeff語')), undefined);
    const key = pieceKey('日本語中国的时间'.repeat(4));
    for (const [from, to] of [
      [1, key.length],
      [2, key.length - 1],
      [0, key.length - 2],
    ]) {
      const part = key.slice(from, to);
      assert.deepStrictEqual(starts(charMergeStarts(ranks, part)), [...heapMergeStarts(ranks, part)]);
    }
  });

  it('long pieces of CJK, Cyrillic and Indic text count as merging their bytes does, window by window', () => {
    for (const [name, ranks] of Object.entries(tables)) {
      let cjk = '';
      for (let i = 0; i < 40_000; i++) cjk += String.fromCharCode(0x4e00 + ((i * 7919) % 20000));
      for (const text of [cjk, 'нравитсяПривет'.repeat(3_000), 'नमस्तेदुनिया'.repeat(2_000)]) {
        const key = pieceKey(text);
        assert.deepStrictEqual([...mergeStarts(ranks, key)], [...heapMergeStarts(ranks, key)], `${name}: ${text.slice(0, 12)}`);
      }
    }
  });
});
