// The tree's elements. Each is one long-lived object per persona folder or file, so
// a change can refresh exactly the item it concerns (VS Code matches by identity).
import * as vscode from 'vscode';
import { BOOTSTRAP_ORDER, HEARTWOOD_FILE, TemplateName } from '../../core';
import { Persona } from '../personaWorkspace';

export class PersonaNode {
  readonly kind = 'persona';
  private readonly fileNodes = new Map<TemplateName, FileNode>();
  private readonly miscasedNodes = new Map<string, MiscasedNode>();
  private readonly partNodes = new Map<HeartwoodPart, HeartwoodPartNode>();

  /** Replaced, not re-created, when discovery sees the folder again. */
  constructor(public persona: Persona) {}

  get uri(): vscode.Uri {
    return this.persona.uri;
  }

  /** HEARTWOOD.md leads when present (its identity heads the prompt), then the seven in order. */
  files(): FileNode[] {
    const names: TemplateName[] = this.persona.heartwood ? [HEARTWOOD_FILE, ...BOOTSTRAP_ORDER] : [...BOOTSTRAP_ORDER];
    return names.map((name) => this.file(name));
  }

  file(name: TemplateName): FileNode {
    let node = this.fileNodes.get(name);
    if (!node) this.fileNodes.set(name, (node = new FileNode(this, name)));
    return node;
  }

  miscased(): MiscasedNode[] {
    return this.persona.miscased.map((name) => {
      let node = this.miscasedNodes.get(name);
      if (!node) this.miscasedNodes.set(name, (node = new MiscasedNode(this, name)));
      return node;
    });
  }

  part(part: HeartwoodPart): HeartwoodPartNode {
    let node = this.partNodes.get(part);
    if (!node) this.partNodes.set(part, (node = new HeartwoodPartNode(this.file(HEARTWOOD_FILE), part)));
    return node;
  }
}

/** A file of a persona folder: commands given its node act on that persona. */
abstract class PersonaFileNode<Name extends string> {
  constructor(
    readonly parent: PersonaNode,
    readonly name: Name,
  ) {}

  get persona(): Persona {
    return this.parent.persona;
  }

  get uri(): vscode.Uri {
    return vscode.Uri.joinPath(this.parent.uri, this.name);
  }
}

export class FileNode extends PersonaFileNode<TemplateName> {
  readonly kind = 'file';
}

export type HeartwoodPart = 'identity' | 'voice';

export class HeartwoodPartNode {
  readonly kind = 'heartwoodPart';
  constructor(
    readonly parent: FileNode,
    readonly part: HeartwoodPart,
  ) {}

  get persona(): Persona {
    return this.parent.persona;
  }
}

/** A file named like a bootstrap file but with another case: the runtime skips it. */
export class MiscasedNode extends PersonaFileNode<string> {
  readonly kind = 'miscased';
}

export type TreeNode = PersonaNode | FileNode | HeartwoodPartNode | MiscasedNode;

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
