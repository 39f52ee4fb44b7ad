// ESM hooks for scripts/golden/openclaw.mjs: an export line added to the chunks whose
// functions the script calls, and a stub for any package import that does not resolve.
import fs from 'node:fs';
import path from 'node:path';

let expose = {};
/** For each package specifier, every name some chunk imports from it. */
const importedNames = new Map();

export function initialize(data) {
  expose = data.expose;
  for (const file of fs.readdirSync(data.dist, { recursive: true })) {
    if (!/\.m?js$/.test(String(file))) continue;
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

export async function load(url, context, next) {
  if (url.startsWith('stub:')) {
    const names = [...(importedNames.get(url.slice(5)) ?? [])].filter((name) => name !== 'default');
    const source = ['const stub = () => undefined;', 'export default stub;', ...names.map((name) => `export const ${name} = stub;`)].join('\n');
    return { format: 'module', source, shortCircuit: true };
  }
  const result = await next(url, context);
  const names = expose[url.slice(url.lastIndexOf('/') + 1)];
  if (!names) return result;
  const source = `${String(result.source)}\nexport { ${names.map((name) => `${name} as __${name}`).join(', ')} };\n`;
  return { ...result, source };
}
