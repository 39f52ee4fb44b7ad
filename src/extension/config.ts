// The extension's settings, read in one place.
import * as vscode from 'vscode';
import { DEFAULT_WARN_AT, HeartwoodCaps, HEARTWOOD_CEILING, HEARTWOOD_MAX_CHARS } from '../core';

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

/** Fires when any Persona Studio setting changes. */
export function onDidChangeSettings(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(SECTION)) listener();
  });
}
