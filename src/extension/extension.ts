// Persona Studio: wires each concern (model, tree, preview, diagnostics, status bar,
// commands) together. Each owns what it registers; disposing the list undoes it all.
import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { CapDiagnostics } from './diagnostics';
import { DropDecorations } from './editor/dropDecorations';
import { Measurements } from './measurements';
import { LinkWarnings } from './linkWarnings';
import { PersonaWorkspace } from './personaWorkspace';
import { SoulPreviews } from './preview/soulPreviews';
import { PersonaStatusBar } from './statusBar';
import { PersonaTree } from './tree';

export function activate(context: vscode.ExtensionContext): void {
  const started = Date.now();
  const log = vscode.window.createOutputChannel('Persona Studio', { log: true });
  const personas = new PersonaWorkspace(log);
  const measurements = new Measurements(personas, log);
  const previews = new SoulPreviews(context, personas, measurements);
  const links = new LinkWarnings(personas);
  context.subscriptions.push(
    log,
    personas,
    measurements,
    previews,
    links,
    new PersonaTree(context, personas, measurements, links),
    new CapDiagnostics(personas, measurements),
    new DropDecorations(personas, measurements),
    new PersonaStatusBar(personas, measurements),
    registerCommands({ context, personas, measurements, previews }),
  );
  // Activation returns at once; the views say "looking" until the first walk ends.
  void personas.refresh('activation');
  log.info(`Activated in ${Date.now() - started} ms; looking for persona folders`);
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
