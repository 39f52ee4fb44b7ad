// Persona Studio: wires each concern (model, tree, preview, diagnostics, status bar,
// commands) together. Each owns what it registers; disposing the list undoes it all.
import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { CapDiagnostics } from './diagnostics';
import { PersonaWorkspace } from './personaWorkspace';
import { SoulPreviews } from './preview/soulPreviews';
import { PersonaStatusBar } from './statusBar';
import { PersonaTree } from './tree';
import { createLog, log, logDiscovery } from './log';
import { registerCheckTasks } from './tasks';

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(createLog());
  const started = Date.now();
  log.info(`activating ${context.extension.id} ${context.extension.packageJSON.version} in ${vscode.env.appName} ${vscode.version} (${vscode.env.remoteName ?? 'local'})`);
  try {
    await activateParts(context);
  } catch (error) {
    log.error(error instanceof Error ? error : String(error));
    throw error;
  }
  log.info(`activated in ${Date.now() - started} ms`);
}

async function activateParts(context: vscode.ExtensionContext): Promise<void> {
  const personas = new PersonaWorkspace();
  const previews = new SoulPreviews(context, personas);
  context.subscriptions.push(
    personas,
    previews,
    new PersonaTree(context, personas),
    new CapDiagnostics(personas),
    new PersonaStatusBar(personas),
    registerCommands({ context, personas, previews }),
    registerCheckTasks(context, personas),
  );
  await personas.refresh();
  context.subscriptions.push(logDiscovery(personas));
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
