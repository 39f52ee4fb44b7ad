// Persona Studio: wires each concern (model, tree, preview, diagnostics, status bar,
// commands) together. Each owns what it registers; disposing the list undoes it all.
import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { CapDiagnostics } from './diagnostics';
import { LinkWarnings } from './linkWarnings';
import { PersonaWorkspace } from './personaWorkspace';
import { SoulPreviews } from './preview/soulPreviews';
import { PersonaStatusBar } from './statusBar';
import { PersonaTree } from './tree';

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const personas = new PersonaWorkspace();
  const previews = new SoulPreviews(context, personas);
  const links = new LinkWarnings(personas);
  context.subscriptions.push(
    personas,
    previews,
    links,
    new PersonaTree(context, personas, links),
    new CapDiagnostics(personas),
    new PersonaStatusBar(personas),
    registerCommands({ context, personas, previews }),
  );
  await personas.refresh();
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
