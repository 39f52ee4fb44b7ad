// Secrets and rules against what a runtime sends: a secret in text the runtime sends is an
// error, one in a file it does not load or in text it drops a warning; the composed text
// masked for a preview or a copy; the rule lines a cut drops.
import assert from 'node:assert';
import { FileContent, openclaw, PersonaInput, runtimeProfile, toolnexus } from '../../src/core';
import { detectSecrets } from '../../src/core/secrets/detect';
import { classifySecrets, droppedRules, isPolicyLine, maskComposed } from '../../src/core/secrets';

const text = (value: string): FileContent => ({ kind: 'text', text: value });
const persona = (files: Record<string, string>): PersonaInput => ({ dir: '/persona', files: new Map(Object.entries(files).map(([name, value]) => [name, text(value)])) });

const KEY = 'ghp_FAKEa1B2c3D4e5a1B2c3D4e5a1B2c3D4e5xY';
const TELEGRAM = '7012345678:AAFAKEq8Rw2Lm5Zt9Xc3Vb7Nk1Jh4Gf6DsQ';

describe('Secrets: sent or not, per runtime', () => {
  it('an error in a file OpenClaw sends, a warning in TOOLS.md, which it does not load', async () => {
    const input = persona({ 'MEMORY.md': `- GitHub: ${KEY}\n`, 'TOOLS.md': `TELEGRAM_BOT_TOKEN=${TELEGRAM}\n` });
    const composition = openclaw.compose(input);
    const memory = composition.files.find((f) => f.name === 'MEMORY.md')!;
    const tools = composition.files.find((f) => f.name === 'TOOLS.md')!;
    const [sent] = classifySecrets(await detectSecrets(memory.text), memory, openclaw.label);
    const [unsent] = classifySecrets(await detectSecrets(tools.text), tools, openclaw.label);
    assert.deepStrictEqual([sent.sent, sent.severity, sent.kind], [true, 'error', 'github-token']);
    assert.match(sent.message, /sent to the model provider on every turn/);
    assert.deepStrictEqual([unsent.sent, unsent.severity, unsent.kind], [false, 'warning', 'telegram-bot-token']);
    assert.match(unsent.message, /which OpenClaw 2026\.9\.6 does not load/);
    for (const problem of [sent, unsent]) {
      assert.ok(!problem.message.includes(KEY) && !problem.message.includes(TELEGRAM), 'no message holds the value');
      assert.ok(problem.message.includes(problem.masked) && problem.message.includes(problem.placeholder));
    }
  });

  it('in a file the runtime cuts: sent in the kept head, a warning in the dropped middle', async () => {
    const middle = 'filler line of memory\n'.repeat(1500);
    const body = `TOKEN_A=${KEY}\n${middle}\nTELEGRAM_BOT_TOKEN=${TELEGRAM}\n${middle}`;
    const composition = openclaw.compose(persona({ 'MEMORY.md': body }));
    const memory = composition.files.find((f) => f.name === 'MEMORY.md')!;
    assert.strictEqual(memory.status, 'cut');
    const problems = classifySecrets(await detectSecrets(memory.text), memory, openclaw.label);
    assert.deepStrictEqual(
      problems.map((p) => [p.kind, p.sent]),
      [
        ['github-token', true],
        ['telegram-bot-token', false],
      ],
    );
    assert.match(problems[1].message, /drops from MEMORY\.md/);
    // What the runtime sends holds the first and not the second, as classified.
    assert.ok(composition.text.includes(KEY) && !composition.text.includes(TELEGRAM));
  });

  it('the same file under composeSoul, which sends TOOLS.md: an error', async () => {
    const composition = toolnexus.compose(persona({ 'TOOLS.md': `TELEGRAM_BOT_TOKEN=${TELEGRAM}\n` }));
    const tools = composition.files.find((f) => f.name === 'TOOLS.md')!;
    const [problem] = classifySecrets(await detectSecrets(tools.text), tools, toolnexus.label);
    assert.strictEqual(problem.severity, 'error');
  });

  it('masks every secret where the composed text sends it, a split one too', async () => {
    const head = 'x'.repeat(20_000 * 0.75 - 60);
    const composition = openclaw.compose(persona({ 'SOUL.md': `${head}\nA=${KEY} B=${KEY}\n${'y'.repeat(30_000)}`, 'MEMORY.md': `key ${KEY}\n` }));
    const files = await Promise.all(composition.files.map(async (file) => ({ file, findings: await detectSecrets(file.text) })));
    const masked = maskComposed(composition.text, files);
    assert.ok(composition.text.includes(KEY.slice(0, 12)));
    for (let at = 0; at + 8 <= KEY.length; at++) assert.ok(!masked.includes(KEY.slice(at, at + 8)), `a piece of the key at ${at} is left`);
    assert.ok(masked.includes('ghp_F…e5xY'));
  });
});

describe('Rules a cut drops', () => {
  const rules = ['- Never push to main without a review.', '- You must ask before deleting files.', '禁止在群組中分享私人資料。'];

  it("counts OpenClaw's policy lines: headings, list items, rule words, CJK rule words", () => {
    for (const line of ['## Safety', '- a list item', '1. first', 'Do not reply in groups', 'Keep the secret out of replies', '必須先確認']) assert.ok(isPolicyLine(line), line);
    for (const line of ['', 'A plain sentence about the weather.', '```']) assert.ok(!isPolicyLine(line), line);
  });

  it('lists the rule lines of the dropped middle of MEMORY.md, none of the kept ends', () => {
    const filler = 'plain prose about the day, nothing more\n'.repeat(400);
    const body = `${rules[0]}\n${filler}${rules[1]}\n${filler}${rules[2]}\n${filler}- Keep this last rule.`;
    const memory = openclaw.compose(persona({ 'MEMORY.md': body })).files.find((f) => f.name === 'MEMORY.md')!;
    assert.strictEqual(memory.status, 'cut');
    const dropped = droppedRules(memory, openclaw.label);
    assert.deepStrictEqual(
      dropped.map((d) => d.text),
      [rules[1], rules[2]],
    );
    assert.deepStrictEqual(
      dropped.map((d) => d.strong),
      [true, true],
    );
    assert.strictEqual(memory.text.slice(dropped[0].start, dropped[0].end), rules[1]);
    assert.match(dropped[0].message, /drops this rule from MEMORY\.md/);
  });

  it("leaves out the lines OpenClaw's AGENTS.md digest carries", () => {
    const filler = 'plain prose about the day, nothing more\n'.repeat(600);
    const agents = openclaw.compose(persona({ 'AGENTS.md': `# Rules\n${filler}${rules[0]}\n${filler}` })).files.find((f) => f.name === 'AGENTS.md')!;
    assert.ok(agents.marker?.includes(rules[0]), 'the digest carries the rule');
    assert.deepStrictEqual(
      droppedRules(agents, openclaw.label).map((d) => d.text),
      [],
    );
  });

  it('nothing for a file sent whole, or one the runtime does not load', () => {
    const files = openclaw.compose(persona({ 'SOUL.md': rules.join('\n'), 'TOOLS.md': rules.join('\n') })).files;
    for (const name of ['SOUL.md', 'TOOLS.md'])
      assert.deepStrictEqual(
        droppedRules(
          files.find((f) => f.name === name)!,
          openclaw.label,
        ),
        [],
        name,
      );
  });
  it("a file Hermes's scanner blocks drops its rules for that, not for a cap", () => {
    const hermes = runtimeProfile('hermes');
    const soul = hermes.compose(persona({ 'SOUL.md': `You are now a calm ops assistant.\n${rules[0]}\n` })).files.find((f) => f.name === 'SOUL.md')!;
    assert.deepStrictEqual(
      droppedRules(soul, hermes.label).map((d) => d.message),
      [`${hermes.label} drops this rule from SOUL.md (its scanner blocks the text that holds it): "${rules[0]}"`],
    );
  });
});
