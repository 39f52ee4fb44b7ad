// Starts the provisioned code-server with the extension (a packaged VSIX, or the built
// folder) and fresh user data, on a free loopback port, and stops it by the process id it started (its whole process group:
// the server, its extension host and watchers), never by name.
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codeServerEntry, repoRoot } from './paths';

/** Settings that keep a window quiet and stable: no trust prompt, no welcome page, no tips, no telemetry, no git. */
export const QUIET_SETTINGS: Readonly<Record<string, unknown>> = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.commandCenter.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  'git.autoRepositoryDetection': false,
  'remote.autoForwardPorts': false,
  'files.autoSave': 'off',
  'files.hotExit': 'off',
  'terminal.integrated.enablePersistentSessions': false,
  'typescript.disableAutomaticTypeAcquisition': true,
  'files.simpleDialog.enable': true,
  'workbench.view.alwaysShowHeaderActions': true,
  // The page title names the active editor's file by its full path (tests read it).
  'window.title': '${activeEditorLong}',
};

/** For tests: what a test types is exactly what lands in the file (no auto-closing, no suggestions). */
export const TYPING_SETTINGS: Readonly<Record<string, unknown>> = {
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
  'editor.autoSurround': 'never',
  'editor.autoIndent': 'none',
  'editor.formatOnType': false,
  'editor.quickSuggestions': { other: false, comments: false, strings: false },
  'editor.suggestOnTriggerCharacters': false,
  'editor.wordBasedSuggestions': 'off',
  'editor.parameterHints.enabled': false,
  'editor.acceptSuggestionOnEnter': 'off',
  'editor.minimap.enabled': false,
  'markdown.editor.pasteUrlAsFormattedLink.enabled': 'never',
};

export interface CodeServerOptions {
  /** A packaged VSIX, installed with code-server's own `--install-extension` (as a user would); wins over extensionRoot. */
  vsix?: string;
  /** The extension to load: a folder holding package.json and its built files. Default: this repository. */
  extensionRoot?: string;
  /** Link the extension folder instead of copying it (a rebuild plus "Reload Window" then picks up changes). */
  linkExtension?: boolean;
  /** User settings, merged over QUIET_SETTINGS. */
  settings?: Record<string, unknown>;
  /** Folder to open when a URL names none. */
  folder?: string;
  /** Port on 127.0.0.1; 0 (default) takes a free one. */
  port?: number;
  /** Workspace trust on (VS Code's default): a folder opens in Restricted Mode until trusted. Default: off. */
  workspaceTrust?: boolean;
  /** A folder put first on the server's PATH, which its extension host inherits. */
  pathFirst?: string;
}

export interface CodeServer {
  /** e.g. http://127.0.0.1:41234/ */
  readonly url: string;
  readonly pid: number;
  /** Fresh per server: user data (settings in User/settings.json), extensions, logs. */
  readonly home: string;
  readonly userDataDir: string;
  readonly extensionsDir: string;
  /** Everything the server printed. */
  readonly logFile: string;
  /** Milliseconds from spawn to "listening". */
  readonly startupMs: number;
  /** Settles when the server's process exits (by stop() or by itself), with its exit code or signal. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
  /** The URL that opens a folder, a .code-workspace file, or an empty window (no folder). */
  urlFor(target: { folder: string } | { workspace: string } | { empty: true }): string;
  /** Stops the server and its children; removes its home unless `keepHome`. Safe to call twice. */
  stop(options?: { keepHome?: boolean }): Promise<void>;
}

/** Copies (or links) the built extension into `extensionsDir` as `<publisher>.<name>-<version>/`. */
export function installExtension(extensionsDir: string, extensionRoot = repoRoot, link = false): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(extensionRoot, 'package.json'), 'utf8'));
  const main = path.join(extensionRoot, manifest.main ?? 'dist/extension.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: build the extension first (npm run build).`);
  const target = path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  fs.mkdirSync(extensionsDir, { recursive: true });
  if (link) {
    fs.symlinkSync(extensionRoot, target, 'dir');
    return target;
  }
  fs.mkdirSync(target);
  const entries = fs.readdirSync(extensionRoot).filter((name) => /^package(\.nls(\.[\w-]+)?)?\.json$|^(dist|media)$|^(README|LICENSE|CHANGELOG)/.test(name));
  for (const name of entries) fs.cpSync(path.join(extensionRoot, name), path.join(target, name), { recursive: true });
  return target;
}

/** Installs a VSIX the way a user does: `code-server --install-extension FILE`, which installs and exits. */
function installVsix(entry: string, common: string[], vsix: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, [entry, ...common, '--install-extension', vsix], { env, encoding: 'utf8', timeout: 120_000 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0 || !/successfully installed/.test(output)) {
    throw new Error(`code-server --install-extension ${vsix} failed (${result.error?.message ?? `exit ${result.status}`}):\n${output}`);
  }
}

export async function startCodeServer(options: CodeServerOptions = {}): Promise<CodeServer> {
  const entry = codeServerEntry();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-vscode-'));
  const userDataDir = path.join(home, 'user-data');
  const extensionsDir = path.join(home, 'extensions');
  const logFile = path.join(home, 'server.log');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(userDataDir, 'User/settings.json'),
    JSON.stringify({ ...QUIET_SETTINGS, ...(options.workspaceTrust ? { 'security.workspace.trust.enabled': true } : {}), ...options.settings }, null, 2),
  );

  // Keep code-server's own config and logs inside this home, and shed any VS Code
  // session variables of the terminal this runs in.
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: path.join(home, 'config'), XDG_DATA_HOME: path.join(home, 'data') };
  for (const key of Object.keys(env)) if (key.startsWith('VSCODE_') || key === 'PASSWORD' || key === 'HASHED_PASSWORD') delete env[key];
  if (options.pathFirst) {
    env.PATH = [options.pathFirst, env.PATH].filter(Boolean).join(path.delimiter);
    // Else the server gives its extension host the PATH of the user's login shell, resolved
    // afresh; as launched from a terminal (VSCODE_CLI), it passes on its own environment.
    env.VSCODE_CLI = '1';
  }

  const common = ['--disable-telemetry', '--config', path.join(home, 'config.yaml'), '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  if (options.vsix) installVsix(entry, common, options.vsix, env);
  else installExtension(extensionsDir, options.extensionRoot, options.linkExtension);

  const args = [
    entry,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${options.port ?? 0}`,
    '--disable-update-check',
    ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--disable-proxy',
    ...common,
    ...(options.folder ? [options.folder] : []),
  ];
  const started = Date.now();
  const log = fs.createWriteStream(logFile);
  // Detached: the server leads its own process group, so stopping it reaches its children.
  const child = spawn(process.execPath, args, { detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error('code-server did not start');
  const pid = child.pid;
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  };
  // Whatever happens to this process, the server does not outlive it.
  const onExit = () => killGroup('SIGKILL');
  process.on('exit', onExit);

  let url: string;
  try {
    url = await waitForListening(child, log);
  } catch (error) {
    killGroup('SIGKILL');
    process.off('exit', onExit);
    throw new Error(`${(error as Error).message}\n--- ${logFile} ---\n${readTail(logFile)}`);
  }
  const startupMs = Date.now() - started;

  let stopping: Promise<void> | undefined;
  return {
    url,
    pid,
    home,
    userDataDir,
    extensionsDir,
    logFile,
    startupMs,
    exited,
    urlFor(target) {
      // `ew` (empty window): code-server would otherwise reopen the last folder.
      if ('empty' in target) return `${url}?ew=true`;
      const [key, value] = 'folder' in target ? ['folder', target.folder] : ['workspace', target.workspace];
      return `${url}?${key}=${encodeURIComponent(value)}`;
    },
    stop({ keepHome = false } = {}) {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          killGroup('SIGTERM');
          const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, 5000, 'timeout').unref());
          if ((await Promise.race([exited, timeout])) === 'timeout') killGroup('SIGKILL');
        }
        killGroup('SIGKILL'); // children that outlived the server
        process.off('exit', onExit);
        log.end();
        if (!keepHome) fs.rmSync(home, { recursive: true, force: true, maxRetries: 3 });
      })();
      return stopping;
    },
  };
}

function waitForListening(child: ChildProcess, log: fs.WriteStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let pending = '';
    const timer = setTimeout(() => reject(new Error('code-server did not listen within 60 s')), 60_000);
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      pending += chunk.toString();
      const match = /HTTP server listening on (http:\/\/\S+?)\/?\s/.exec(pending);
      if (match) {
        clearTimeout(timer);
        pending = '';
        resolve(`${match[1]}/`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => log.write(chunk));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited before listening (${signal ?? `code ${code}`})`));
    });
  });
}

function readTail(file: string, bytes = 4000): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.slice(-bytes);
  } catch {
    return '(no log)';
  }
}
