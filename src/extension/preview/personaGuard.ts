// A webview never names the folder it shows: a persona URI from its saved state or
// its `ready` message counts only when it is one of the workspace's persona folders.
import * as vscode from 'vscode';
import type { Persona } from '../personaWorkspace';

/** Longer than any real folder URI: such a string is not parsed at all. */
const MAX_URI_LENGTH = 8192;

/** The persona folder `raw` names, when it is one of `known`; otherwise undefined. */
export function trustedPersonaUri(raw: unknown, known: readonly Persona[]): vscode.Uri | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URI_LENGTH) return undefined;
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(raw, true);
  } catch {
    return undefined;
  }
  const key = uri.toString();
  return known.find((persona) => persona.uri.toString() === key)?.uri;
}

/** A `ready` message with a persona the workspace does not hold loses it; any other message is as it came. */
export function checkedMessage(raw: unknown, known: readonly Persona[]): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const message = raw as { type?: unknown; state?: unknown };
  if (message.type !== 'ready' || !message.state || typeof message.state !== 'object') return raw;
  const state = message.state as { persona?: unknown };
  if (state.persona === undefined) return raw;
  const persona = trustedPersonaUri(state.persona, known)?.toString();
  return { ...message, state: { ...state, persona } };
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
          if (live) listener.call(thisArgs, checkedMessage(raw, known()));
        });
      });
      const result = { dispose: () => ((live = false), subscription.dispose()) };
      disposables?.push(result);
      return result;
    },
  };
}

/** `folder` after `from` was renamed to `to`: the same place inside the new name, or undefined when outside it. */
export function renamedFolder(folder: vscode.Uri, from: vscode.Uri, to: vscode.Uri): vscode.Uri | undefined {
  const key = folder.toString();
  const old = from.toString().replace(/\/+$/, '');
  if (key === old) return to;
  if (!key.startsWith(`${old}/`)) return undefined;
  return vscode.Uri.parse(`${to.toString().replace(/\/+$/, '')}${key.slice(old.length)}`);
}
