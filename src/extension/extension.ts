// Persona Studio: wires each concern (model, tree, preview, diagnostics, status bar,
// commands) together. Each owns what it registers; disposing the list undoes it all.
import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { CapDiagnostics } from './diagnostics';
import { DropDecorations } from './editor/dropDecorations';
import { Measurements } from './measurements';
import { PersonaWorkspace } from './personaWorkspace';
import { SoulPreviews } from './preview/soulPreviews';
import { PersonaStatusBar } from './statusBar';
import { PersonaTree } from './tree';

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const personas = new PersonaWorkspace();
  const measurements = new Measurements(personas);
  const previews = new SoulPreviews(context, personas, measurements);
  context.subscriptions.push(
    personas,
    measurements,
    previews,
    new PersonaTree(context, personas, measurements),
    new CapDiagnostics(personas, measurements),
    new DropDecorations(personas, measurements),
    new PersonaStatusBar(personas, measurements),
    registerCommands({ context, personas, measurements, previews }),
  );
  await personas.refresh();
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
