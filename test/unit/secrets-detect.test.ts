// The secret detector on a fixed sample of generated, FAKE secrets and near misses
// (test/fixtures/secrets/, written by scripts/secretsSample.mjs): its precision and recall,
// every kind at its line, no placeholder flagged; and its pieces one by one.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { detectSecrets, SecretFinding } from '../../src/core/secrets/detect';
import { isPlaceholder, isSecretKind, maskSecret, maskText, placeholderFor, replaceWithPlaceholder, suppressEdit, SUPPRESS_SECRET_COMMENT } from '../../src/core/secrets';

const SAMPLE = path.join(__dirname, '../fixtures/secrets');

interface Expected {
  readonly file: string;
  readonly kind: string;
  readonly line: number;
  readonly value: string;
  readonly secret: string;
}

const expected = JSON.parse(fs.readFileSync(path.join(SAMPLE, 'expected.json'), 'utf8')) as {
  secrets: Expected[];
  nearMisses: { file: string; line: number; text: string }[];
};
const FILES = [...new Set(expected.secrets.map((e) => e.file))];
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

describe('Secrets: the sample', () => {
  const found = new Map<string, SecretFinding[]>();
  const texts = new Map<string, string>();
  before(async () => {
    for (const file of FILES) {
      const text = fs.readFileSync(path.join(SAMPLE, file), 'utf8');
      texts.set(file, text);
      found.set(file, await detectSecrets(text));
    }
  });

  it('holds at least 60 secrets of 15 kinds and 40 near misses, each kind one of ours', () => {
    assert.ok(expected.secrets.length >= 60, `${expected.secrets.length} secrets`);
    assert.ok(new Set(expected.secrets.map((e) => e.kind)).size >= 15);
    assert.ok(expected.nearMisses.length >= 40, `${expected.nearMisses.length} near misses`);
    for (const e of expected.secrets) assert.ok(isSecretKind(e.kind), e.kind);
  });

  it('finds every secret at its line with its kind, and nothing else: precision and recall 1', () => {
    let truePositives = 0;
    const missed: string[] = [];
    for (const e of expected.secrets) {
      const text = texts.get(e.file)!;
      const start = text.indexOf(e.value);
      assert.ok(start >= 0, `${e.kind} is in ${e.file}`);
      const value = { start, end: start + e.value.length };
      const hit = found.get(e.file)!.find((f) => overlaps(f, value));
      if (hit && hit.kind === e.kind && hit.line === e.line) truePositives++;
      else missed.push(`${e.kind} at ${e.file}:${e.line + 1}${hit ? ` (found ${hit.kind} at line ${hit.line + 1})` : ''}`);
    }
    const reported = [...found.values()].reduce((sum, list) => sum + list.length, 0);
    const precision = truePositives / reported;
    const recall = truePositives / expected.secrets.length;
    console.log(`      precision ${precision.toFixed(3)} (${truePositives}/${reported}), recall ${recall.toFixed(3)} (${truePositives}/${expected.secrets.length})`);
    assert.deepStrictEqual(missed, []);
    assert.strictEqual(precision, 1);
    assert.strictEqual(recall, 1);
  });

  it('covers each value exactly, or the whole URL that holds a password', () => {
    for (const e of expected.secrets) {
      const text = texts.get(e.file)!;
      const start = text.indexOf(e.value);
      const hit = found.get(e.file)!.find((f) => overlaps(f, { start, end: start + e.value.length }))!;
      const secretAt = text.indexOf(e.secret, start);
      assert.ok(hit.start <= secretAt && secretAt + e.secret.length <= hit.end, `${e.kind}: the finding covers the secret`);
      if (e.secret === e.value) assert.deepStrictEqual([hit.start, hit.end], [start, start + e.value.length], e.kind);
    }
  });

  it('flags no placeholder or near miss', () => {
    for (const miss of expected.nearMisses) {
      const flagged = found.get(miss.file)!.filter((f) => f.line === miss.line);
      assert.deepStrictEqual(
        flagged.map((f) => f.kind),
        [],
        `flagged: ${miss.text}`,
      );
    }
  });

  it('returns findings in text order, inside the text, never overlapping', () => {
    for (const [file, list] of found) {
      for (let i = 0; i < list.length; i++) {
        assert.ok(list[i].start >= 0 && list[i].end <= texts.get(file)!.length && list[i].start < list[i].end);
        if (i > 0) assert.ok(list[i - 1].end <= list[i].start, `${file}: findings ${i - 1} and ${i} overlap`);
      }
    }
  });
});

describe('Secrets: detection', () => {
  const key = `ghp_FAKE${'a1B2c3D4e5'.repeat(3)}xY`;

  it('counts lines from 0 across \\n, \\r\\n and a lone \\r', async () => {
    const [finding] = await detectSecrets(`one\r\ntwo\rthree\nGITHUB_TOKEN=${key}`);
    assert.deepStrictEqual({ kind: finding.kind, line: finding.line }, { kind: 'github-token', line: 3 });
  });

  it('gives UTF-16 offsets after astral characters', async () => {
    const text = `😀😀 token ${key}`;
    const [finding] = await detectSecrets(text);
    assert.strictEqual(text.slice(finding.start, finding.end), key);
  });

  it('leaves a line marked by the suppression comment, on it or alone on the line before', async () => {
    assert.deepStrictEqual(await detectSecrets(`GITHUB_TOKEN=${key} ${SUPPRESS_SECRET_COMMENT}`), []);
    assert.deepStrictEqual(await detectSecrets(`${SUPPRESS_SECRET_COMMENT}\nGITHUB_TOKEN=${key}`), []);
    assert.deepStrictEqual(await detectSecrets(`<!--persona-studio-ignore-secret -- a test key-->\nGITHUB_TOKEN=${key}`), []);
    // Not alone on its line, the comment covers that line only; two lines down, nothing.
    assert.strictEqual((await detectSecrets(`note ${SUPPRESS_SECRET_COMMENT}\nGITHUB_TOKEN=${key}`)).length, 1);
    assert.strictEqual((await detectSecrets(`${SUPPRESS_SECRET_COMMENT}\n\nGITHUB_TOKEN=${key}`)).length, 1);
  });

  it('finds nothing in text without secrets, whatever it is', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom(...'abc xyz\n:=-_#*`'.split('')), maxLength: 200 }), async (text) => {
        assert.deepStrictEqual(await detectSecrets(text), []);
      }),
      { numRuns: 50 },
    );
  });
});

describe('Secrets: placeholders, masks, fixes', () => {
  it('knows the placeholders people write', () => {
    for (const value of [
      'sk-...',
      '${OPENAI_API_KEY}',
      '$OPENAI_API_KEY',
      '<your-token>',
      'op://Private/GitHub/token',
      'ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
      'AKIAIOSFODNN7EXAMPLE',
      'xoxb-your-bot-token',
      'REDACTED',
      '{{ api_key }}',
      'pass',
    ]) {
      assert.ok(isPlaceholder(value), value);
    }
    for (const value of ['ghp_FAKEa1B2c3D4e5a1B2c3D4e5a1B2c3D4e5xY', 'Fk8Hq2Lm9Zp!7', 'tvly-dev-FAKEq8Rw2Lm5Zt9Xc3Vb7Nk1Jh4Gf6Ds']) assert.ok(!isPlaceholder(value), value);
  });

  it('masks a key to a few characters at each end, at most a quarter of it, and a short value entirely', () => {
    assert.strictEqual(maskSecret('sk-proj-FAKE1234567890abcdefghij1234567890ab9f2c'), 'sk-pr…9f2c');
    assert.strictEqual(maskSecret('Fk8Hq2Lm9Zp!7'), '•••');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }), (value) => {
        const shown = maskSecret(value).replace('…', '').replace('•••', '');
        assert.ok(shown.length * 4 <= value.length, `${shown.length} of ${value.length} shown`);
      }),
    );
  });

  it('masks every finding of a text, and only them', async () => {
    const text = `a GITHUB_TOKEN=ghp_FAKEa1B2c3D4e5a1B2c3D4e5a1B2c3D4e5xY b\nDB_PASSWORD=Fk8Hq2Lm9Zp!7 c`;
    assert.strictEqual(maskText(text, await detectSecrets(text)), 'a GITHUB_TOKEN=ghp_F…e5xY b\nDB_PASSWORD=••• c');
  });

  it('suggests the environment variable of each kind', () => {
    assert.strictEqual(placeholderFor('openai-api-key'), '${OPENAI_API_KEY}');
    assert.strictEqual(placeholderFor('telegram-bot-token'), '${TELEGRAM_BOT_TOKEN}');
  });
});

describe('Secrets: quick fixes', () => {
  const apply = (text: string, edit: { start: number; end: number; text: string }) => text.slice(0, edit.start) + edit.text + text.slice(edit.end);

  it('replaces the value with its environment variable, and then finds nothing', async () => {
    const text = 'TOOLS\r\nGITHUB_TOKEN=ghp_FAKEa1B2c3D4e5a1B2c3D4e5a1B2c3D4e5xY\r\nmore';
    const [finding] = await detectSecrets(text);
    const fixed = apply(text, replaceWithPlaceholder(finding));
    assert.strictEqual(fixed, 'TOOLS\r\nGITHUB_TOKEN=${GITHUB_TOKEN}\r\nmore');
    assert.deepStrictEqual(await detectSecrets(fixed), []);
  });

  it('marks the line with the suppression comment, and then finds nothing', async () => {
    const text = 'a\nGITHUB_TOKEN=ghp_FAKEa1B2c3D4e5a1B2c3D4e5a1B2c3D4e5xY\r\nb';
    const [finding] = await detectSecrets(text);
    const fixed = apply(text, suppressEdit(text, finding));
    assert.strictEqual(fixed, `a\nGITHUB_TOKEN=ghp_FAKEa1B2c3D4e5a1B2c3D4e5a1B2c3D4e5xY ${SUPPRESS_SECRET_COMMENT}\r\nb`);
    assert.deepStrictEqual(await detectSecrets(fixed), []);
  });
});
