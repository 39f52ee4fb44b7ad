// What the surfaces say of tokens (the preview's tokens message, the status bar's lines,
// the tree's short count), and the webview's check of a tokens message on receipt.
import './vscodeL10n';
import assert from 'node:assert';
import { cacheNote } from '../../src/core/tokens';
import { shortTokens, tokensMessage, tooltipLines } from '../../src/extension/tokens/tokenViews';
import { parseTokensMessage } from '../../src/webview/protocol';

const counts = {
  encoding: 'o200k_base' as const,
  files: new Map([
    ['AGENTS.md', 12],
    ['SOUL.md', 1204],
  ]),
  total: 12_410,
};

describe('Token views', () => {
  it('gives each shown section its tokens, and the soul its share of the window and, when priced, its cost and cache note', () => {
    const message = tokensMessage(3, ['SOUL.md', 'AGENTS.md', 'USER.md'], counts, { contextWindow: 200_000, pricePerMillion: 2.5 }, 'openclaw');
    assert.deepStrictEqual(message.sections, [
      { name: 'SOUL.md', tokens: 1204, tokensText: '1,204 tokens' },
      { name: 'AGENTS.md', tokens: 12, tokensText: '12 tokens' },
    ]);
    assert.strictEqual(message.generation, 3);
    assert.strictEqual(message.totals?.tokensText, '12,410 tokens of 200,000 (6.2 %)');
    assert.strictEqual(message.totals?.fraction, 12_410 / 200_000);
    assert.strictEqual(message.totals?.costText, 'sent on every turn: 12,410 tokens ≈ $0.031');
    assert.strictEqual(message.totals?.cacheText, cacheNote('openclaw'));
  });

  it('shows no price and no cache note until a price is set', () => {
    const message = tokensMessage(1, ['SOUL.md'], counts, { contextWindow: 200_000, pricePerMillion: undefined }, 'openclaw');
    assert.strictEqual(message.totals?.costText, '');
    assert.strictEqual(message.totals?.cacheText, '');
  });

  it('marks an estimate with ≈ everywhere', () => {
    const estimate = { ...counts, encoding: 'claude-estimate' as const };
    const message = tokensMessage(1, ['SOUL.md'], estimate, { contextWindow: 200_000, pricePerMillion: 3 }, 'toolnexus');
    assert.strictEqual(message.sections[0].tokensText, '≈ 1,204 tokens');
    assert.match(message.totals!.tokensText, /^≈ 12,410 tokens/);
    assert.match(message.totals!.costText, /^sent on every turn: ≈ 12,410 tokens ≈ \$/);
    assert.strictEqual(shortTokens(12_410, 'claude-estimate'), '≈12K tokens');
    assert.match(tooltipLines(estimate, { contextWindow: 200_000, pricePerMillion: undefined }, 'toolnexus')[0], /^Tokens: ≈ 12,410 tokens/);
  });

  it('marks a sampled estimate, sent while the exact count runs, with ≈ too, in an exact encoding', () => {
    const sampled = { ...counts, estimated: true };
    const message = tokensMessage(1, ['SOUL.md'], sampled, { contextWindow: 200_000, pricePerMillion: 3 }, 'toolnexus');
    assert.strictEqual(message.sections[0].tokensText, '≈ 1,204 tokens');
    assert.match(message.totals!.tokensText, /^≈ 12,410 tokens/);
    assert.strictEqual(shortTokens(12_410, 'o200k_base', true), '≈12K tokens');
    assert.deepStrictEqual(tooltipLines(sampled, { contextWindow: 200_000, pricePerMillion: undefined }, 'toolnexus').slice(0, 2), [
      'Tokens: ≈ 12,410 tokens of 200,000 (6.2 %)',
      'Estimated from samples: the exact count is running',
    ]);
    assert.strictEqual(shortTokens(12_410, 'o200k_base'), '12K tokens');
  });

  it('hides every token when tokens are off (no counts)', () => {
    assert.deepStrictEqual(tokensMessage(2, ['SOUL.md'], undefined, { contextWindow: 200_000, pricePerMillion: 1 }, 'openclaw'), { type: 'tokens', generation: 2, sections: [] });
  });

  it('gives the status bar the tokens, and with a price the cost and the runtime’s cache note', () => {
    assert.deepStrictEqual(tooltipLines(counts, { contextWindow: 200_000, pricePerMillion: undefined }, 'codex'), ['Tokens: 12,410 tokens of 200,000 (6.2 %)']);
    assert.deepStrictEqual(tooltipLines(counts, { contextWindow: 100_000, pricePerMillion: 2.5 }, 'codex'), [
      'Tokens: 12,410 tokens of 100,000 (12.4 %)',
      'sent on every turn: 12,410 tokens ≈ $0.031',
      cacheNote('codex'),
    ]);
  });

  it('accepts a well-formed tokens message and drops a malformed one on receipt', () => {
    const message = tokensMessage(5, ['SOUL.md'], counts, { contextWindow: 200_000, pricePerMillion: 2.5 }, 'openclaw');
    assert.deepStrictEqual(parseTokensMessage(JSON.parse(JSON.stringify(message))), message);
    assert.deepStrictEqual(parseTokensMessage({ type: 'tokens', generation: 1, sections: [] }), { type: 'tokens', generation: 1, sections: [], totals: undefined });
    const bad: unknown[] = [
      null,
      { type: 'tokens', generation: '1', sections: [] },
      { type: 'tokens', generation: 1, sections: [{ name: 'SOUL.md', tokens: -1, tokensText: 'x' }] },
      { type: 'tokens', generation: 1, sections: [{ name: 'SOUL.md', tokens: 3, tokensText: { html: '<b>' } }] },
      { type: 'tokens', generation: 1, sections: [null] },
      { type: 'tokens', generation: 1, sections: [], totals: { tokens: 3, tokensText: 'x', fraction: Number.NaN, costText: '', cacheText: '' } },
      { type: 'tokens', generation: 1, sections: [], totals: { tokens: 3, tokensText: 'x', fraction: 0, costText: 7, cacheText: '' } },
      { type: 'update', generation: 1, sections: [] },
    ];
    for (const value of bad) assert.strictEqual(parseTokensMessage(value), undefined, JSON.stringify(value));
  });
});
