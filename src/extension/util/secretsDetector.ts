// The secret detector as the Node build requires it on first use: esbuild leaves this
// import to dist/secrets.js (scripts/nodeBuild.mjs), so extension.js holds none of secretlint.
export * from '../../core/secrets/bundle';
