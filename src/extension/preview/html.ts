// The preview's page: a fixed skeleton (no persona data in the HTML; the script fills
// it with text nodes), a strict Content-Security-Policy and a fresh nonce per page.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/** The folder holding the webview's script and nothing else (not the extension's own code). */
const WEBVIEW_BUNDLE_DIR = ['dist', 'webview'] as const;

/** What a preview webview may load: our bundled script and our stylesheet, nothing else. */
export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, ...WEBVIEW_BUNDLE_DIR), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [`default-src 'none'`, `style-src ${cspSource}`, `img-src ${cspSource}`, `script-src 'nonce-${nonce}'`].join('; ');
}

/** `host` says where the page lives: the Soul view (side bar colours) or an editor tab. */
export function previewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, host: 'view' | 'panel'): string {
  const nonce = randomBytes(18).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...WEBVIEW_BUNDLE_DIR, 'webview.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'preview.css'));
  const title = vscode.l10n.t('Soul preview');
  return `<!DOCTYPE html>
<html lang="${vscode.env.language}">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(webview.cspSource, nonce)}">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <link href="${style}" rel="stylesheet">
  <title>${escapeHtml(title)}</title>
</head>
<body data-host="${host}">
  <header class="summary" id="summary">
    <span class="persona-label" id="persona"></span>
    <span class="total" id="total"></span>
  </header>
  <p class="empty" id="empty" hidden></p>
  <main class="soul" id="soul"></main>
  <div id="heartwood"></div>
  <footer class="missing" id="missing" hidden></footer>
  <script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
