// Types for nodeBuild.mjs, so the tests build the Node bundle as the build does.
import type { BuildOptions } from 'esbuild';

export const JSON5_BUNDLE: string;
export function nodeExtensionBuild(common?: BuildOptions): BuildOptions;
export function json5Build(common?: BuildOptions): BuildOptions;
export const SCAFFOLDING_BUNDLE: string;
export const PREVIEW_SESSION_BUNDLE: string;
export function scaffoldingBuild(common?: BuildOptions): BuildOptions;
export const SECRETS_UI_BUNDLE: string;
export function secretsUiBuild(common?: BuildOptions): BuildOptions;
export function previewSessionBuild(common?: BuildOptions): BuildOptions;
export const HERMES_BUNDLE: string;
export function hermesBuild(common?: BuildOptions): BuildOptions;
export const HERMES_FILES_BUNDLE: string;
export function hermesFilesBuild(common?: BuildOptions): BuildOptions;
