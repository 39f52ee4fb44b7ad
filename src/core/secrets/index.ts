// What the text carries, beside its size: secrets the model provider would receive,
// hidden characters, rules a cut drops. Everything here is pure and light; the detector
// itself (detect.ts, with secretlint) is imported on its own, so it can load lazily.
export type { SecretFinding } from './detect';
export * from './kinds';
export * from './placeholder';
export * from './mask';
export * from './messages';
export * from './suppress';
export * from './sent';
export * from './hidden';
export * from './droppedRules';
export { LineIndex } from './lines';
export * from './fixes';
export * from './ruleMove';
