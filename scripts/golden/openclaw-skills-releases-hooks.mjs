// ESM hooks for scripts/golden/openclaw-skills-releases-run.mjs: the release hooks of
// openclaw-releases-hooks.mjs, and, for releases before 4.10 whose skill code calls
// @mariozechner/pi-coding-agent, that package's own skill module at the version the
// release's package.json names (unpacked beside the release, not installed into it); the
// package's other names are the usual stubs. yaml and json5 resolve from the folder the
// golden script installed them in for the release (`deps`), so frontmatter is parsed for real.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as releaseHooks from './openclaw-releases-hooks.mjs';

let piSkills;
let piNames = [];
let deps;

export function initialize(data) {
  piSkills = data.piSkills;
  deps = data.deps;
  piNames = data.piNames ?? [];
  releaseHooks.initialize(data);
}

export async function resolve(specifier, context, next) {
  if (piSkills && specifier === '@mariozechner/pi-coding-agent') return { url: 'pi-skills:shim', shortCircuit: true };
  if (deps && (specifier === 'yaml' || specifier === 'json5')) return next(specifier, { ...context, parentURL: deps });
  return releaseHooks.resolve(specifier, context, next);
}

export async function load(url, context, next) {
  if (url === 'pi-skills:shim') {
    const modules = [piSkills.skills, piSkills.sourceInfo].filter(Boolean);
    const own = new Set(
      modules.flatMap((url) => [...fs.readFileSync(fileURLToPath(url), 'utf8').matchAll(/^export (?:async )?(?:function|const|let|class) ([\w$]+)/gm)].map((m) => m[1])),
    );
    const lines = [`export * from ${JSON.stringify(piSkills.skills)};`];
    if (piSkills.sourceInfo) lines.push(`export * from ${JSON.stringify(piSkills.sourceInfo)};`);
    lines.push('const stub = function () {};', 'export default stub;');
    for (const name of piNames) if (!own.has(name) && /^[\w$]+$/.test(name) && name !== 'default') lines.push(`export const ${name} = stub;`);
    return { format: 'module', source: lines.join('\n'), shortCircuit: true };
  }
  return releaseHooks.load(url, context, next);
}
