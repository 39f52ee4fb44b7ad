// Types for nodeFree.mjs, so the tests can use the same check as the build.
import type { Plugin } from 'esbuild';

export const NODE_GLOBALS: readonly string[];
export function isNodeBuiltin(specifier: string): boolean;
export function nodeFree(options?: { globals?: boolean }): Plugin;
