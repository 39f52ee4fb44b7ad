// The extension's settings, read in one place. A value of the wrong type or out of
// range falls back to its default, with one warning line per bad value.
import * as vscode from 'vscode';
import {
  confinedFolderPattern,
  DEFAULT_CONTEXT_WINDOW,
  DEFAULT_TOKEN_ENCODING,
  DEFAULT_RUNTIME,
  DEFAULT_WARN_AT,
  compileGlobs,
  HeartwoodCaps,
  HEARTWOOD_CEILING,
  HEARTWOOD_MAX_CHARS,
  isAbsoluteWorkspacePath,
  isTokenEncodingChoice,
  TokenEncoding,
  validHeartwoodCap,
  isRuntimeId,
  resolveOpenClawRelease,
  RuntimeId,
  RuntimeOptions,
  SessionKind,
} from '../../core';
import { log } from '../util/log';

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

/**
 * Patterns of a setting compiled once (per settings change); one that cannot be read
 * (a range out of order, `[z-a]`) is left out, the rest still apply, and the output
 * channel says so once. Our own setting's bad pattern is also shown in a notification.
 */
export function compileSettingGlobs(setting: string, patterns: readonly string[]): (path: string) => boolean {
  const { matches, refused } = compileGlobs(patterns);
  for (const { pattern, reason } of refused) {
    const key = `${setting}=${pattern}`;
    if (logged.has(key)) continue;
    logged.add(key);
    log.warn(`${setting}: the pattern ${JSON.stringify(pattern)} is left out (${reason}); the others apply`);
    if (setting.startsWith(`${SECTION}.`)) warnInvalid(setting.slice(SECTION.length + 1), pattern, vscode.l10n.t('the other patterns'));
  }
  return matches;
}

const logged = new Set<string>();

/** `files.exclude` of a workspace folder as a test on folder paths relative to it. */
export function excludedFolders(scope?: vscode.ConfigurationScope): ((relativePath: string) => boolean) | undefined {
  const exclude = vscode.workspace.getConfiguration('files', scope).get<unknown>('exclude');
  if (typeof exclude !== 'object' || exclude === null) return undefined;
  // `true` hides a match; a `when` clause (hide beside a sibling) is about files, not folders.
  const patterns = Object.entries(exclude).flatMap(([pattern, on]) => (on === true ? [pattern] : []));
  if (patterns.length === 0) return undefined;
  return compileSettingGlobs('files.exclude', patterns);
}

export function followActiveEditor(): boolean {
  return settings().get<unknown>('preview.followActiveEditor', true) !== false;
}

export function previewWrap(): boolean {
  return settings().get<unknown>('preview.wrap', true) !== false;
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

/** Why a folder is an OpenClaw agent workspace, when it is one: told by the model that looks. */
let openclawWorkspace: (folder: vscode.Uri) => string | undefined = () => undefined;

export function detectOpenClawWorkspaces(detect: (folder: vscode.Uri) => string | undefined): vscode.Disposable {
  openclawWorkspace = detect;
  return new vscode.Disposable(() => (openclawWorkspace = () => undefined));
}

/** The runtime whose injection every surface shows for a folder: the setting where set, else openclaw in an agent workspace. */
export function runtimeId(scope?: vscode.ConfigurationScope): RuntimeId {
  return chosenRuntime(scope).id;
}

/** The folder's runtime, and why when it was not the default: "set in settings", "OpenClaw workspace of agent main". */
export function chosenRuntime(scope?: vscode.ConfigurationScope): { readonly id: RuntimeId; readonly why?: string } {
  const value = explicit(settings(scope), 'runtime');
  if (isRuntimeId(value)) return { id: value, why: vscode.l10n.t('set in settings') };
  const why = scope instanceof vscode.Uri ? openclawWorkspace(scope) : undefined;
  return why === undefined ? { id: DEFAULT_RUNTIME } : { id: 'openclaw', why };
}

const SESSIONS: readonly SessionKind[] = ['main', 'subagent', 'cron', 'group'];

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
  if (runtime === 'hermes') return hermesOptions(folder, config, options);
  if (runtime !== 'openclaw') return options;
  const workspacePath = config.get<unknown>('openclaw.workspacePath', '');
  if (typeof workspacePath === 'string' && workspacePath.trim() !== '') {
    // OpenClaw's headings are absolute paths: a relative one would be a heading no run writes.
    if (isAbsoluteWorkspacePath(workspacePath.trim())) options.workspacePath = workspacePath.trim();
    else warnInvalid('openclaw.workspacePath', workspacePath, vscode.l10n.t("the persona folder's own path"));
  }
  // A heartbeat runs in the main session (its text is the user message).
  const session = config.get<unknown>('openclaw.session', 'main');
  options.session = SESSIONS.includes(session as SessionKind) ? (session as SessionKind) : 'main';
  options.maxChars = positiveInteger(explicit(config, 'openclaw.bootstrapMaxChars'));
  options.totalMaxChars = positiveInteger(explicit(config, 'openclaw.bootstrapTotalMaxChars'));
  return options;
}

/**
 * Hermes's home (its SOUL.md and memories/) and the model's window that sets its cap. The home
 * is an absolute path or one relative to the workspace folder, and never outside the workspace:
 * a home elsewhere is refused, and the persona folder is Hermes's home, as the CLI's default.
 */
function hermesOptions(folder: vscode.Uri, config: vscode.WorkspaceConfiguration, options: { -readonly [K in keyof RuntimeOptions]: RuntimeOptions[K] }): RuntimeOptions {
  const home = config.get<unknown>('hermes.home', '');
  if (typeof home === 'string' && home.trim() !== '') {
    const path = home.trim();
    const root = vscode.workspace.getWorkspaceFolder(folder)?.uri;
    const absolute = /^([\\/]|[A-Za-z]:[\\/])/.test(path);
    const uri = absolute ? (folder.scheme === 'file' ? vscode.Uri.file(path) : folder.with({ path })) : root && vscode.Uri.joinPath(root, path);
    if (uri && !(absolute && /(^|[\\/])\.\.([\\/]|$)/.test(path)) && vscode.workspace.getWorkspaceFolder(uri)) options.hermesHome = uri.fsPath || uri.path;
    else warnInvalid('hermes.home', home, vscode.l10n.t("the persona folder (Hermes's home must be inside the workspace)"));
  }
  options.contextWindow = positiveInteger(config.get<unknown>('hermes.contextWindow', null));
  return options;
}

/** `auto`, or the OpenClaw release the user chose for a folder (normalised, `2026.7.35`). */
export function openclawVersion(scope?: vscode.ConfigurationScope): string {
  const value = settings(scope).get<unknown>('openclaw.version', 'auto');
  if (value === 'auto' || value === undefined || value === '') return 'auto';
  try {
    if (typeof value === 'string') return resolveOpenClawRelease(value).release;
  } catch (error) {
    // Not a release number: said once, and `auto` applies.
    if (!(error instanceof Error)) throw error;
  }
  warnInvalid('openclaw.version', value, 'auto');
  return 'auto';
}

/** Whether the agent's setup is completed, as the user set it, or `auto` (the workspace's state file says). */
export function openclawSetup(scope?: vscode.ConfigurationScope): 'auto' | 'completed' | 'pending' {
  const value = settings(scope).get<unknown>('openclaw.setup', 'auto');
  return value === 'completed' || value === 'pending' ? value : 'auto';
}

/** The user's openclaw.json to read OpenClaw's caps from, when set (a user-level setting; `~` is the home folder). */
export function openclawConfigFile(): string | undefined {
  const value = settings().inspect<unknown>('openclaw.configFile')?.globalValue;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Settings that change what a runtime injects: a change to one of them re-measures. */
export const RUNTIME_SETTINGS = ['runtime', 'openclaw', 'hermes', 'warnAt'].map((name) => `${SECTION}.${name}`);

/**
 * The skill catalog's settings for an OpenClaw folder: the `## Skills` header's tools (the
 * default model's Code Mode `exec` unless set), and whether the stock plugins' skills count.
 */
export function skillSettings(
  folder: vscode.Uri,
  home: string | undefined,
): { workspacePath: string; home: string | undefined; tools: 'read' | 'exec'; toolsByDefault: boolean; pluginSkills: boolean } {
  const config = settings(folder);
  const tools = explicit(config, 'openclaw.skillTools');
  const plugins = config.get<unknown>('openclaw.pluginSkills', true);
  const workspacePath = (runtimeOptions(folder, 'openclaw').workspacePath ?? folder.path).replace(/\\/g, '/');
  return { workspacePath, home, tools: tools === 'read' ? 'read' : 'exec', toolsByDefault: tools !== 'read' && tools !== 'exec', pluginSkills: plugins !== false };
}
