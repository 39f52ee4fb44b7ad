// The pure core as a browser gets it: bundled with no Node module or global, run where
// only TextEncoder/TextDecoder exist, and measuring and decoding exactly as Node does.
import assert from 'node:assert';
import path from 'node:path';
import vm from 'node:vm';
import * as esbuild from 'esbuild';
import fc from 'fast-check';
import { nodeFree } from '../../scripts/nodeFree.mjs';
import { FileContent, PersonaInput, readPersonaInput, RUNTIME_IDS, runtimeProfile } from '../../src/core';
import { decodeUtf8, utf8Length, utf8Prefix } from '../../src/core/pure';

const ROOT = path.join(__dirname, '..', '..');
const CAP = 2_097_152;
/** Units the byte counter encodes at a time (utf8.ts); long inputs cross its edges. */
const CHUNK = 1 << 15;

async function bundle(options: esbuild.BuildOptions): Promise<string> {
  const result = await esbuild.build({
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    logLevel: 'silent',
    absWorkingDir: ROOT,
    plugins: [nodeFree({ globals: true })],
    ...options,
  });
  return result.outputFiles![0].text;
}

async function bundleErrors(contents: string): Promise<string> {
  try {
    await bundle({ stdin: { contents, resolveDir: ROOT, loader: 'ts' } });
  } catch (error) {
    return (error as { errors: Array<{ text: string }> }).errors.map((e) => e.text).join('\n');
  }
  return '';
}

/** The pure core loaded in a realm with none of Node's globals, only the encoders. */
async function sandboxedCore(): Promise<vm.Context> {
  const code = await bundle({ entryPoints: ['src/core/pure.ts'] });
  const context = vm.createContext({ TextEncoder, TextDecoder, module: { exports: {} } });
  vm.runInContext(code, context);
  vm.runInContext('var core = module.exports;', context);
  return context;
}

/** What each runtime makes of `input`, as JSON, computed by `core` inside `context`. */
const COMPOSE_ALL = `
  (ids, dir, entries) => {
    const files = new Map(entries.map(([name, c]) => [name, c.kind === 'bytes' ? { ...c, bytes: new Uint8Array(c.bytes) } : { ...c }]));
    return JSON.stringify(ids.map((id) => {
      const c = core.runtimeProfile(id).compose({ dir, files });
      return { text: c.text, files: c.files, found: c.found, total: c.total };
    }));
  }`;

function composeAllHere(input: PersonaInput): string {
  return JSON.stringify(
    RUNTIME_IDS.map((id) => {
      const c = runtimeProfile(id).compose(input);
      return { text: c.text, files: c.files, found: c.found, total: c.total };
    }),
  );
}

function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** A persona with what goes wrong in real folders: bad bytes, a BOM, a cut through a character, an unsaved buffer. */
function hostileInput(): PersonaInput {
  const over = 'a'.repeat(CAP - 1) + '€ tail';
  const files = new Map<string, FileContent>([
    ['AGENTS.md', { kind: 'bytes', bytes: new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xc3, 0x28, 0xf0, 0x9f, 0x98, 0x0a, 0xed, 0xa0, 0x80]), size: 13 }],
    ['SOUL.md', { kind: 'bytes', bytes: bytes(over), size: utf8Length(over) }],
    ['IDENTITY.md', { kind: 'text', text: '\uFEFFName: Ava \uD800 lone\n' }],
    ['USER.md', { kind: 'text', text: over }],
    ['TOOLS.md', { kind: 'unreadable', reason: 'EISDIR: illegal operation on a directory' }],
  ]);
  return { dir: '/work/persona', files };
}

describe('web: the pure core without Node', () => {
  it('bundles for a neutral platform, with no Node module or global in it', async () => {
    const code = await bundle({ entryPoints: ['src/core/pure.ts'], minify: true });
    assert.ok(code.includes('composeFromSources'));
  });

  it('the check fails a bundle that imports a Node module', async () => {
    assert.match(await bundleErrors("import { readFileSync } from 'node:fs'; console.log(readFileSync);"), /"node:fs" is a Node module/);
    assert.match(await bundleErrors("import { Worker } from 'worker_threads'; console.log(Worker);"), /"worker_threads" is a Node module/);
  });

  it('the check fails a bundle that uses a Node global, and passes a local of the same name', async () => {
    assert.match(await bundleErrors("console.log(Buffer.byteLength('x'));"), /uses Node's Buffer/);
    assert.match(await bundleErrors('setImmediate(() => process.exit());'), /uses Node's (setImmediate, process|process, setImmediate)/);
    assert.strictEqual(await bundleErrors('const process = (x: number) => x; console.log(process(1));'), '');
  });

  it('composes the examples under every runtime where Node is absent, as Node does', async function () {
    this.timeout(60_000);
    const context = await sandboxedCore();
    assert.strictEqual(vm.runInContext('typeof Buffer + typeof process + typeof require', context), 'undefinedundefinedundefined');
    const composeAll = vm.runInContext(COMPOSE_ALL, context);
    for (const example of ['ava', 'atlas']) {
      const dir = path.join(ROOT, 'examples', example);
      // Every runtime reads the same files for the examples, so one input serves them all.
      const input = readPersonaInput(dir, runtimeProfile());
      assert.strictEqual(composeAll(RUNTIME_IDS, input.dir, [...input.files]), composeAllHere(input), example);
    }
    const hostile = hostileInput();
    assert.strictEqual(composeAll(RUNTIME_IDS, hostile.dir, [...hostile.files]), composeAllHere(hostile));
  });

  it('composes and reports raw sources where Node is absent, as Node does', async function () {
    this.timeout(60_000);
    const context = await sandboxedCore();
    const run = vm.runInContext(
      `(entries) => {
        const sources = Object.fromEntries(entries.map(([name, s]) => [name, typeof s === 'string' ? s : new Uint8Array(s)]));
        return JSON.stringify([core.composeFromSources(sources), core.reportPersona(sources)]);
      }`,
      context,
    );
    const sources: Array<[string, string | Uint8Array]> = [];
    for (const [name, content] of hostileInput().files) {
      if (content.kind === 'bytes') sources.push([name, content.bytes]);
      if (content.kind === 'text') sources.push([name, content.text]);
    }
    sources.push(['MEMORY.md', bytes('b'.repeat(CAP - 2) + '😀 after the cut')]);
    const here: typeof import('../../src/core/pure') = require('../../src/core/pure');
    const record = Object.fromEntries(sources);
    assert.strictEqual(run(sources), JSON.stringify([here.composeFromSources(record), here.reportPersona(record)]));
  });
});

/** Bytes biased toward the edges of UTF-8: lead bytes, continuations, overlongs, surrogates, a BOM. */
const utf8ishBytes = fc
  .array(
    fc.oneof(fc.integer({ min: 0, max: 0xff }), fc.constantFrom(0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xbb, 0xf0, 0xf4, 0xf5, 0xff, 0x9f, 0xa0), fc.constant(0x41)),
    { maxLength: 64 },
  )
  .map((list) => Uint8Array.from(list));

/** Strings with lone surrogates and pairs as well as well-formed text. */
const anyUnits = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', 'é', '€', '😀', '\uD800', '\uDC00', '\uDBFF', '\uDFFF'),
    fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)),
  ),
});

describe('web: UTF-8 without Buffer equals Node', () => {
  it('decodes arbitrary bytes exactly as Buffer.toString does (U+FFFD per maximal subpart, BOM kept)', () => {
    fc.assert(
      fc.property(fc.oneof(utf8ishBytes, fc.uint8Array({ maxLength: 64 })), (input) => {
        assert.strictEqual(decodeUtf8(input), Buffer.from(input).toString('utf8'));
      }),
      { numRuns: 5000 },
    );
    assert.strictEqual(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])), '\uFEFFA');
  });

  it('decodes a view into a larger buffer, not the buffer around it', () => {
    const whole = bytes('skip€keep€skip');
    assert.strictEqual(decodeUtf8(whole.subarray(7, 14)), 'keep€');
  });

  it('counts bytes as Buffer.byteLength does, lone surrogates as 3', () => {
    fc.assert(
      fc.property(anyUnits, (text) => {
        assert.strictEqual(utf8Length(text), Buffer.byteLength(text, 'utf8'));
      }),
      { numRuns: 3000 },
    );
    assert.strictEqual(utf8Length('\uD800'), 3);
    assert.strictEqual(utf8Length('\uDC00\uD800'), 6);
  });

  it('counts long text across chunk edges, pairs and lone surrogates astride them', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 3 }), fc.integer({ min: 1, max: 3 }), anyUnits, (shift, chunks, tail) => {
        const text = 'x'.repeat(chunks * CHUNK + shift - 1) + '😀' + tail + '\uD83D';
        assert.strictEqual(utf8Length(text), Buffer.byteLength(text, 'utf8'));
      }),
      { numRuns: 200 },
    );
  });

  it('finds the longest prefix within a byte budget in long text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 2 }), anyUnits, fc.integer({ min: 0, max: 40 }), (shift, tail, extra) => {
        const text = '€'.repeat(CHUNK + shift) + tail;
        const budget = Math.max(0, 3 * CHUNK + extra - 20);
        const { index, bytes: size } = utf8Prefix(text, budget);
        assert.strictEqual(size, Buffer.byteLength(text.slice(0, index), 'utf8'));
        assert.ok(size <= budget);
        if (index < text.length) {
          // The next whole character, a surrogate pair counted as one, would not fit.
          const next = text.codePointAt(index)! > 0xffff ? 2 : 1;
          assert.ok(Buffer.byteLength(text.slice(0, index + next), 'utf8') > budget);
        }
      }),
      { numRuns: 200 },
    );
  });
});
