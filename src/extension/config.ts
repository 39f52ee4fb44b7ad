// The extension's settings, read in one place.
import * as vscode from 'vscode';
import {
  DEFAULT_CONTEXT_WINDOW,
  DEFAULT_TOKEN_ENCODING,
  DEFAULT_RUNTIME,
  DEFAULT_WARN_AT,
  HeartwoodCaps,
  HEARTWOOD_CEILING,
  HEARTWOOD_MAX_CHARS,
  isTokenEncodingChoice,
  TokenEncoding,
  isRuntimeId,
  RuntimeId,
  RuntimeOptions,
  SessionKind,
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

/** The runtime whose injection every surface shows for a folder. */
export function runtimeId(scope?: vscode.ConfigurationScope): RuntimeId {
  const value = settings(scope).get<unknown>('runtime', DEFAULT_RUNTIME);
  return isRuntimeId(value) ? value : DEFAULT_RUNTIME;
}

const SESSIONS: readonly SessionKind[] = ['main', 'subagent', 'cron'];

/** A cap setting counts only when it is a finite number > 0 (floored), as OpenClaw reads its own. */
function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : undefined;
}

/** A setting's value only where the user set it (not its default), so the runtime's own default applies otherwise. */
function explicit(config: vscode.WorkspaceConfiguration, key: string): unknown {
  const inspected = config.inspect<unknown>(key);
  return inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue;
}

/** The runtime's options for a persona folder; the headings show the folder's own path by default. */
export function runtimeOptions(folder: vscode.Uri, runtime: RuntimeId): RuntimeOptions {
  const config = settings(folder);
  const options: { -readonly [K in keyof RuntimeOptions]: RuntimeOptions[K] } = { warnAt: warnAt(folder) };
  if (runtime === 'toolnexus') return options;
  options.workspacePath = folder.fsPath || folder.path;
  if (runtime !== 'openclaw') return options;
  const workspacePath = config.get<unknown>('openclaw.workspacePath', '');
  if (typeof workspacePath === 'string' && workspacePath.trim() !== '') options.workspacePath = workspacePath.trim();
  const session = config.get<unknown>('openclaw.session', 'main');
  options.session = SESSIONS.includes(session as SessionKind) ? (session as SessionKind) : 'main';
  options.maxChars = positiveInteger(explicit(config, 'openclaw.bootstrapMaxChars'));
  options.totalMaxChars = positiveInteger(explicit(config, 'openclaw.bootstrapTotalMaxChars'));
  return options;
}

/** The user's openclaw.json to read OpenClaw's caps from, when set (a user-level setting; `~` is the home folder). */
export function openclawConfigFile(): string | undefined {
  const value = settings().inspect<unknown>('openclaw.configFile')?.globalValue;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Settings that change what a runtime injects: a change to one of them re-measures. */
export const RUNTIME_SETTINGS = ['runtime', 'openclaw', 'warnAt'].map((name) => `${SECTION}.${name}`);
