// The pure core of Persona Studio: no VS Code and no Node here, so the CLI, the tests,
// the desktop extension and the web extension all compose souls with the same code.
export * from './bootstrap';
export * from './compose';
export * from './report';
export * from './heartwood';
export * from './templates';
export * from './bounded';
export * from './discovery';
export * from './glob';
export * from './format';
export * from './escape';
export * from './utf8';
export * from './surrogates';
export * from './soulSize';
export * from './personaFolderName';
export * from './messages';
export * from './capMessages';
export * from './statusSummary';
export * from './compositionDiff';
export * from './catalogDiff';
export * from './forecast';
export * from './runtimes';
// Token labels and the Claude estimate's arithmetic; the counting itself (and its ranks) is in tokensCount.
export * from './tokens';
export * from './tokensEstimate';
