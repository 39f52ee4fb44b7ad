// The pure core of Persona Studio: no VS Code here, so the CLI, the tests and the
// extension all compose souls with the same code.
export * from './bootstrap';
export * from './compose';
export * from './report';
export * from './heartwood';
export * from './templates';
export * from './discovery';
export * from './format';
export * from './escape';
export * from './utf8';
export { composeSoul, linkLeadingOutside, nodeDirectoryReader, readBootstrapFiles, readFileBounded, readPersonaInput, scaffoldFiles, ScaffoldOutcome } from './nodeFs';
export * from './soulSize';
export * from './personaFolderName';
export * from './capMessages';
export * from './statusSummary';
export * from './runtimes';
