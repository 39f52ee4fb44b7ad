// The extension's settings, read in one place. A value of the wrong type or out of
// range falls back to its default, with one warning line per bad value.
import * as vscode from 'vscode';
import picomatch from 'picomatch';
import { confinedFolderPattern, DEFAULT_WARN_AT, HeartwoodCaps, HEARTWOOD_CEILING, HEARTWOOD_MAX_CHARS, validHeartwoodCap } from '../core';

const SECTION = 'personaStudio';

function settings(scope?: vscode.ConfigurationScope): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION, scope);
}

const warned = new Set<string>();

/** Says once per setting and value that it is not used, and what is used instead. */
function warnInvalid(setting: string, value: unknown, instead: string): void {
  const shown = JSON.stringify(value) ?? String(value);
  const key = `${setting}=${shown}`;
  if (warned.has(key)) return;
  warned.add(key);
  const brief = shown.length > 60 ? `${shown.slice(0, 57)}...` : shown;
  void vscode.window.showWarningMessage(vscode.l10n.t('Persona Studio: the setting {0} cannot be {1}; {2} is used instead.', `${SECTION}.${setting}`, brief, instead));
}

/** Fraction of a cap at which a file is "near" it. */
export function warnAt(scope?: vscode.ConfigurationScope): number {
  const value = settings(scope).get<unknown>('warnAt', DEFAULT_WARN_AT);
  if (typeof value === 'number' && value > 0 && value <= 1) return value;
  warnInvalid('warnAt', value, String(DEFAULT_WARN_AT));
  return DEFAULT_WARN_AT;
}

export function heartwoodCaps(scope?: vscode.ConfigurationScope): HeartwoodCaps {
  const config = settings(scope);
  const cap = (setting: string, fallback: number) => {
    const value = config.get<unknown>(setting, fallback);
    const valid = validHeartwoodCap(value);
    if (valid === undefined) warnInvalid(setting, value, String(fallback));
    return valid ?? fallback;
  };
  return { maxChars: cap('heartwood.maxChars', HEARTWOOD_MAX_CHARS), ceiling: cap('heartwood.ceiling', HEARTWOOD_CEILING) };
}

/**
 * Glob patterns, relative to each workspace folder, that choose persona folders.
 * Only patterns that stay inside the workspace folder count; in Restricted Mode
 * only the user's own value does (a cloned repository's settings do not).
 */
export function folderPatterns(scope?: vscode.ConfigurationScope): string[] {
  const config = settings(scope);
  const value = vscode.workspace.isTrusted ? config.get<unknown>('folders', []) : (config.inspect<unknown>('folders')?.globalValue ?? []);
  if (!Array.isArray(value)) {
    warnInvalid('folders', value, '[]');
    return [];
  }
  const patterns: string[] = [];
  for (const pattern of value) {
    if (typeof pattern !== 'string' || pattern.trim() === '') continue;
    const confined = confinedFolderPattern(pattern);
    if (confined === undefined) warnInvalid('folders', pattern, vscode.l10n.t('nothing outside the workspace folder'));
    else patterns.push(confined);
  }
  return patterns;
}

/** `files.exclude` of a workspace folder as a test on folder paths relative to it. */
export function excludedFolders(scope?: vscode.ConfigurationScope): ((relativePath: string) => boolean) | undefined {
  const exclude = vscode.workspace.getConfiguration('files', scope).get<unknown>('exclude');
  if (typeof exclude !== 'object' || exclude === null) return undefined;
  // `true` hides a match; a `when` clause (hide beside a sibling) is about files, not folders.
  const patterns = Object.entries(exclude).flatMap(([pattern, on]) => (on === true ? [pattern] : []));
  if (patterns.length === 0) return undefined;
  return picomatch(patterns, { dot: true });
}

export function followActiveEditor(): boolean {
  return settings().get<unknown>('preview.followActiveEditor', true) !== false;
}

export function previewWrap(): boolean {
  return settings().get<unknown>('preview.wrap', true) !== false;
}

/** Fires when any Persona Studio setting changes, `files.exclude` does, or trust is granted. */
export function onDidChangeSettings(listener: () => void): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(SECTION) || event.affectsConfiguration('files.exclude')) listener();
    }),
    // Trust makes the workspace's own personaStudio.folders count.
    vscode.workspace.onDidGrantWorkspaceTrust(listener),
  );
}
