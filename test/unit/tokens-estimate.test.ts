// The Claude estimate on the fixed multilingual sample: its error against the only
// published Claude tokenizer (Claude 2's, counts in claude2-reference.json) is printed,
// not asserted; what is asserted is how the estimate is built.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { CLAUDE_FACTORS, claudeFactor, countScripts, formatTokens } from '../../src/core';
import { countTokens } from '../../src/core/tokensCount';

const FIXTURES = path.resolve(__dirname, '../fixtures/tokens');
const reference: Record<string, number> = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'claude2-reference.json'), 'utf8'));

describe('the Claude estimate', () => {
  it('is the o200k_base count scaled by the factor of each script, weighted by its share', () => {
    assert.deepStrictEqual(countScripts('Ab 1; 日本語、ё 😀\n'), { latin: 5, cjk: 4, other: 1 });
    assert.strictEqual(claudeFactor({ latin: 1, cjk: 0, other: 0 }), CLAUDE_FACTORS.latin);
    assert.strictEqual(claudeFactor({ latin: 1, cjk: 1, other: 0 }), (CLAUDE_FACTORS.latin + CLAUDE_FACTORS.cjk) / 2);
    const soul = 'You are Ava, a calm and precise ops assistant.';
    assert.strictEqual(countTokens(soul, 'claude-estimate'), Math.ceil(countTokens(soul, 'o200k_base') * CLAUDE_FACTORS.latin));
    assert.strictEqual(formatTokens(countTokens(soul, 'claude-estimate'), 'claude-estimate').startsWith('≈ '), true);
  });

  it('reports its error on the multilingual sample', () => {
    const rows = Object.keys(reference).map((name) => {
      const text = fs.readFileSync(path.join(FIXTURES, 'sample', name), 'utf8');
      const o200k = countTokens(text, 'o200k_base');
      const estimate = countTokens(text, 'claude-estimate');
      return {
        file: name,
        chars: text.length,
        o200k_base: o200k,
        'claude-estimate': estimate,
        'Claude 2 tokenizer': reference[name],
        'estimate / Claude 2': Math.round((estimate / reference[name]) * 100) / 100,
        'Claude 2 / o200k_base': Math.round((reference[name] / o200k) * 100) / 100,
      };
    });
    assert.strictEqual(rows.length, fs.readdirSync(path.join(FIXTURES, 'sample')).length, 'every sample file has a reference count');
    console.log('\n    The Claude estimate on test/fixtures/tokens/sample (see docs/tokens.md):');
    console.table(rows);
  });
});
