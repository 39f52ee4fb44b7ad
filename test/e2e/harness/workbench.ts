// One test's window on VS Code: a Playwright page showing the test's workspace in the
// shared code-server, with helpers for what a user does and sees. See test/e2e/README.md.
import fs from 'node:fs';
import path from 'node:path';
import { Browser, BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { CodeServer } from './codeServer';
import * as editor from './editor';
import { runningExtensionRows, waitForActivation } from './extensions';
import * as parts from './parts';
import * as quick from './quickInput';
import * as views from './views';
import * as webviews from './webviews';
import { Files, TestWorkspace, writeFiles } from './workspace';

export const PERSONA_CONTAINER = 'Persona Studio';
export const PERSONAS_VIEW = 'Personas';
const LOAD_TIMEOUT = 120_000;

export class Workbench {
  /** Browser console messages and page errors, in order ("[error] …"). */
  readonly console: string[] = [];
  /** Milliseconds from navigation to a usable workbench. */
  openedInMs = 0;
  /** The trust prompt of an untrusted workspace was answered (VS Code remembers it). */
  private trustDeclined = false;

  private constructor(
    readonly page: Page,
    readonly context: BrowserContext,
    readonly workspace: TestWorkspace,
    readonly server: CodeServer,
  ) {
    const record = (line: string) => this.console.push(`${new Date().toISOString()} ${line}`);
    page.on('console', (message) => record(`[${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => record(`[pageerror] ${error.stack ?? error.message}`));
  }

  /** Opens `workspace` in a fresh browser context (fresh browser storage) and waits for the workbench. */
  static async open(
    server: CodeServer,
    browser: Browser,
    workspace: TestWorkspace,
    options: { viewport?: { width: number; height: number }; deviceScaleFactor?: number; loadTimeout?: number } = {},
  ): Promise<Workbench> {
    const context = await browser.newContext({
      viewport: options.viewport ?? { width: 1400, height: 900 },
      deviceScaleFactor: options.deviceScaleFactor,
      locale: 'en-US',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
    // tsx compiles the tests with esbuild's keepNames, which wraps named functions in
    // __name(...): functions a test passes to page.evaluate() need it in the page too.
    await context.addInitScript('globalThis.__name = globalThis.__name || ((target) => target);');
    const workbench = new Workbench(await context.newPage(), context, workspace, server);
    try {
      await workbench.load(options.loadTimeout);
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
    return workbench;
  }

  private get url(): string {
    const { workspaceFile, folders } = this.workspace;
    if (!workspaceFile && folders.length === 0) return this.server.urlFor({ empty: true });
    return this.server.urlFor(workspaceFile ? { workspace: workspaceFile } : { folder: folders[0] });
  }

  private async load(timeout = LOAD_TIMEOUT): Promise<void> {
    const started = Date.now();
    const left = () => Math.max(1000, timeout - (Date.now() - started));
    await this.page.goto(this.url, { waitUntil: 'domcontentloaded', timeout: left() });
    await this.page.locator('.monaco-workbench').waitFor({ timeout: left() });
    if (this.workspace.untrusted) await this.declineTrust(left());
    if (!this.workspace.workspaceFile && this.workspace.folders.length === 0) {
      // An empty window: nothing to list; the activity bar shows its containers.
      await this.page.locator('.part.activitybar .action-item').first().waitFor({ timeout: left() });
    } else {
      // The explorer lists the workspace once the server's file system answers.
      const hasEntries = this.workspace.workspaceFile || fs.readdirSync(this.workspace.folders[0]).length > 0;
      await this.page
        .locator(hasEntries ? '.explorer-folders-view .monaco-list-row' : '.explorer-folders-view')
        .first()
        .waitFor({ timeout: left() });
    }
    this.openedInMs = Date.now() - started;
  }

  /**
   * Answers VS Code's startup prompt "Do you trust the authors…?" with No, as a user
   * opening a stranger's repository does, and waits for the status bar to say
   * Restricted Mode (a reload does not ask again: the answer is remembered).
   */
  private async declineTrust(timeout: number): Promise<void> {
    const restricted = this.page.locator('.part.statusbar .statusbar-item').filter({ hasText: 'Restricted Mode' }).first();
    const decline = this.page.locator('.monaco-dialog-box .dialog-buttons .monaco-button').getByText("No, I don't trust the authors", { exact: true });
    if (!this.trustDeclined) {
      await decline.waitFor({ timeout });
      await decline.click();
      this.trustDeclined = true;
    }
    await restricted.waitFor({ timeout });
  }

  /** Reloads the window (as "Developer: Reload Window" does) and waits for the workbench again. */
  async reload(): Promise<void> {
    await this.page.goto('about:blank', { timeout: LOAD_TIMEOUT });
    await this.load();
  }

  // --- the workspace on disk --------------------------------------------------------

  /** Absolute path of `relative`: inside the folder (single-folder) or the folder holding the folders (multi-root: "ava/SOUL.md"). */
  path(relative = ''): string {
    return path.join(this.workspace.root, relative);
  }

  writeFiles(files: Files): void {
    writeFiles(this.workspace.root, files);
  }

  readFile(relative: string): string {
    return fs.readFileSync(this.path(relative), 'utf8');
  }

  // --- commands and quick input ---------------------------------------------------------

  /** Runs a command by the label the command palette shows, e.g. "Persona: Open Soul Preview". */
  runCommand(label: string): Promise<void> {
    return quick.runCommand(this.page, label);
  }

  quickInputItems(): Promise<quick.QuickInputItem[]> {
    return quick.quickInputItems(this.page);
  }

  pickQuickInputItem(label: string): Promise<void> {
    return quick.pickQuickInputItem(this.page, label);
  }

  fillQuickInput(text: string, options?: { submit?: boolean }): Promise<void> {
    return quick.fillQuickInput(this.page, text, options);
  }

  quickInputState(): ReturnType<typeof quick.quickInputState> {
    return quick.quickInputState(this.page);
  }

  // --- editors ------------------------------------------------------------------------

  /** Opens a file of the workspace (path as for `path()`) and waits until its editor is active. */
  openFile(relative: string, options?: { toSide?: boolean }): Promise<void> {
    const file = this.path(relative);
    const { folders, workspaceFile } = this.workspace;
    const folder = folders.find((candidate) => file.startsWith(candidate + path.sep));
    if (!folder) throw new Error(`${relative} is not in a workspace folder`);
    const directory = path.relative(folder, path.dirname(file)).split(path.sep).join('/');
    // How Quick Open describes the file's folder.
    const description = workspaceFile ? [path.basename(folder), directory].filter(Boolean).join('/') : directory;
    return editor.openFile(this.page, file, description, options);
  }

  /** The full path of the active editor's file (or the title of a non-file editor). */
  activeEditorPath(): Promise<string> {
    return editor.activeEditorPath(this.page);
  }

  activeEditor(): Promise<editor.EditorTab | undefined> {
    return editor.activeEditor(this.page);
  }

  editorTabs(): Promise<editor.EditorTab[]> {
    return editor.editorTabs(this.page);
  }

  focusEditor(): Promise<void> {
    return editor.focusEditor(this.page);
  }

  moveCursor(target: editor.CursorTarget): Promise<void> {
    return editor.moveCursor(this.page, target);
  }

  typeInEditor(text: string, options?: { at?: editor.CursorTarget; delay?: number }): Promise<void> {
    return editor.typeInEditor(this.page, text, options);
  }

  pasteIntoEditor(text: string, options?: { at?: editor.CursorTarget; replaceAll?: boolean }): Promise<void> {
    return editor.pasteIntoEditor(this.page, text, options);
  }

  /** Applies the quick fix with this title at the cursor, from the light-bulb menu. */
  applyQuickFix(title: string, options?: { timeout?: number }): Promise<void> {
    return editor.applyQuickFix(this.page, title, options);
  }

  editorText(): Promise<string> {
    return editor.editorText(this.page);
  }

  saveEditor(): Promise<void> {
    return editor.saveEditor(this.page);
  }

  cursorPosition(): Promise<{ line: number; column: number }> {
    return editor.cursorPosition(this.page);
  }

  // --- side bar, views, trees -------------------------------------------------------------

  activityBarItems(): Promise<string[]> {
    return views.activityBarItems(this.page);
  }

  sideBarTitle(): Promise<string> {
    return views.sideBarTitle(this.page);
  }

  /** Opens an activity-bar container by title (default: ours) and waits for it. */
  showContainer(title = PERSONA_CONTAINER): Promise<void> {
    return views.showContainer(this.page, title, (label) => this.runCommand(label));
  }

  sideBarViews(): Promise<views.SideBarView[]> {
    return views.sideBarViews(this.page);
  }

  expandView(view = PERSONAS_VIEW): Promise<void> {
    return views.expandView(this.page, view);
  }

  /** The rendered rows of a view's tree (default: our Personas view; open it first with showContainer()). */
  treeRows(view = PERSONAS_VIEW): Promise<views.TreeRow[]> {
    return views.treeRows(this.page, view);
  }

  /** A row by exact label, for clicking or hovering; `index` picks among rows with the same label. */
  treeRow(label: string, options: { view?: string; index?: number } = {}): Locator {
    return views.treeRow(this.page, options.view ?? PERSONAS_VIEW, label, options.index);
  }

  async clickTreeRow(label: string, options: { view?: string; index?: number; double?: boolean } = {}): Promise<void> {
    const row = this.treeRow(label, options);
    await (options.double ? row.dblclick() : row.click());
  }

  treeRowActions(label: string, options: { view?: string; index?: number } = {}): Promise<string[]> {
    return views.treeRowActions(this.treeRow(label, options));
  }

  clickTreeRowAction(label: string, action: string, options: { view?: string; index?: number } = {}): Promise<void> {
    return views.clickTreeRowAction(this.treeRow(label, options), action);
  }

  /** Items of a row's context menu (right click). */
  treeRowMenu(label: string, options: { view?: string; index?: number } = {}): Promise<string[]> {
    return views.contextMenuItems(this.page, this.treeRow(label, options));
  }

  clickTreeRowMenuItem(label: string, item: string, options: { view?: string; index?: number } = {}): Promise<void> {
    return views.clickContextMenuItem(this.page, this.treeRow(label, options), item);
  }

  viewTitleActions(view = PERSONAS_VIEW): Promise<string[]> {
    return views.viewTitleActions(this.page, view);
  }

  clickViewTitleAction(action: string, view = PERSONAS_VIEW): Promise<void> {
    return views.clickViewTitleAction(this.page, view, action);
  }

  viewWelcomeText(view = PERSONAS_VIEW): Promise<string> {
    return views.viewWelcomeText(this.page, view);
  }

  // --- webviews ---------------------------------------------------------------------------

  /** The document of a visible webview (waits for one); use it as a Playwright FrameLocator. */
  webview(kind: webviews.WebviewKind, options?: { index?: number; timeout?: number }): Promise<FrameLocator> {
    return webviews.webviewFrame(this.page, kind, options);
  }

  webviewText(kind: webviews.WebviewKind, options?: { index?: number; timeout?: number }): Promise<string> {
    return webviews.webviewText(this.page, kind, options);
  }

  visibleWebviewCount(kind: webviews.WebviewKind): Promise<number> {
    return webviews.visibleWebviewCount(this.page, kind);
  }

  // --- problems, status bar, notifications, dialogs ---------------------------------------

  /** Opens the Problems panel (focusing it) and returns the markers it lists. */
  async problems(): Promise<parts.Problem[]> {
    if (!(await this.page.locator('.markers-panel').isVisible())) {
      await this.runCommand('Problems: Focus on Problems View');
      await this.page.locator('.markers-panel').waitFor({ state: 'visible', timeout: 15_000 });
    }
    return parts.readProblems(this.page);
  }

  statusBarItems(): Promise<parts.StatusBarItem[]> {
    return parts.statusBarItems(this.page);
  }

  notifications(): Promise<parts.Notification[]> {
    return parts.notifications(this.page);
  }

  clickNotificationButton(message: string | RegExp, button: string): Promise<void> {
    return parts.clickNotificationButton(this.page, message, button);
  }

  dialog(): Promise<parts.Dialog | undefined> {
    return parts.dialog(this.page);
  }

  clickDialogButton(button: string): Promise<void> {
    return parts.clickDialogButton(this.page, button);
  }

  // --- the extension ----------------------------------------------------------------------

  /**
   * Waits until "Developer: Show Running Extensions" lists the extension as activated and
   * returns its row's text (e.g. "Persona Studio 0.1.0 … Activation: 56ms"); closes that editor.
   */
  waitForActivation(displayName = PERSONA_CONTAINER, options: { timeout?: number } = {}): Promise<string> {
    return waitForActivation(this.page, (label) => this.runCommand(label), displayName, options);
  }

  /** Every row of Running Extensions, as shown. */
  runningExtensions(): Promise<string[]> {
    return runningExtensionRows(this.page, (label) => this.runCommand(label));
  }

  async screenshot(file: string): Promise<void> {
    await this.page.screenshot({ path: file, timeout: 15_000 });
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}
