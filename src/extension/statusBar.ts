// Not built yet: see the editor-experience issue.
import * as vscode from 'vscode';
import { Disposable } from './disposable';
import { PersonaWorkspace } from './personaWorkspace';

export class PersonaStatusBar extends Disposable {
  constructor(..._args: [personas: PersonaWorkspace]) {
    super();
    void vscode;
  }
}
