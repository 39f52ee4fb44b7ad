// Persona Studio: wires each concern (model, tree, preview, diagnostics, status bar,
// commands) together. Each owns what it registers; disposing the list undoes it all.
import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { CapDiagnostics } from './problems/capDiagnostics';
import { DropDecorations } from './editor/dropDecorations';
import { Measurements } from './model/measurements';
import { LinkWarnings } from './problems/linkWarnings';
import { HOST_KIND } from './platform';
import { PersonaWorkspace } from './model/personaWorkspace';
import { SoulPreviews } from './preview/soulPreviews';
import { PersonaStatusBar } from './status/statusBar';
import { TOKEN_WORKER_FILE } from './tokens/protocol';
import { PersonaTokens } from './tokens/personaTokens';
import { PersonaTree } from './tree/personaTree';
import { logDiscovery } from './model/discoveryLog';
import { log, setLogSink } from './util/log';
import { registerCheckTasks } from './problems/checkTasks';
import { Secrets } from './model/secrets';
import { previewHistory, registerCompare } from './compare/register';

export function activate(context: vscode.ExtensionContext): void {
  const started = Date.now();
  // How long each part takes, for the log: activation is measured by the benchmark.
  const phases: string[] = [];
  let last = started;
  const phase = <T>(name: string, make: () => T): T => {
    const made = make();
    const now = Date.now();
    phases.push(`${name} ${now - last}`);
    last = now;
    return made;
  };
  const channel = vscode.window.createOutputChannel('Persona Studio', { log: true });
  setLogSink(channel);
  context.subscriptions.push({ dispose: () => setLogSink(undefined) }, channel);
  log.info(`activating ${context.extension.id} ${context.extension.packageJSON.version} in ${vscode.env.appName} ${vscode.version} (${vscode.env.remoteName ?? 'local'})`);
  if (!vscode.workspace.isTrusted)
    log.info("Restricted Mode: the workspace's own personaStudio.folders and openclaw.workspacePath are not used, and no file is created, until it is trusted");
  const personas = phase('workspace', () => new PersonaWorkspace(channel));
  const measurements = phase('measurements', () => new Measurements(personas));
  // One token count per persona for every surface; its worker starts on the first count.
  const tokens = phase('tokens', () => new PersonaTokens(vscode.Uri.joinPath(context.extensionUri, 'dist', TOKEN_WORKER_FILE).fsPath));
  // What the text carries (secrets, hidden text, dropped rules): scanned after a pause in typing.
  const secrets = phase('secrets', () => new Secrets(personas, measurements, context.extensionUri));
  const previews = phase(
    'previews',
    () =>
      new SoulPreviews(context, personas, {
        profile: (folder) => measurements.profile(folder),
        composition: (folder) => measurements.composition(folder),
        file: (uri) => measurements.file(uri),
        heartwood: (folder) => measurements.heartwood(folder),
        afterDoctor: (folder) => measurements.afterDoctor(folder),
        linkedOutside: (folder) => measurements.linkedOutside(folder),
        showLinked: (folder, name) => measurements.showLinked(folder, name),
        onDidChange: measurements.onDidChange,
        tokens,
        secrets,
        measurements,
        history: previewHistory,
      }),
  );
  const links = phase('links', () => new LinkWarnings(personas, measurements));
  const tree = phase('tree', () => new PersonaTree(context, personas, measurements, links, tokens));
  context.subscriptions.push(
    personas,
    measurements,
    tokens,
    secrets,
    previews,
    links,
    tree,
    // The composed prompt at a revision against now, read through the Git extension's API.
    registerCompare(personas, measurements, tokens, tree),
    phase('problems', () => new CapDiagnostics(personas, measurements)),
    phase('decorations', () => new DropDecorations(personas, measurements)),
    phase('status', () => new PersonaStatusBar(personas, measurements, tokens, secrets)),
    phase('commands', () => registerCommands({ context, personas, measurements, previews, tree, secrets })),
    phase('tasks', () => registerCheckTasks(context, personas)),
    logDiscovery(personas),
    // The worker keeps each persona's texts to recount edits: not those of personas gone.
    personas.onDidChangePersonas(() => tokens.keepOnly(personas.personas.map((persona) => persona.uri))),
  );
  // Activation returns at once; the views say "looking" until the first walk ends.
  void personas.refresh('activation');
  log.info(`activated in ${Date.now() - started} ms in the ${HOST_KIND}; looking for persona folders (ms: ${phases.join(', ')})`);
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
