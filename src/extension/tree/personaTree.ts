// The Personas tree: each persona folder of the workspace with its bootstrap files,
// their sizes against the caps of the folder's runtime, live from editors and disk. Changes are coalesced and
// refresh only the persona they touch, so typing in a 2 MB file stays cheap.
import * as vscode from 'vscode';
import { HEARTWOOD_FILE, isBootstrapName } from '../../core';
import { TREE_REFRESH_MS, TREE_VERIFY_AFTER_MS } from '../util/delays';
import { Disposable } from '../util/disposable';
import { LinkWarnings } from '../problems/linkWarnings';
import { Measurements } from '../model/measurements';
import { SKILLS_CHANGE } from '../model/skills';
import type { PersonaTokens } from '../tokens/personaTokens';
import { shortTokens } from '../tokens/tokenViews';
import { baseName, PersonaWorkspace } from '../model/personaWorkspace';
import { Throttle } from '../util/throttle';
import { addBootstrapItem, bootstrapFileItem, markLinkOutside, treeMessage, heartwoodItem, heartwoodPartItem, miscasedItem, personaItem } from './items';
import { Freshness } from './freshness';
import { loadAgents } from '../agents/load';
import { registerMissingDecorations } from './missingDecorations';
import { FileNode, PersonaNodes, TreeNode } from './nodes';
import { TreeStats } from './stats';

export const PERSONAS_VIEW = 'personaStudio.personas';
/**
 * A refresh that has not shown a change `TREE_VERIFY_AFTER_MS` after it was asked for is asked
 * again, this many times at most, once the user stops typing (a collapsed persona never shows).
 */
const MAX_RETRIES = 3;
/** Adds a file's history to its tooltip on hover; `refresh` lets a later hover ask again. */
export type TooltipHistory = (tooltip: vscode.MarkdownString, node: FileNode, token: vscode.CancellationToken, refresh: () => void) => Promise<void>;
/** More personas than this start collapsed. */
const EXPAND_UP_TO = 5;
/** A refresh of the whole tree, which swallows any single persona's. */
const ALL = Symbol('all');

export class PersonaTree extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  private readonly changeEmitter = this.register(new vscode.EventEmitter<TreeNode | TreeNode[] | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly nodes = new PersonaNodes();
  private readonly stats: TreeStats;
  private readonly view: vscode.TreeView<TreeNode>;
  private readonly refreshes = new Throttle<string | typeof ALL>((keys) => this.deliver(keys), { delayMs: TREE_REFRESH_MS });
  private readonly freshness = new Freshness();
  private readonly verifications = new Throttle<string>((keys) => this.verify(keys), { delayMs: TREE_VERIFY_AFTER_MS });
  private readonly retries = new Map<string, number>();

  /** Where a file is heading, from its git history, for its tooltip: set where history can be read. */
  private history: TooltipHistory | undefined;
  /** Tooltips of file items left undefined for resolveTreeItem, by item. */
  private readonly deferredTooltips = new WeakMap<vscode.TreeItem, vscode.MarkdownString>();

  /** Personas the user has open in the tree: only these are measured before they are shown. */
  private readonly expanded = new Set<string>();

  constructor(
    _context: vscode.ExtensionContext,
    private readonly personas: PersonaWorkspace,
    private readonly measurements: Measurements,
    private readonly links?: LinkWarnings,
    private readonly tokens?: PersonaTokens,
  ) {
    super();
    if (links) this.register(links.onDidChange(() => this.refreshes.add(ALL)));
    // A persona's counts, asked for by any surface (the tree asks for those it measured).
    if (tokens) this.register(tokens.onDidChange((folder) => this.nodes.get(folder) && this.refreshes.add(folder.toString())));
    this.stats = new TreeStats(personas, measurements);
    this.register({ dispose: () => (this.refreshes.dispose(), this.verifications.dispose()) });
    this.view = this.register(vscode.window.createTreeView(PERSONAS_VIEW, { treeDataProvider: this, showCollapseAll: true }));
    this.register(registerMissingDecorations());
    this.view.message = vscode.l10n.t('Looking for persona folders…');
    // The first walk's end: "looking" gives way to what stopped it, if anything did.
    void personas.ready.then(() => (this.view.message = treeMessage(personas.discoveryStop)));
    this.register(vscode.workspace.onDidGrantWorkspaceTrust(() => (this.view.message = treeMessage(personas.discoveryStop))));
    this.register(
      personas.onDidChangePersonas(() => {
        this.view.message = treeMessage(personas.discoveryStop);
        this.nodes.sync(personas.personas);
        this.stats.clear();
        this.freshness.clear();
        this.refreshes.add(ALL);
      }),
    );
    this.register(
      measurements.onDidChange(({ folder, names }) => {
        if (names === 'all' || names.includes(HEARTWOOD_FILE)) this.stats.invalidate(vscode.Uri.joinPath(folder, HEARTWOOD_FILE));
        if (names === 'all') this.fileChanged(folder, undefined);
        else for (const name of names) this.fileChanged(folder, vscode.Uri.joinPath(folder, name));
      }),
    );
    this.register(this.view.onDidExpandElement(({ element }) => this.setExpanded(element, true)));
    this.register(this.view.onDidCollapseElement(({ element }) => this.setExpanded(element, false)));
    // Saving does not change the content, but the item's "unsaved" mark must go.
    this.register(
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (baseName(document.uri) === HEARTWOOD_FILE) this.stats.invalidate(document.uri);
        this.fileChanged(vscode.Uri.joinPath(document.uri, '..'), document.uri);
      }),
    );
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        // The runtime's settings reach the tree through the measurement; Heartwood's caps do not, nor
        // the folders a runtime change makes part of the persona above (Hermes's memories/).
        const all = ['personaStudio.heartwood', 'personaStudio.warnAt', 'personaStudio.runtime'];
        if (!all.some((section) => event.affectsConfiguration(section))) return;
        this.stats.clear();
        this.refreshes.add(ALL);
      }),
    );
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.refreshes.add(ALL)));
    this.register(measurements.onDidChangeAgents(() => this.refreshes.add(ALL)));
  }

  private tokensOf(folder: vscode.Uri): string | undefined {
    const counts = this.tokens?.counts(folder);
    return counts && shortTokens(counts.total, counts.encoding, counts.estimated);
  }

  /** Shows a persona in the tree, expanded and selected. False when the tree does not hold it. */
  async reveal(folder: vscode.Uri): Promise<boolean> {
    this.nodes.sync(this.personas.personas);
    const node = this.nodes.get(folder);
    if (!node) return false;
    // VS Code resolves the node among the roots it last fetched; telling it now that
    // the roots changed makes reveal wait for that refresh instead of failing.
    this.refreshes.add(ALL);
    this.refreshes.flush();
    try {
      await this.view.reveal(node, { select: true, focus: false, expand: true });
    } catch {
      // Not revealed (the view was disposed meanwhile): the persona is still in the tree.
    }
    return true;
  }

  private setExpanded(element: TreeNode, expanded: boolean): void {
    if (element.kind !== 'persona') return;
    const key = element.uri.toString();
    if (expanded === this.expanded.has(key)) return;
    if (expanded) this.expanded.add(key);
    else this.expanded.delete(key);
    // An expanded persona is measured: its row shows its sizes from now on.
    if (expanded) this.refreshes.add(key);
  }

  /** A file changed (or, without `file`, every file of the folder: its runtime did). */
  private fileChanged(folder: vscode.Uri, file: vscode.Uri | undefined): void {
    const node = this.nodes.get(folder);
    if (!node) return;
    for (const changed of file ? [file] : node.files().map((child) => child.uri)) this.freshness.changed(changed.toString());
    this.retries.delete(node.uri.toString());
    this.refreshes.add(node.uri.toString());
  }

  private deliver(keys: ReadonlyArray<string | typeof ALL>): void {
    if (keys.includes(ALL)) {
      this.changeEmitter.fire(undefined);
      return;
    }
    const changed = keys
      .filter((key): key is string => key !== ALL)
      .map((key) => this.nodes.get(vscode.Uri.parse(key)))
      .filter((node) => node !== undefined);
    if (changed.length === 0) return;
    this.changeEmitter.fire(changed);
    for (const node of changed) this.verifications.add(node.uri.toString());
  }

  /** Asks again for refreshes that VS Code folded into an earlier one, once things are quiet. */
  private verify(keys: readonly string[]): void {
    // A hidden view applies what it was told when it shows again.
    if (!this.view.visible) return;
    for (const key of keys) {
      const node = this.nodes.get(vscode.Uri.parse(key));
      if (!node) continue;
      const tries = this.retries.get(key) ?? 0;
      if (this.freshness.stale(node.files().map((file) => file.uri.toString())).length === 0 || tries >= MAX_RETRIES) {
        this.retries.delete(key);
        continue;
      }
      this.retries.set(key, tries + 1);
      this.refreshes.add(key);
    }
  }

  async getChildren(element?: TreeNode): Promise<TreeNode[]> {
    if (!element) {
      // Until the first discovery ends, "nothing yet" must not show the welcome view.
      await this.personas.ready;
      this.nodes.sync(this.personas.personas);
      const roots = this.nodes.roots;
      // The agents elsewhere follow the personas; an empty window keeps its welcome view.
      return roots.length ? [...roots, ...this.measurements.otherAgents.map((agent) => ({ kind: 'agent', agent, parent: undefined }) as const)] : [];
    }
    switch (element.kind) {
      case 'persona': {
        const add = element.addBootstrap();
        const skills = await this.measurements.skills(element.uri);
        const shown = skills && (skills.report.skills.length > 0 || skills.report.notices.length > 0);
        return [...element.files(), ...(add ? [add] : []), ...element.miscased(), ...(shown ? [element.skills()] : [])];
      }
      case 'skills': {
        const skills = await this.measurements.skills(element.parent.uri);
        return [...(skills?.report.skills ?? []), ...(skills?.linksOutside ?? []).map((path) => ({ path }))].map((skill) => element.parent.skill(skill.path));
      }
      case 'file': {
        if (element.name !== HEARTWOOD_FILE) return [];
        const stats = await this.stats.heartwood(element.parent.uri);
        if (!stats.report.present) return [];
        return stats.report.hasVoice ? [element.parent.part('identity'), element.parent.part('voice')] : [element.parent.part('identity')];
      }
      default:
        return [];
    }
  }

  async getTreeItem(element: TreeNode): Promise<vscode.TreeItem> {
    switch (element.kind) {
      case 'persona': {
        const startsExpanded = this.nodes.roots.length <= EXPAND_UP_TO;
        if (startsExpanded) this.expanded.add(element.uri.toString());
        // A collapsed persona is measured only once it is opened (or something else measured it).
        const measured = this.expanded.has(element.uri.toString()) || this.stats.peek(element.uri);
        const stats = measured ? await this.stats.persona(element.uri, element.persona.heartwood) : undefined;
        // A measured persona's tokens are asked for here too, not only when another surface asked.
        if (stats) this.tokens?.request(element.uri, stats.composition);
        return personaItem(element, stats, {
          multiRoot: (vscode.workspace.workspaceFolders?.length ?? 0) > 1,
          expanded: startsExpanded,
          tokens: this.tokensOf(element.uri),
          agent: this.measurements.agent(element.uri),
        });
      }
      case 'file':
        return this.fileItem(element);
      case 'heartwoodPart':
        return heartwoodPartItem(element, await this.stats.heartwood(element.parent.parent.uri));
      case 'miscased':
        return miscasedItem(element);
      case 'agent':
        return loadAgents().outsideAgentItem(element.agent, vscode.workspace.workspaceFolders?.[0]?.uri);
      case 'addBootstrap':
        return addBootstrapItem(element, await this.stats.persona(element.parent.uri, element.persona.heartwood));
      case 'skills':
      case 'skill': {
        const folder = element.persona.uri;
        const skills = await this.measurements.skills(folder);
        const items = this.measurements.skillsBundle().items;
        const counts = this.tokens?.counts(folder);
        const tokens = counts?.files.get(SKILLS_CHANGE);
        return element.kind === 'skills' ? items.skillsItem(skills, tokens ? shortTokens(tokens, counts!.encoding) : undefined) : items.skillItem(folder, element.path, skills);
      }
    }
  }

  private async fileItem(node: FileNode): Promise<vscode.TreeItem> {
    this.freshness.shown(node.uri.toString());
    const item = isBootstrapName(node.name)
      ? bootstrapFileItem(node, await this.stats.file(node.parent.uri, node.name))
      : heartwoodItem(node, await this.stats.heartwood(node.parent.uri));
    const target = this.links?.target(node.uri);
    const shown = target === undefined ? item : markLinkOutside(item, node.name, target);
    if (this.history && isBootstrapName(node.name) && shown.tooltip instanceof vscode.MarkdownString) {
      this.deferredTooltips.set(shown, shown.tooltip);
      shown.tooltip = undefined;
    }
    return shown;
  }

  /** Tooltips of files get their history's lines (a sparkline, a forecast), read on hover. */
  setHistory(history: TooltipHistory): void {
    this.history = history;
  }

  /** VS Code resolves only a tooltip left undefined: a file's item with a history to add leaves it so, for its hover. */
  async resolveTreeItem(item: vscode.TreeItem, element: TreeNode, token: vscode.CancellationToken): Promise<vscode.TreeItem> {
    const base = this.deferredTooltips.get(item);
    if (base && element.kind === 'file' && this.history) {
      // A copy: a second resolve of the item starts again from its own lines.
      const tooltip = (item.tooltip = new vscode.MarkdownString(base.value, true));
      await this.history(tooltip, element, token, () => this.refreshes.add(element.parent.uri.toString()));
    }
    return item;
  }

  getParent(element: TreeNode): TreeNode | undefined {
    return element.kind === 'persona' ? undefined : element.parent;
  }
}
