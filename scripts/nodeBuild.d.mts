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
export const SKILLS_UI_BUNDLE: string;
export function skillsUiBuild(common?: BuildOptions): BuildOptions;
export function previewSessionBuild(common?: BuildOptions): BuildOptions;
export const DOCTOR_BUNDLE: string;
export function doctorBuild(common?: BuildOptions): BuildOptions;
export const AGENTS_BUNDLE: string;
export function agentsBuild(common?: BuildOptions): BuildOptions;
export const HERMES_EDITOR_BUNDLE: string;
export function hermesEditorBuild(common?: BuildOptions): BuildOptions;
export const RUNTIME_BUNDLES: Readonly<Record<string, string>>;
export function runtimeBuilds(common?: BuildOptions): BuildOptions[];
export const COMPARE_BUNDLE: string;
export function compareBuild(common?: BuildOptions): BuildOptions;
export const COMMANDS_BUNDLE: string;
export function commandsBuild(common?: BuildOptions): BuildOptions;
