// A webview never names the folder it shows: a persona URI from its saved state or
// its `ready` message counts only when it is one of the workspace's persona folders.
import * as vscode from 'vscode';
import type { Persona } from '../model/personaWorkspace';
import { checkedMessage, renamedKey, trustedPersonaKey } from './trustedPersona';

/** The persona folder `raw` names, when it is one of `known`; otherwise undefined. */
export function trustedPersonaUri(raw: unknown, known: readonly Persona[]): vscode.Uri | undefined {
  const key = trustedPersonaKey(raw, keys(known));
  return key === undefined ? undefined : known.find((persona) => persona.uri.toString() === key)?.uri;
}

function keys(known: readonly Persona[]): string[] {
  return known.map((persona) => persona.uri.toString());
}

/**
 * The webview as a preview session sees it: messages pass through `checkedMessage`,
 * in order, once the first discovery has settled (so a restored persona can be known).
 */
export function guardedWebview(webview: vscode.Webview, ready: Promise<void>, known: () => readonly Persona[]): vscode.Webview {
  let delivered = ready.catch(() => undefined);
  return {
    get options() {
      return webview.options;
    },
    set options(options: vscode.WebviewOptions) {
      webview.options = options;
    },
    get html() {
      return webview.html;
    },
    set html(html: string) {
      webview.html = html;
    },
    get cspSource() {
      return webview.cspSource;
    },
    asWebviewUri: (uri) => webview.asWebviewUri(uri),
    postMessage: (message) => webview.postMessage(message),
    onDidReceiveMessage: (listener, thisArgs?, disposables?) => {
      let live = true;
      const subscription = webview.onDidReceiveMessage((raw: unknown) => {
        delivered = delivered.then(() => {
          if (live) listener.call(thisArgs, checkedMessage(raw, keys(known())));
        });
      });
      const result = { dispose: () => ((live = false), subscription.dispose()) };
      disposables?.push(result);
      return result;
    },
  };
}

/** `folder` after `from` was renamed to `to`: the same place under the new name, or undefined when outside it. */
export function renamedFolder(folder: vscode.Uri, from: vscode.Uri, to: vscode.Uri): vscode.Uri | undefined {
  const key = renamedKey(folder.toString(), from.toString(), to.toString());
  return key === undefined ? undefined : vscode.Uri.parse(key);
}
