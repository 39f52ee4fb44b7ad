// The secrets UI's model in an in-memory VS Code: each persona scanned under its runtime
// (a key in TOOLS.md is sent by toolnexus), each file's text detected once per version,
// and the preview's masks, revealed until the text changes. Fake keys, made at run time.
import assert from 'node:assert';
import { diagnostics, FakeDocument, memory } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import * as detector from '../../src/core/secrets/bundle';
import { Measurements } from '../../src/extension/model/measurements';
import { PersonaWorkspace } from '../../src/extension/model/personaWorkspace';
import { SecretScans } from '../../src/extension/model/secretScans';
import { SecretProblems } from '../../src/extension/problems/secretProblems';
import type { SecretsBundle } from '../../src/extension/platform';
import { SoulBlocks } from '../../src/extension/preview/blocks';
import { maskModel } from '../../src/extension/preview/maskedModel';
import { SecretMasks } from '../../src/extension/preview/secretMasks';
import { setLogSink } from '../../src/extension/util/log';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const fakeKey = () => `sk-proj-FAKE${Array.from({ length: 44 }, () => ALNUM[Math.floor(Math.random() * ALNUM.length)]).join('')}`;

let workspaces = 0;

describe('the secrets UI (in-memory VS Code)', () => {
  const logged: string[] = [];
  before(() => setLogSink({ info: () => {}, warn: () => {}, error: (m) => void logged.push(String(m)), debug: () => {} }));
  after(() => setLogSink(undefined));
  const owned: vscode.Disposable[] = [];
  let documents: FakeDocument[] = [];
  afterEach(() => {
    for (const item of owned.splice(0).reverse()) item.dispose();
    for (const document of documents) document.isClosed = true;
    memory.documents.length = 0;
    documents = [];
  });

  /** A workspace with these files, discovered, scanned by a detector that counts its calls. */
  async function scanned(files: Record<string, string>) {
    const root = memory.openWorkspace(`/secrets${++workspaces}`) as unknown as vscode.Uri;
    for (const [name, text] of Object.entries(files)) memory.write(`${root.path}/${name}`, text);
    const personas = new PersonaWorkspace();
    const measurements = new Measurements(personas);
    const detected: string[] = [];
    const bundle: SecretsBundle = { ...detector, detectSecrets: (text: string) => (detected.push(text), detector.detectSecrets(text)) };
    await personas.refresh('test');
    const scans = new SecretScans(personas, measurements, async () => bundle);
    const masks = new SecretMasks(scans);
    owned.push(personas, measurements, scans, masks);
    const folder = vscode.Uri.joinPath(root, 'ava');
    return { root, folder, personas, measurements, scans, masks, detected };
  }

  it('a key in TOOLS.md is sent by toolnexus: an error naming its kind and mask, never its value', async () => {
    const key = fakeKey();
    const { folder, scans } = await scanned({ 'ava/SOUL.md': 'You are Ava.\n', 'ava/TOOLS.md': `# Tools\n\nOPENAI_API_KEY=${key}\n` });
    const scan = await scans.now(folder);
    assert.strictEqual(scan.sent, 1);
    const tools = scan.files.find((file) => file.file.name === 'TOOLS.md')!;
    assert.strictEqual(tools.secrets.length, 1);
    const [secret] = tools.secrets;
    assert.strictEqual(secret.severity, 'error');
    assert.strictEqual(secret.line, 2);
    assert.strictEqual(secret.placeholder, '${OPENAI_API_KEY}');
    assert.strictEqual(secret.masked, `${key.slice(0, 5)}…${key.slice(-4)}`);
    assert.match(secret.message, /is sent to the model provider on every turn/);
    assert.ok(!secret.message.includes(key));
  });

  it("detects each file's text once per version: typing in SOUL.md does not scan TOOLS.md again", async () => {
    const key = fakeKey();
    const { root, folder, scans, detected } = await scanned({ 'ava/SOUL.md': 'You are Ava.\n', 'ava/TOOLS.md': `OPENAI_API_KEY=${key}\n` });
    await scans.now(folder);
    const tools = (text: string) => text.includes('OPENAI_API_KEY');
    assert.strictEqual(detected.filter(tools).length, 1);
    const soul = memory.open(`${root.path}/ava/SOUL.md`);
    documents.push(soul);
    memory.type(soul, 'You are Ava, calm.\n');
    const scan = await scans.now(folder);
    assert.strictEqual(detected.filter(tools).length, 1, 'TOOLS.md detected again');
    assert.ok(
      detected.some((text) => text.includes('calm')),
      'SOUL.md detected again',
    );
    assert.strictEqual(scan.sent, 1);
    const toolsDocument = memory.open(`${root.path}/ava/TOOLS.md`);
    documents.push(toolsDocument);
    memory.type(toolsDocument, 'OPENAI_API_KEY=${OPENAI_API_KEY}\n');
    assert.strictEqual((await scans.now(folder)).sent, 0);
    assert.strictEqual(detected.filter(tools).length, 2);
  });

  it('the preview masks each secret until the user reveals it, and masks it again once the text changes', async () => {
    const key = fakeKey();
    const { root, folder, scans, masks, measurements } = await scanned({ 'ava/TOOLS.md': `OPENAI_API_KEY=${key}\n` });
    const composition = await measurements.composition(folder);
    const scan = await scans.now(folder);
    // The UI reads the scans' last result: the one `now` made is kept once a pass lands.
    await new Promise<void>((resolve) => (scans.last(folder) ? resolve() : scans.onDidChange(() => resolve())));
    assert.strictEqual(scans.last(folder)?.sent, scan.sent);
    const mask = masks.masker(folder, composition);
    assert.ok(mask, 'a masker for a persona that sends a secret');
    const model = maskModel(
      new SoulBlocks().build(composition, 'toolnexus', () => false),
      mask,
    );
    const shown = model.preamble + model.sections.map((section) => section.head + section.meta.marker + section.tail).join('');
    assert.ok(shown.includes(`OPENAI_API_KEY=${key.slice(0, 5)}…${key.slice(-4)}`), shown);
    assert.ok(!shown.includes(key));

    masks.reveal(folder, composition);
    assert.strictEqual(masks.masker(folder, composition), undefined);
    const tools = memory.open(`${root.path}/ava/TOOLS.md`);
    documents.push(tools);
    memory.type(tools, `OPENAI_API_KEY=${key}\n# more\n`);
    const changed = await measurements.composition(folder);
    assert.notStrictEqual(changed, composition);
    assert.ok(masks.masker(folder, changed), 'masked again once the text changed');
  });

  it('a rule line a cut drops is a Warning when it names a rule outright, Information when it is only a list item', async () => {
    memory.configure('personaStudio.runtime', 'openclaw');
    try {
      const filler = 'plain prose about the day, nothing more\n'.repeat(400);
      const body = `# Memory\n${filler}- Never push to main without a review.\n- A note on the garden.\n${filler}- Kept at the end.\n`;
      const { folder, personas, scans } = await scanned({ 'ava/MEMORY.md': body });
      const problems = new SecretProblems(personas, scans);
      owned.push(problems);
      await scans.now(folder);
      const shown = [...(diagnostics.get('persona-studio-secrets')?.values() ?? [])].flat().filter((entry) => entry.code === 'rule-dropped');
      assert.deepStrictEqual(
        shown.map((entry) => [entry.message.replace(/^.*"(.*)"$/, '$1'), entry.severity]),
        [
          ['- Never push to main without a review.', vscode.DiagnosticSeverity.Warning],
          ['- A note on the garden.', vscode.DiagnosticSeverity.Information],
        ],
      );
    } finally {
      memory.settings.delete('personaStudio.runtime');
    }
  });
});
