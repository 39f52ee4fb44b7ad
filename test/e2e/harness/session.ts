// One code-server and one Chromium for the whole run; a fresh workspace and browser
// context for each test. Failed tests leave a screenshot, the browser console and the
// server's logs in .test-output/e2e/<test>/.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { CodeServer, CodeServerOptions, startCodeServer, TYPING_SETTINGS } from './codeServer';
import { outputDir, repoRoot } from './paths';
import { vsixUnderTest } from './vsix';
import { Workbench } from './workbench';
import { createWorkspace, removeWorkspace, WorkspaceSpec } from './workspace';

interface Session {
  server: CodeServer;
  browser: Browser;
}

let session: Promise<Session> | undefined;
/** A second server, with workspace trust on, started by the first untrusted workspace. */
let trustServer: Promise<CodeServer> | undefined;
let vsixPath: string | undefined;
let opened: Workbench[] = [];
/** Servers started for one test's workspace (WorkspaceSpec.pathFirst), stopped after it. */
let ownServers: CodeServer[] = [];
let inTest = false;
const timings = { buildMs: 0, serverMs: 0, browserMs: 0, workbenchMs: [] as number[] };
export const artifactsRoot = path.join(outputDir, 'e2e');

/**
 * Packages the extension into a VSIX (or, with PERSONA_STUDIO_E2E_FOLDER=1, builds the
 * folder) and starts the shared code-server and browser (once per run).
 */
export function startSession(): Promise<Session> {
  session ??= (async () => {
    fs.rmSync(artifactsRoot, { recursive: true, force: true });
    let started = Date.now();
    const vsix = prepareExtension();
    vsixPath = vsix;
    timings.buildMs = Date.now() - started;
    started = Date.now();
    const server = await startServer({ vsix, settings: { ...TYPING_SETTINGS } });
    timings.serverMs = Date.now() - started;
    started = Date.now();
    const browser = await launchBrowser({ headless: !process.env.PERSONA_STUDIO_E2E_HEADED }).catch(async (error) => {
      await server.stop();
      throw error;
    });
    timings.browserMs = Date.now() - started;
    return { server, browser };
  })();
  return session;
}

function startServer(options: CodeServerOptions): Promise<CodeServer> {
  return startCodeServer(options).catch((error: Error) => {
    // Once, on a shared machine, a server died at birth (killed from outside): start another.
    if (!/exited before listening/.test(error.message)) throw error;
    console.error(`  code-server did not start (${error.message.split('\n')[0]}); starting it again`);
    return startCodeServer(options);
  });
}

/** The server with workspace trust on (VS Code's default), for untrusted workspaces; started once. */
function startTrustServer(): Promise<CodeServer> {
  trustServer ??= startServer({ vsix: vsixPath, settings: { ...TYPING_SETTINGS }, workspaceTrust: true });
  return trustServer;
}

/**
 * What the run installs, said on the console so a CI log shows it: by default the packaged
 * VSIX; the built folder for a quick local loop (PERSONA_STUDIO_E2E_FOLDER=1).
 */
function prepareExtension(): string | undefined {
  if (process.env.PERSONA_STUDIO_E2E_FOLDER) {
    if (!process.env.PERSONA_STUDIO_E2E_NO_BUILD) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
    console.log(`  e2e: testing the extension folder ${repoRoot} (PERSONA_STUDIO_E2E_FOLDER is set), not the VSIX`);
    return undefined;
  }
  const vsix = vsixUnderTest();
  const kb = (fs.statSync(vsix).size / 1024).toFixed(1);
  console.log(`  e2e: testing the packaged VSIX ${path.relative(process.cwd(), vsix) || vsix} (${kb} KB), installed with --install-extension`);
  return vsix;
}

/** Stops the browser and the server (by its process id); safe when nothing started. */
export async function stopSession(): Promise<void> {
  if (!session) return;
  const started = session;
  session = undefined;
  const { server, browser } = await started.catch(() => ({ server: undefined, browser: undefined }));
  await browser?.close().catch(() => undefined);
  await server?.stop();
  const second = trustServer;
  trustServer = undefined;
  await (await second?.catch(() => undefined))?.stop();
  for (const own of ownServers.splice(0)) await own.stop();
}

/**
 * Creates a workspace for this test (see WorkspaceSpec) and opens it in a fresh browser
 * context. Closed and removed after the test by the harness.
 */
export async function openWorkspace(spec: WorkspaceSpec = {}): Promise<Workbench> {
  if (!inTest) {
    throw new Error('openWorkspace() belongs in it() or beforeEach(): each test gets its own workspace, closed after it.');
  }
  const { server: shared, browser } = await startSession();
  let server = spec.trusted === false ? await startTrustServer() : shared;
  if (spec.pathFirst) {
    server = await startServer({ vsix: vsixPath, settings: { ...TYPING_SETTINGS }, pathFirst: spec.pathFirst });
    ownServers.push(server);
  }
  const workspace = createWorkspace(spec);
  let workbench: Workbench;
  for (let attempt = 1; ; attempt++) {
    try {
      // A load that hangs (seen once in a long run) is infrastructure, not the behaviour
      // under test: give it one more try, within the test's time.
      workbench = await Workbench.open(server, browser, workspace, { loadTimeout: 45_000 });
      break;
    } catch (error) {
      if (attempt >= 2) {
        removeWorkspace(workspace);
        throw error;
      }
      console.error(`  the workbench did not load (${String(error).split('\n')[0]}); opening it again`);
    }
  }
  opened.push(workbench);
  timings.workbenchMs.push(workbench.openedInMs);
  return workbench;
}

/** Before each test (and its beforeEach hooks). */
export function beginTest(): void {
  inTest = true;
}

/** After each test: keep what explains a failure, then close the test's windows and workspaces. */
export async function finishTest(test: Mocha.Test | undefined): Promise<void> {
  inTest = false;
  const workbenches = opened;
  opened = [];
  // A test that did not pass (or whose beforeEach hook failed) leaves its evidence.
  if (test && test.state !== 'passed' && !test.isPending() && workbenches.length > 0) {
    const dir = path.join(artifactsRoot, slug(test.fullTitle()));
    await saveArtifacts(dir, workbenches).catch((error) => console.error(`could not save artifacts: ${error}`));
    if (test.err) test.err.message += `\n  screenshot, browser console and logs: ${path.relative(process.cwd(), dir)}/`;
  }
  for (const workbench of workbenches) {
    await workbench.close();
    removeWorkspace(workbench.workspace);
  }
  const servers = ownServers;
  ownServers = [];
  for (const server of servers) await server.stop();
}

async function saveArtifacts(dir: string, workbenches: Workbench[]): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const [index, workbench] of workbenches.entries()) {
    const suffix = workbenches.length > 1 ? `-${index + 1}` : '';
    await workbench.screenshot(path.join(dir, `screenshot${suffix}.png`)).catch((error) => {
      fs.writeFileSync(path.join(dir, `screenshot${suffix}.txt`), `no screenshot: ${error}\n`);
    });
    fs.writeFileSync(path.join(dir, `console${suffix}.log`), workbench.console.join('\n') + '\n');
    fs.cpSync(workbench.workspace.root, path.join(dir, `workspace${suffix}`), { recursive: true });
  }
  const server = workbenches[0].server;
  fs.copyFileSync(server.logFile, path.join(dir, 'server.log'));
  // The extension host's logs, including each extension's output channels.
  for (const file of findFiles(path.join(server.userDataDir, 'logs'))) {
    if (/exthost|output_logging|remoteagent/i.test(file)) {
      const target = path.join(dir, 'logs', path.relative(path.join(server.userDataDir, 'logs'), file));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(file, target);
    }
  }
}

function findFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

function slug(title: string): string {
  return title
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** One line on how long the run spent starting things, for tuning. */
export function timingSummary(): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const opens = [...timings.workbenchMs].sort((a, b) => a - b);
  const median = opens.length ? opens[Math.floor(opens.length / 2)] : 0;
  return (
    `e2e startup: ${process.env.PERSONA_STUDIO_E2E_FOLDER ? 'build' : 'package'} ${seconds(timings.buildMs)}, code-server ${seconds(timings.serverMs)}, Chromium ${seconds(timings.browserMs)}; ` +
    `${opens.length} workspaces opened, median ${seconds(median)}, slowest ${seconds(opens.at(-1) ?? 0)}`
  );
}
