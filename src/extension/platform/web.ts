// platform/index.ts for the browser: the web worker extension host of github.dev, vscode.dev
// and code-server's web host. No Node and no local disk here: every file is read through
// vscode.workspace.fs by the callers. The browser build puts this file in place of platform/index.ts.
import type * as NodePlatform from './index';

export const HOST_KIND: string = 'web worker extension host';

export const readFileStart: typeof NodePlatform.readFileStart = undefined;

export const homeFolder: typeof NodePlatform.homeFolder = undefined;

export const pathExistsNow: typeof NodePlatform.pathExistsNow = undefined;

export const readUserFile: typeof NodePlatform.readUserFile = undefined;

export const realPath: typeof NodePlatform.realPath = undefined;

export const linkLeadingOutside: typeof NodePlatform.linkLeadingOutside = undefined;

export const listLocalFolder: typeof NodePlatform.listLocalFolder = undefined;

export const folderIdentity: typeof NodePlatform.folderIdentity = undefined;

export const nodeExecutable: typeof NodePlatform.nodeExecutable = undefined;

export const createTokenEngine: typeof NodePlatform.createTokenEngine = undefined;

export const createFileExclusive: typeof NodePlatform.createFileExclusive = undefined;

export const installedOpenClaw: typeof NodePlatform.installedOpenClaw = undefined;

export const linkTargetOf: typeof NodePlatform.linkTargetOf = undefined;

export const isLinkNow: typeof NodePlatform.isLinkNow = undefined;

export const requireSecrets: typeof NodePlatform.requireSecrets = undefined;

export const readNewestReport: typeof NodePlatform.readNewestReport = undefined;

export const nodeVersion: typeof NodePlatform.nodeVersion = undefined;
export const processEnv: typeof NodePlatform.processEnv = undefined;
export const skillMachine: typeof NodePlatform.skillMachine = undefined;

// The same names as platform/index.ts, which is what the rest of the extension imports.
({
  HOST_KIND,
  homeFolder,
  readFileStart,
  pathExistsNow,
  readUserFile,
  realPath,
  linkLeadingOutside,
  listLocalFolder,
  folderIdentity,
  nodeExecutable,
  createTokenEngine,
  createFileExclusive,
  installedOpenClaw,
  linkTargetOf,
  isLinkNow,
  requireSecrets,
  readNewestReport,
  nodeVersion,
  processEnv,
  skillMachine,
}) satisfies typeof NodePlatform;
