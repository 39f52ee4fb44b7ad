// An esbuild plugin that fails a bundle meant for a browser when anything in it reaches
// for Node: a built-in module (`node:fs`, `worker_threads`), and with `globals`, a Node
// global (`Buffer`, `process`) used at all, even behind a `typeof` check.
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

/** Globals Node has and a web worker does not. */
export const NODE_GLOBALS = ['Buffer', 'process', 'global', 'setImmediate', 'clearImmediate', '__dirname', '__filename'];

const MARKER = '__nodeOnlyGlobal_';
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

export function isNodeBuiltin(specifier) {
  return specifier.startsWith('node:') || builtins.has(specifier) || builtins.has(specifier.split('/')[0]);
}

const relative = (file) => path.relative(process.cwd(), file) || file;

export function nodeFree({ globals = false } = {}) {
  return {
    name: 'node-free',
    setup(build) {
      const options = build.initialOptions;
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point' || !isNodeBuiltin(args.path)) return undefined;
        return { errors: [{ text: `"${args.path}" is a Node module; a browser bundle cannot import it (from ${relative(args.importer)})` }] };
      });
      if (!globals) return;
      // `define` replaces only free references (not properties, strings or locals of the
      // same name), so a marker in the output is exactly a use of the global.
      options.define = { ...options.define, ...Object.fromEntries(NODE_GLOBALS.map((name) => [name, MARKER + name])) };
      build.onEnd((result) => {
        if (result.errors.length) return undefined;
        const outputs = result.outputFiles
          ? result.outputFiles.map((file) => [file.path, file.text])
          : options.outfile && fs.existsSync(options.outfile)
            ? [[options.outfile, fs.readFileSync(options.outfile, 'utf8')]]
            : [];
        const errors = [];
        for (const [file, text] of outputs) {
          const used = [...new Set([...text.matchAll(new RegExp(`${MARKER}(\\w+)`, 'g'))].map((match) => match[1]))];
          if (used.length) errors.push({ text: `${relative(file)} uses Node's ${used.join(', ')}; a browser bundle must not` });
        }
        return { errors };
      });
    },
  };
}
