// The entry of dist/secrets.js: the detector with secretlint and everything that reads its
// findings, in one bundle the extension requires on first use (extension.js stays small).
export * from './index';
export { detectSecrets } from './detect';
