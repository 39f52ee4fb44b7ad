// Types for webBuild.mjs, so the tests build the browser bundle as the build does.
import type { BuildOptions, Plugin } from 'esbuild';

export function webPlatform(): Plugin;
export function webExtensionBuild(common?: BuildOptions): BuildOptions;
export function webGlobalsCheck(): BuildOptions;
