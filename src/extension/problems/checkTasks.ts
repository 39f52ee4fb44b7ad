// The `persona-studio` task type: `persona-studio check` on a workspace folder's persona
// folders, run with the CLI bundled in the extension under the settings the live views use;
// its `--format problems` lines fill Problems through the `$persona-studio` problem matcher.
import * as vscode from 'vscode';
import { checkTaskArgs } from '../../cli/checkArgs';
import { isRuntimeId } from '../../core';
import { heartwoodCaps, openclawConfigFile, runtimeId, runtimeOptions } from '../model/config';
import type { PersonaWorkspace } from '../model/personaWorkspace';
import { nodeExecutable } from '../platform';

export const TASK_TYPE = 'persona-studio';
const PROBLEM_MATCHER = '$persona-studio';

interface CheckTaskDefinition extends vscode.TaskDefinition {
  readonly folders: string[];
  readonly runtime?: string;
  readonly warnAt?: number;
}

export function registerCheckTasks(context: vscode.ExtensionContext, personas: PersonaWorkspace): vscode.Disposable {
  // Where no process can be started (the web worker host), there is no task to offer.
  const node = nodeExecutable;
  if (!node) return new vscode.Disposable(() => undefined);
  const cli = vscode.Uri.joinPath(context.extensionUri, 'dist', 'cli.js').fsPath;
  return vscode.tasks.registerTaskProvider(TASK_TYPE, {
    provideTasks: () => {
      const tasks: vscode.Task[] = [];
      for (const folder of vscode.workspace.workspaceFolders ?? []) {
        if (folder.uri.scheme !== 'file') continue; // the CLI reads the disk
        const folders = personas.personas
          .filter((persona) => persona.workspaceFolder?.uri.toString() === folder.uri.toString())
          .map((persona) => relativePath(folder.uri, persona.uri));
        if (folders.length) tasks.push(checkTask(node, cli, folder, { type: TASK_TYPE, folders }));
      }
      return tasks;
    },
    resolveTask: (task) => {
      const definition = task.definition as CheckTaskDefinition;
      if (!Array.isArray(definition.folders) || typeof task.scope !== 'object') return undefined;
      return checkTask(node, cli, task.scope, definition);
    },
  });
}

function checkTask(node: string, cli: string, folder: vscode.WorkspaceFolder, definition: CheckTaskDefinition): vscode.Task {
  // The task's own runtime and warnAt win over the settings; a runtime the CLI does not know is left to it to refuse.
  const runtime = definition.runtime ?? runtimeId(folder.uri);
  const options = runtimeOptions(folder.uri, isRuntimeId(runtime) ? runtime : runtimeId(folder.uri));
  // runtimeOptions puts the folder's own path in the headings by default; anything else is openclaw.workspacePath.
  const ownPath = folder.uri.fsPath || folder.uri.path;
  const settings = {
    runtime,
    session: options.session,
    workspacePath: options.workspacePath !== ownPath ? options.workspacePath : undefined,
    maxChars: options.maxChars,
    totalMaxChars: options.totalMaxChars,
    configFile: openclawConfigFile(),
    warnAt: definition.warnAt ?? options.warnAt,
    heartwood: heartwoodCaps(folder.uri),
  };
  const args = [cli, ...checkTaskArgs(definition.folders, settings)];
  // The extension host's own executable runs the CLI: Node in a server, Electron as Node on a desktop.
  const execution = new vscode.ProcessExecution(node, args, { cwd: folder.uri.fsPath, env: { ELECTRON_RUN_AS_NODE: '1' } });
  const name = definition.folders.length === 1 ? `check ${definition.folders[0]}` : 'check';
  const task = new vscode.Task(definition, folder, name, TASK_TYPE, execution, PROBLEM_MATCHER);
  task.group = vscode.TaskGroup.Test;
  task.presentationOptions = { reveal: vscode.TaskRevealKind.Silent, clear: true };
  return task;
}

/** A persona folder's path below its workspace folder, '.' for the folder itself. */
function relativePath(folder: vscode.Uri, persona: vscode.Uri): string {
  const root = folder.path.replace(/\/$/, '');
  return persona.path === root ? '.' : persona.path.slice(root.length + 1);
}
