// Types for secretsBuild.mjs, so the tests build the detector's bundles as the build does.
import type { BuildOptions, Plugin } from 'esbuild';

export const SECRETS_BUNDLE: string;
export function quietSecretlint(): Plugin;
export function secretsBuild(common?: BuildOptions): BuildOptions;
export function secretsWebBuild(common?: BuildOptions): BuildOptions;
