// What the extension does differently where it runs: this file is Node's extension host
// (desktop, remote, code-server); the browser build (scripts/build.mjs) puts
// platform.web.ts in its place for the web worker host of github.dev and vscode.dev.

/** Which extension host this build runs in, for the log. */
export const HOST_KIND: string = 'Node extension host';
