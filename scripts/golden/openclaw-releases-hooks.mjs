// ESM hooks for scripts/golden/openclaw-releases-run.mjs: an export line added to the
// chunks whose functions the run calls, and, for a package import that does not
// resolve, a stub whose every name is a no-op: before 8.x, where the release is unpacked
// alone, a chainable one (2.x/3.x build zod schemas at import time, so
// `z.object(…).optional()` must not throw); for 8.x+, installed with their dependencies,
// one answering undefined for the few unpublished packages left.
import fs from 'node:fs';
import path from 'node:path';

let expose = {};
let chainable = false;
/** For each package specifier, every name some chunk imports from it. */
const importedNames = new Map();

export function initialize(data) {
  expose = data.expose;
  chainable = data.chainable;
  for (const file of fs.readdirSync(data.dist, { recursive: true })) {
    if (!/\.m?js$/.test(String(file)) || !fs.statSync(path.join(data.dist, String(file))).isFile()) continue;
    const source = fs.readFileSync(path.join(data.dist, String(file)), 'utf8');
    for (const match of source.matchAll(/import\s*([\w$]+)?\s*,?\s*(?:\{([^}]*)\})?\s*(?:\*\s*as\s*[\w$]+\s*)?from\s*["']([^"'.][^"']*)["']/g)) {
      const names = importedNames.get(match[3]) ?? new Set();
      importedNames.set(match[3], names);
      for (const part of (match[2] ?? '').split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
}

export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (/^(?:\.|\/|node:|file:)/.test(specifier)) throw error;
    return { url: `stub:${specifier}`, shortCircuit: true };
  }
}

// Each access or call gives a fresh stub, so code that marks an object (defineProperty) marks its own.
const STUB = `
const handler = {
  get: (_, key) => (key === 'then' ? undefined : key === Symbol.toPrimitive ? () => '' : key === Symbol.iterator ? function* () {} : make()),
  apply: () => make(),
  construct: () => make(),
};
function make() { return new Proxy(function () {}, handler); }
export default make();`;

export async function load(url, context, next) {
  if (url.startsWith('stub:')) {
    const names = [...(importedNames.get(url.slice(5)) ?? [])].filter((name) => name !== 'default' && /^[\w$]+$/.test(name));
    const source = chainable
      ? [STUB, ...names.map((name) => `export const ${name} = make();`)].join('\n')
      : ['const stub = function () {};', 'export default stub;', ...names.map((name) => `export const ${name} = stub;`)].join('\n');
    return { format: 'module', source, shortCircuit: true };
  }
  const result = await next(url, context);
  const names = expose[url];
  if (!names) return result;
  const source = `${String(result.source)}\nexport { ${names.map((name) => `${name} as __${name}`).join(', ')} };\n`;
  return { ...result, source };
}
