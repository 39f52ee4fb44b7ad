// What the surfaces say of a persona's tokens: the preview's tokens message, the status
// bar's tooltip lines, the tree's short count. No editor state (only `vscode.l10n.t`), so it is unit tested.
import * as vscode from 'vscode';
import type { RuntimeId } from '../../core/runtimes/profile';
import { cacheNote, contextShare, formatContextShare, formatCostPerTurn, formatTokens, formatTokensShort, TokenEncoding } from '../../core/tokens';
import type { TokensMessage } from '../../webview/protocol';
import { localize } from '../util/coreMessages';

/** The counts a view is made of (a PersonaTokenCounts, or anything shaped like it). */
export interface CountsView {
  readonly encoding: TokenEncoding;
  readonly files: ReadonlyMap<string, number>;
  readonly total: number;
  /** A sampled estimate while the exact count runs: every number reads `≈`. */
  readonly estimated?: boolean;
}

export interface PriceView {
  readonly contextWindow: number;
  readonly pricePerMillion: number | undefined;
}

/**
 * The preview's tokens message for the sections it shows; without counts (tokens off)
 * a message that hides every token.
 */
export function tokensMessage(generation: number, sections: readonly string[], counts: CountsView | undefined, price: PriceView, runtime: RuntimeId): TokensMessage {
  if (!counts) return { type: 'tokens', generation, sections: [] };
  const approximate = counts.estimated === true;
  const shown = sections.flatMap((name) => {
    const tokens = counts.files.get(name);
    return tokens === undefined ? [] : [{ name, tokens, tokensText: formatTokens(tokens, counts.encoding, localize, approximate) }];
  });
  const priced = price.pricePerMillion !== undefined;
  return {
    type: 'tokens',
    generation,
    sections: shown,
    totals: {
      tokens: counts.total,
      tokensText: formatContextShare(counts.total, price.contextWindow, counts.encoding, localize, approximate),
      fraction: contextShare(counts.total, price.contextWindow),
      costText: priced ? formatCostPerTurn(counts.total, counts.encoding, price.pricePerMillion, localize, approximate) : '',
      cacheText: priced ? (cacheNote(runtime, localize) ?? '') : '',
    },
  };
}

/** The status bar tooltip's token lines (Markdown-free text, one per line). */
export function tooltipLines(counts: CountsView, price: PriceView, runtime: RuntimeId): string[] {
  const approximate = counts.estimated === true;
  const lines = [vscode.l10n.t('Tokens: {0}', formatContextShare(counts.total, price.contextWindow, counts.encoding, localize, approximate))];
  if (approximate) lines.push(vscode.l10n.t('Estimated from samples: the exact count is running'));
  if (price.pricePerMillion !== undefined) {
    lines.push(formatCostPerTurn(counts.total, counts.encoding, price.pricePerMillion, localize, approximate));
    const note = cacheNote(runtime, localize);
    if (note) lines.push(note);
  }
  return lines;
}

/** A tree item's short count: "1.2K tokens" ("≈1.2K tokens" for an estimate). */
export function shortTokens(tokens: number, encoding: TokenEncoding, approximate = false): string {
  return vscode.l10n.t('{0} tokens', formatTokensShort(tokens, encoding, approximate));
}
