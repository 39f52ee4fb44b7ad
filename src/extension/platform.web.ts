// platform.ts for the browser: the web worker extension host of github.dev, vscode.dev and
// code-server's web host. No Node here; the browser build puts this file in place of platform.ts.

export const HOST_KIND: string = 'web worker extension host';

// Same names and types as platform.ts, which is what the rest of the extension imports.
({ HOST_KIND }) satisfies typeof import('./platform');
