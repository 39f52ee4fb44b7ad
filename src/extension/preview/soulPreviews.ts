// Not built yet: see the editor-experience issue.
import * as vscode from 'vscode';
import { Disposable } from '../disposable';
import { PersonaWorkspace } from '../personaWorkspace';

export class SoulPreviews extends Disposable {
  constructor(..._args: [context: vscode.ExtensionContext, personas: PersonaWorkspace]) {
    super();
  }
}
