// Golden outputs for the Hermes profile, made by Hermes Agent's own Python functions (a dev-time
// script: `npm test` never runs it and needs neither Python nor Hermes's code).
//
// Regenerate:
//   HERMES_SRC=DIR node scripts/golden/hermes.mjs        # every test/fixtures/hermes/<case>.expected.json
//   HERMES_SRC=DIR node scripts/golden/hermes.mjs plain …   # only these cases
// DIR is a scratch folder outside the repository holding NousResearch/hermes-agent's
// agent/prompt_builder.py and tools/threat_patterns.py (see test/fixtures/hermes/README.md).
//
// Each case of test/fixtures/hermes/cases.cjs is laid out under a temporary folder (its `.git`
// folders made real), then scripts/golden/hermes_run.py calls `load_soul_md` on its home and
// `build_context_files_prompt(cwd, skip_soul=True)` on its project, as an agent session does.
// The temporary folder's path is written as /hermes-case in the outputs. The scanner alone also
// runs over 2,000 texts made of attack words, near misses and odd white space (scanner.expected.json).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const require = createRequire(import.meta.url);
const { cases, scanTexts } = require(path.join(root, 'test/fixtures/hermes/cases.cjs'));
const fixtures = path.join(root, 'test/fixtures/hermes');
const source = process.env.HERMES_SRC;
if (!source || !fs.existsSync(path.join(source, 'agent/prompt_builder.py'))) throw new Error('HERMES_SRC must name a folder holding agent/prompt_builder.py');
const only = process.argv.slice(2);
const chosen = only.length > 0 ? cases.filter((c) => only.includes(c.name)) : cases;
if (chosen.length !== (only.length || cases.length)) throw new Error(`unknown case among ${only.join(', ')}`);

const scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-golden-')));
const PLACEHOLDER = '/hermes-case';

function layOut(testCase) {
  const dir = path.join(scratch, testCase.name);
  for (const sub of ['home', 'project', ...(testCase.dirs ?? [])]) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  for (const [name, content] of Object.entries(testCase.files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof content === 'string' ? content : Buffer.from(content.bytes));
  }
  return { home: path.join(dir, 'home'), cwd: path.join(dir, testCase.cwd ?? 'project'), window: testCase.window ?? null, maxChars: testCase.maxChars ?? null };
}

const inputs = chosen.map(layOut);
const texts = only.length > 0 ? [] : scanTexts();
const output = execFileSync('python3', [path.join(here, 'hermes_run.py')], {
  input: JSON.stringify({ cases: inputs, scans: texts }),
  env: { ...process.env, PYTHONHASHSEED: '0' },
  maxBuffer: 1 << 28,
});
const { cases: results, scans } = JSON.parse(output.toString('utf8'));
// The scanner alone over generated texts: what each scope finds.
if (texts.length > 0)
  fs.writeFileSync(
    path.join(fixtures, 'scanner.expected.json'),
    JSON.stringify(
      texts.map((text, i) => ({ text, context: scans[i][0], strict: scans[i][1] })),
      null,
      1,
    ) + '\n',
  );
chosen.forEach((testCase, i) => {
  const prefix = path.join(scratch, testCase.name);
  const neutral = (text) => (text === null ? null : text.split(prefix).join(PLACEHOLDER));
  const expected = { soul: neutral(results[i].soul), context: neutral(results[i].context) };
  fs.writeFileSync(path.join(fixtures, `${testCase.name}.expected.json`), JSON.stringify(expected, null, 1) + '\n');
});
fs.rmSync(scratch, { recursive: true, force: true });
console.log(`wrote ${chosen.length} expected outputs to ${path.relative(root, fixtures)}`);
