// The tree's elements. Each is one long-lived object per persona folder or file, so
// a change can refresh exactly the item it concerns (VS Code matches by identity).
import * as vscode from 'vscode';
import { HEARTWOOD_FILE, OpenClawAgent, TemplateName } from '../../core';
import { Persona } from '../model/personaWorkspace';
import { fileRows } from './rows';

export class PersonaNode {
  readonly kind = 'persona';
  private readonly fileNodes = new Map<TemplateName, FileNode>();
  private readonly miscasedNodes = new Map<string, MiscasedNode>();
  private readonly partNodes = new Map<HeartwoodPart, HeartwoodPartNode>();
  private addNode: AddBootstrapNode | undefined;
  private skillsNode: SkillsNode | undefined;
  private readonly skillNodes = new Map<string, SkillNode>();

  /** Replaced, not re-created, when discovery sees the folder again. */
  constructor(public persona: Persona) {}

  get uri(): vscode.Uri {
    return this.persona.uri;
  }

  /** The rows of its files, in the order the prompt takes them (see fileRows). */
  files(): FileNode[] {
    return fileRows(this.persona).names.map((name) => this.file(name));
  }

  /** The one row that stands for a Heartwood-only persona's absent bootstrap files. */
  addBootstrap(): AddBootstrapNode | undefined {
    if (!fileRows(this.persona).addBootstrap) return undefined;
    return (this.addNode ??= new AddBootstrapNode(this));
  }

  file(name: TemplateName): FileNode {
    return kept(this.fileNodes, name, () => new FileNode(this, name));
  }

  miscased(): MiscasedNode[] {
    return this.persona.miscased.map((name) => kept(this.miscasedNodes, name, () => new MiscasedNode(this, name)));
  }

  /** "Skills": the OpenClaw skill catalog, under an OpenClaw persona. */
  skills(): SkillsNode {
    return (this.skillsNode ??= new SkillsNode(this));
  }

  /** One SKILL.md's row, by its path. */
  skill(path: string): SkillNode {
    return kept(this.skillNodes, path, () => new SkillNode(this.skills(), path));
  }

  part(part: HeartwoodPart): HeartwoodPartNode {
    return kept(this.partNodes, part, () => new HeartwoodPartNode(this.file(HEARTWOOD_FILE), part));
  }
}

/** The node made once for a key and kept: VS Code matches a refreshed item by identity. */
function kept<Key, Node>(nodes: Map<Key, Node>, key: Key, make: () => Node): Node {
  let node = nodes.get(key);
  if (!node) nodes.set(key, (node = make()));
  return node;
}

/** An element under a persona: commands given its node act on that persona. */
abstract class PersonaChild<Parent extends { readonly persona: Persona }> {
  constructor(readonly parent: Parent) {}

  get persona(): Persona {
    return this.parent.persona;
  }
}

/** A file of a persona folder. */
abstract class PersonaFileNode<Name extends string> extends PersonaChild<PersonaNode> {
  constructor(
    parent: PersonaNode,
    readonly name: Name,
  ) {
    super(parent);
  }

  get uri(): vscode.Uri {
    return vscode.Uri.joinPath(this.parent.uri, this.name);
  }
}

export class FileNode extends PersonaFileNode<TemplateName> {
  readonly kind = 'file';
}

export type HeartwoodPart = 'identity' | 'voice';

export class HeartwoodPartNode extends PersonaChild<FileNode> {
  readonly kind = 'heartwoodPart';
  constructor(
    parent: FileNode,
    readonly part: HeartwoodPart,
  ) {
    super(parent);
  }
}

/** A file named like a bootstrap file but with another case: the runtime skips it. */
export class MiscasedNode extends PersonaFileNode<string> {
  readonly kind = 'miscased';
}

/** "Add bootstrap files…": its click scaffolds the persona's missing bootstrap files. */
export class AddBootstrapNode extends PersonaChild<PersonaNode> {
  readonly kind = 'addBootstrap';
}

export class SkillsNode extends PersonaChild<PersonaNode> {
  readonly kind = 'skills';
}

export class SkillNode extends PersonaChild<SkillsNode> {
  readonly kind = 'skill';
  constructor(
    parent: SkillsNode,
    readonly path: string,
  ) {
    super(parent);
  }
}

/** An agent of the OpenClaw config whose workspace is not in this window: a row after the personas. */
export interface AgentNode {
  readonly kind: 'agent';
  readonly agent: OpenClawAgent;
  readonly parent: undefined;
}

export type TreeNode = PersonaNode | FileNode | HeartwoodPartNode | MiscasedNode | AddBootstrapNode | SkillsNode | SkillNode | AgentNode;

/** The persona nodes, kept across rediscoveries so expansion and selection stay put. */
export class PersonaNodes {
  private byUri = new Map<string, PersonaNode>();
  private ordered: PersonaNode[] = [];

  get roots(): readonly PersonaNode[] {
    return this.ordered;
  }

  get(folder: vscode.Uri): PersonaNode | undefined {
    return this.byUri.get(folder.toString());
  }

  sync(personas: readonly Persona[]): void {
    const next = new Map<string, PersonaNode>();
    for (const persona of personas) {
      const key = persona.uri.toString();
      const node = this.byUri.get(key) ?? new PersonaNode(persona);
      node.persona = persona;
      next.set(key, node);
    }
    this.byUri = next;
    this.ordered = [...next.values()];
  }
}
