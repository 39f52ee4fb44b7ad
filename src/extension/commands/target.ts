// What a command was called on: a file or folder URI (the explorer, an editor's title), a
// row of the Personas tree (its persona, and its file's name on a file row), or nothing
// (the palette, a keybinding), which means the active editor. Read in this one place.
import * as vscode from 'vscode';
import type { Persona } from '../model/personaWorkspace';

export interface CommandTarget {
  /** The URI the command was given, when it was given one. */
  readonly uri?: vscode.Uri;
  /** The persona of the tree row it was called on. */
  readonly persona?: Persona;
  /** The file name of that row, on a file row. */
  readonly name?: string;
}

export function commandTarget(target: unknown): CommandTarget {
  if (target instanceof vscode.Uri) return { uri: target };
  if (typeof target !== 'object' || target === null || !('persona' in target)) return {};
  const row = target as { persona?: unknown; name?: unknown };
  const persona = row.persona as Persona | undefined;
  if (!persona || !(persona.uri instanceof vscode.Uri)) return {};
  return typeof row.name === 'string' ? { persona, name: row.name } : { persona };
}

/** The file or folder a command acts on: the one it was given, a tree row's file or persona folder, else the active editor's file. */
export function targetUri(target: unknown): vscode.Uri | undefined {
  const { uri, persona, name } = commandTarget(target);
  const row = persona && (name === undefined ? persona.uri : vscode.Uri.joinPath(persona.uri, name));
  return uri ?? row ?? vscode.window.activeTextEditor?.document.uri;
}
