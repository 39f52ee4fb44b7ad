// What the surfaces say of a persona's tokens: the preview's tokens message, the status
// bar's tooltip lines, the tree's short count. Pure (no vscode), so it is unit tested.
import type { RuntimeId } from '../../core/runtimes/profile';
import { cacheNote, contextShare, formatContextShare, formatCostPerTurn, formatTokens, formatTokensShort, TokenEncoding } from '../../core/tokens';
import type { TokensMessage } from '../../webview/protocol';

/** The counts a view is made of (a PersonaTokenCounts, or anything shaped like it). */
export interface CountsView {
  readonly encoding: TokenEncoding;
  readonly files: ReadonlyMap<string, number>;
  readonly total: number;
}

export interface PriceView {
  readonly contextWindow: number;
  readonly pricePerMillion: number | undefined;
}

export type Translate = (message: string, ...args: Array<string | number>) => string;

/**
 * The preview's tokens message for the sections it shows; without counts (tokens off)
 * a message that hides every token.
 */
export function tokensMessage(generation: number, sections: readonly string[], counts: CountsView | undefined, price: PriceView, runtime: RuntimeId): TokensMessage {
  if (!counts) return { type: 'tokens', generation, sections: [] };
  const shown = sections.flatMap((name) => {
    const tokens = counts.files.get(name);
    return tokens === undefined ? [] : [{ name, tokens, tokensText: formatTokens(tokens, counts.encoding) }];
  });
  const priced = price.pricePerMillion !== undefined;
  return {
    type: 'tokens',
    generation,
    sections: shown,
    totals: {
      tokens: counts.total,
      tokensText: formatContextShare(counts.total, price.contextWindow, counts.encoding),
      fraction: contextShare(counts.total, price.contextWindow),
      costText: priced ? formatCostPerTurn(counts.total, counts.encoding, price.pricePerMillion) : '',
      cacheText: priced ? (cacheNote(runtime) ?? '') : '',
    },
  };
}

/** The status bar tooltip's token lines (Markdown-free text, one per line). */
export function tooltipLines(counts: CountsView, price: PriceView, runtime: RuntimeId, t: Translate): string[] {
  const lines = [t('Tokens: {0}', formatContextShare(counts.total, price.contextWindow, counts.encoding))];
  if (price.pricePerMillion !== undefined) {
    lines.push(formatCostPerTurn(counts.total, counts.encoding, price.pricePerMillion));
    const note = cacheNote(runtime);
    if (note) lines.push(note);
  }
  return lines;
}

/** A tree item's short count: "1.2K tokens" ("≈1.2K tokens" for an estimate). */
export function shortTokens(tokens: number, encoding: TokenEncoding, t: Translate): string {
  return t('{0} tokens', formatTokensShort(tokens, encoding));
}
