// The extension's settings, read in one place.
import * as vscode from 'vscode';
import {
  DEFAULT_CONTEXT_WINDOW,
  DEFAULT_TOKEN_ENCODING,
  DEFAULT_WARN_AT,
  HeartwoodCaps,
  HEARTWOOD_CEILING,
  HEARTWOOD_MAX_CHARS,
  isTokenEncodingChoice,
  TokenEncoding,
} from '../core';

const SECTION = 'personaStudio';

function settings(scope?: vscode.ConfigurationScope): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION, scope);
}

/** Fraction of a cap at which a file is "near" it. */
export function warnAt(scope?: vscode.ConfigurationScope): number {
  const value = settings(scope).get<number>('warnAt', DEFAULT_WARN_AT);
  return value > 0 && value <= 1 ? value : DEFAULT_WARN_AT;
}

export function heartwoodCaps(scope?: vscode.ConfigurationScope): HeartwoodCaps {
  const config = settings(scope);
  return {
    maxChars: config.get<number>('heartwood.maxChars', HEARTWOOD_MAX_CHARS),
    ceiling: config.get<number>('heartwood.ceiling', HEARTWOOD_CEILING),
  };
}

/** Glob patterns, relative to each workspace folder, that choose persona folders. */
export function folderPatterns(scope?: vscode.ConfigurationScope): string[] {
  return settings(scope).get<string[]>('folders', []).filter((p) => typeof p === 'string' && p.trim() !== '');
}

export function followActiveEditor(): boolean {
  return settings().get<boolean>('preview.followActiveEditor', true);
}

export function previewWrap(): boolean {
  return settings().get<boolean>('preview.wrap', true);
}

/** How tokens are counted and priced for a persona folder; `encoding` undefined when `off`. */
export interface TokenSettings {
  readonly encoding: TokenEncoding | undefined;
  readonly contextWindow: number;
  /** Dollars per million input tokens; undefined until the user sets one. */
  readonly pricePerMillion: number | undefined;
}

/** The token settings for `scope` (resource-scoped: a persona folder may differ from another). */
export function tokenSettings(scope?: vscode.ConfigurationScope): TokenSettings {
  const config = settings(scope);
  const choice = config.get<string>('tokens.encoding', DEFAULT_TOKEN_ENCODING);
  const encoding = isTokenEncodingChoice(choice) ? choice : DEFAULT_TOKEN_ENCODING;
  const contextWindow = config.get<number>('tokens.contextWindow', DEFAULT_CONTEXT_WINDOW);
  const price = config.get<number | null>('tokens.pricePerMillion', null);
  return {
    encoding: encoding === 'off' ? undefined : encoding,
    contextWindow: Number.isFinite(contextWindow) && contextWindow >= 1 ? Math.floor(contextWindow) : DEFAULT_CONTEXT_WINDOW,
    pricePerMillion: typeof price === 'number' && Number.isFinite(price) && price >= 0 ? price : undefined,
  };
}

/** Fires when any Persona Studio setting changes. */
export function onDidChangeSettings(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(SECTION)) listener();
  });
}
