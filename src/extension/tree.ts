// The Personas tree: each persona folder of the workspace with its bootstrap files,
// their sizes against the cap, live from editors and disk. Changes are coalesced and
// refresh only the persona they touch, so typing in a 2 MB file stays cheap.
import * as vscode from 'vscode';
import { HEARTWOOD_FILE, isBootstrapName } from '../core';
import { onDidChangeSettings } from './config';
import { Disposable } from './disposable';
import { PersonaWorkspace } from './personaWorkspace';
import { ALL, Coalescer } from './tree/coalescer';
import { bootstrapFileItem, heartwoodItem, heartwoodPartItem, miscasedItem, personaItem } from './tree/items';
import { registerMissingDecorations } from './tree/missingDecorations';
import { FileNode, PersonaNodes, TreeNode } from './tree/nodes';
import { TreeStats } from './tree/stats';

export const PERSONAS_VIEW = 'personaStudio.personas';
/** Internal: scaffolding asks the tree to show a persona it just created. */
export const REVEAL_PERSONA_COMMAND = 'personaStudio.revealPersona';
/** Refreshes after an edit come at most this often. */
const REFRESH_INTERVAL_MS = 150;
/** More personas than this start collapsed. */
const EXPAND_UP_TO = 5;

export class PersonaTree extends Disposable implements vscode.TreeDataProvider<TreeNode> {
  private readonly changeEmitter = this.register(new vscode.EventEmitter<TreeNode | TreeNode[] | undefined>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private readonly nodes = new PersonaNodes();
  private readonly stats: TreeStats;
  private readonly view: vscode.TreeView<TreeNode>;
  private readonly refreshes = new Coalescer<string>(REFRESH_INTERVAL_MS, (keys) => this.deliver(keys));

  constructor(
    _context: vscode.ExtensionContext,
    private readonly personas: PersonaWorkspace,
  ) {
    super();
    this.stats = new TreeStats(personas);
    this.register({ dispose: () => this.refreshes.dispose() });
    this.view = this.register(vscode.window.createTreeView(PERSONAS_VIEW, { treeDataProvider: this, showCollapseAll: true }));
    this.register(registerMissingDecorations());
    this.register(
      personas.onDidChangePersonas(() => {
        this.nodes.sync(personas.personas);
        this.stats.clear();
        this.refreshes.add(ALL);
      }),
    );
    this.register(
      personas.onDidChangeContent(({ folder, name }) => {
        this.stats.invalidate(vscode.Uri.joinPath(folder, name));
        const node = this.nodes.get(folder);
        if (node) this.refreshes.add(node.uri.toString());
      }),
    );
    // Saving does not change the content, but the item's "unsaved" mark must go.
    this.register(
      vscode.workspace.onDidSaveTextDocument((document) => {
        const node = this.nodes.get(vscode.Uri.joinPath(document.uri, '..'));
        if (!node) return;
        this.stats.invalidate(document.uri);
        this.refreshes.add(node.uri.toString());
      }),
    );
    this.register(
      onDidChangeSettings(() => {
        this.stats.clear();
        this.refreshes.add(ALL);
      }),
    );
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.refreshes.add(ALL)));
    this.register(vscode.commands.registerCommand(REVEAL_PERSONA_COMMAND, (folder: vscode.Uri) => this.reveal(folder)));
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

  private deliver(keys: ReadonlySet<string> | typeof ALL): void {
    if (keys === ALL) {
      this.changeEmitter.fire(undefined);
      return;
    }
    const changed = [...keys].map((key) => this.nodes.get(vscode.Uri.parse(key))).filter((node) => node !== undefined);
    if (changed.length) this.changeEmitter.fire(changed);
  }

  async getChildren(element?: TreeNode): Promise<TreeNode[]> {
    if (!element) {
      // Until the first discovery ends, "nothing yet" must not show the welcome view.
      await this.personas.ready;
      this.nodes.sync(this.personas.personas);
      return [...this.nodes.roots];
    }
    switch (element.kind) {
      case 'persona':
        return [...element.files(), ...element.miscased()];
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
      case 'persona':
        return personaItem(element, await this.stats.persona(element.uri, element.persona.heartwood), {
          multiRoot: (vscode.workspace.workspaceFolders?.length ?? 0) > 1,
          expanded: this.nodes.roots.length <= EXPAND_UP_TO,
        });
      case 'file':
        return this.fileItem(element);
      case 'heartwoodPart':
        return heartwoodPartItem(element, await this.stats.heartwood(element.parent.parent.uri));
      case 'miscased':
        return miscasedItem(element);
    }
  }

  private async fileItem(node: FileNode): Promise<vscode.TreeItem> {
    if (isBootstrapName(node.name)) return bootstrapFileItem(node, await this.stats.file(node.parent.uri, node.name));
    return heartwoodItem(node, await this.stats.heartwood(node.parent.uri));
  }

  getParent(element: TreeNode): TreeNode | undefined {
    return element.kind === 'persona' ? undefined : element.parent;
  }
}

