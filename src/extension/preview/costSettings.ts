// The settings of an OpenClaw persona's cost per day: chat turns a day, and prices per
// million tokens for input, cache writes and cache reads (`personaStudio.tokens.prices`;
// its input falls back to `personaStudio.tokens.pricePerMillion`). Part of the preview session bundle.
import * as vscode from 'vscode';
import type { TokenPrices } from '../../core';

export interface CostSettings {
  readonly turnsPerDay: number;
  readonly prices?: TokenPrices;
}

const price = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

export function costSettings(scope?: vscode.ConfigurationScope): CostSettings {
  const config = vscode.workspace.getConfiguration('personaStudio', scope);
  const turns = config.get<unknown>('openclaw.turnsPerDay', 0);
  const turnsPerDay = typeof turns === 'number' && Number.isFinite(turns) && turns >= 0 ? turns : 0;
  const raw = config.get<unknown>('tokens.prices', {});
  const prices = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const input = price(prices.input) ?? price(config.get<unknown>('tokens.pricePerMillion', null));
  if (input === undefined) return { turnsPerDay };
  const cacheWrite = price(prices.cacheWrite);
  const cacheRead = price(prices.cacheRead);
  return { turnsPerDay, prices: { input, ...(cacheWrite !== undefined && { cacheWrite }), ...(cacheRead !== undefined && { cacheRead }) } };
}
