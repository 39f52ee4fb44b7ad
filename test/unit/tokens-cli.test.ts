// `check` with tokens: the TOKENS column, `tokens` in the JSON for each file (its section
// as sent) and each persona (what `compose` prints), `--encoding`, and `off`.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import * as o200k from 'gpt-tokenizer/cjs/encoding/o200k_base';
import * as cl100k from 'gpt-tokenizer/cjs/encoding/cl100k_base';
import { RUNTIME_IDS } from '../../src/core';
import { countTokens } from '../../src/core/tokensCount';
import { personaFolder, runCli, runCliAsync } from './helpers';

const SAMPLE = path.resolve(__dirname, '../fixtures/tokens/sample');
const read = (name: string) => fs.readFileSync(path.join(SAMPLE, name), 'utf8');

const run = runCli;
const runAsync = runCliAsync;

/** A persona of CJK, code and emoji, one file absent. */
function multilingualPersona(): string {
  return personaFolder({
    'AGENTS.md': read('latin-en.md'),
    'SOUL.md': read('cjk-zh.md') + '\n' + read('cjk-ja.md'),
    'IDENTITY.md': read('cjk-ko.md'),
    'TOOLS.md': read('code-ts.md') + read('code-py.md'),
    'HEARTBEAT.md': read('mixed-emoji.md'),
    'MEMORY.md': '<|endoftext|> is text here.',
  });
}

interface JsonFile {
  name: string;
  tokens?: number;
}
interface JsonPersona {
  dir: string;
  tokens?: number;
  encoding?: string;
  files: JsonFile[];
}

describe('persona-studio check: tokens', () => {
  for (const runtime of RUNTIME_IDS) {
    it(`gives each file the tokens of its section and each persona those of compose's output (${runtime})`, async () => {
      const dirs = [multilingualPersona(), path.resolve(__dirname, '../../examples/ava')];
      for (const [encoding, encode] of [
        ['o200k_base', o200k.encode],
        ['cl100k_base', cl100k.encode],
      ] as const) {
        const { code, out } = await runAsync('check', '--json', '--runtime', runtime, '--encoding', encoding, ...dirs);
        const report = JSON.parse(out) as { encoding: string; personas: (JsonPersona & { blocked?: unknown[] })[] };
        // Hermes's scanner blocks latin-en.md ("pretend to be"): that alone fails the check.
        assert.strictEqual(code, report.personas.some((persona) => persona.blocked?.length) ? 1 : 0);
        assert.strictEqual(report.encoding, encoding);
        for (const persona of report.personas) {
          const composed = run('compose', '--runtime', runtime, persona.dir).out;
          assert.strictEqual(persona.tokens, encode(composed, { disallowedSpecial: new Set() }).length, persona.dir);
          assert.ok(persona.tokens! > 0);
          for (const file of persona.files) assert.strictEqual(typeof file.tokens, 'number', file.name);
        }
      }
    });
  }

  it('counts each file as its section, heading included', async () => {
    const dir = personaFolder({ 'SOUL.md': read('cjk-zh.md'), 'TOOLS.md': read('code-ts.md') });
    const report = JSON.parse((await runAsync('check', '--json', dir)).out) as { personas: JsonPersona[] };
    const files = new Map(report.personas[0].files.map((file) => [file.name, file.tokens]));
    assert.strictEqual(files.get('SOUL.md'), o200k.encode(`## SOUL.md\n\n${read('cjk-zh.md').trim()}`).length);
    assert.strictEqual(files.get('TOOLS.md'), o200k.encode(`## TOOLS.md\n\n${read('code-ts.md').trim()}`).length);
    assert.strictEqual(files.get('USER.md'), 0, 'an absent file sends nothing');
  });

  it('prints a TOKENS column and the tokens sent on every turn; ≈ for the estimate', async () => {
    const dir = personaFolder({ 'SOUL.md': 'You are Ava.' });
    const soulTokens = o200k.encode('## SOUL.md\n\nYou are Ava.').length;
    const table = (await runAsync('check', dir)).out;
    assert.match(table, /FILE\s+BYTES\s+TOKENS\s+% OF CAP\s+STATE/);
    assert.match(table, new RegExp(`SOUL\\.md\\s+12\\s+${soulTokens}\\s+<0\\.1 %\\s+ok`));
    assert.match(table, new RegExp(`sent on every turn: ${soulTokens} tokens in o200k_base`));
    const estimated = (await runAsync('check', '--encoding', 'claude-estimate', dir)).out;
    const estimate = countTokens('## SOUL.md\n\nYou are Ava.', 'claude-estimate');
    assert.match(estimated, new RegExp(`SOUL\\.md\\s+12\\s+≈${estimate}\\s+<0\\.1 %`));
    assert.match(estimated, new RegExp(`sent on every turn: ≈ ${estimate} tokens in Claude \\(estimate\\)`));
  });

  it('shows no tokens with --encoding off, and rejects an unknown encoding with one line', async () => {
    const dir = personaFolder({ 'SOUL.md': 'You are Ava.' });
    const off = (await runAsync('check', '--encoding', 'off', dir)).out;
    assert.match(off, /FILE\s+BYTES\s+% OF CAP\s+STATE/);
    assert.doesNotMatch(off, /TOKENS|tokens/);
    const json = JSON.parse((await runAsync('check', '--json', '--encoding', 'off', dir)).out);
    assert.strictEqual(json.encoding, 'off');
    assert.strictEqual('tokens' in json.personas[0], false);
    assert.strictEqual('tokens' in json.personas[0].files[0], false);
    const bad = await runAsync('check', '--encoding', 'gpt2', dir);
    assert.strictEqual(bad.code, 2);
    assert.strictEqual(bad.out, '');
    assert.strictEqual(bad.err, "persona-studio: --encoding takes one of o200k_base, cl100k_base, claude-estimate or off, not 'gpt2'\n");
  });
});
