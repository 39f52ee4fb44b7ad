// What e2e tests import: `import { openWorkspace, eventually } from './harness';`
export { openWorkspace } from './session';
export { Workbench, PERSONA_CONTAINER, PERSONAS_VIEW } from './workbench';
export { eventually, untilWatched, waitForValue, DEFAULT_WAIT_MS } from './eventually';
export type { WaitOptions } from './eventually';
export type { WorkspaceSpec, Files, TestWorkspace } from './workspace';
export type { TreeRow, SideBarView } from './views';
export type { EditorTab, CursorTarget } from './editor';
export type { Problem, StatusBarItem, Notification, Dialog } from './parts';
export type { WebviewKind } from './webviews';
export { EXTENSION_ID } from './webviews';
