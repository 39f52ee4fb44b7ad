// npm run bench: every timing target, reported as ratios measured in this one run.
//   BENCH_SAMPLES=N  keystrokes timed per preview (default 20)
//   BENCH_SMOKE=1  small sizes and one case of each kind: checks that the benchmark runs (npm test)
//   BENCH_CORE_ONLY=1  skip the real-VS-Code part
//   BENCH_FILES=10KB,2MB,7x2MB,10KB-openclaw,2MB-openclaw,7x2MB-openclaw,2MB-plaintext  which personas to time in the real VS Code (default all)
//   BENCH_PARTS=tree,latency,tokens  which parts of the real-VS-Code run to time (default all)
//   BENCH_VERBOSE=1  print every sample
//   BENCH_PACES=0,120  pauses between keys to time at, in ms (default both: 0 is as fast as the browser takes keys)
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { nodeExtensionBuild } from '../scripts/nodeBuild.mjs';
import { benchBigMemory, benchKeystroke } from './core';
import { benchEditor } from './editor';
import { benchTokenCounting, benchTokenWorker } from './tokens';
import { benchCheckTokens, benchHostileCounting } from './tokensHostile';
import { benchUtf8 } from './utf8';

const SMOKE = Boolean(process.env.BENCH_SMOKE);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);

const round = (value: number) => Math.round(value * 100) / 100;
const table = (rows: readonly object[]) => console.table(rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v]))));

/** The extension's bundle as `npm run package` ships it (minified), and as tests load it. */
async function bundleSizes(): Promise<{ shippedKB: number; developmentKB: number }> {
  const root = path.resolve(__dirname, '..');
  // The build's own options, so what the JSON5 parser and the tokenizer leave out stays out.
  const result = await esbuild.build({ ...nodeExtensionBuild({ minify: true, target: 'node20' }), absWorkingDir: root, write: false });
  return { shippedKB: result.outputFiles[0].contents.length / 1024, developmentKB: fs.statSync(path.join(root, 'dist/extension.js')).size / 1024 };
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log(
    `${new Date().toISOString()} · ${process.platform} ${process.arch} · ${(await import('node:os')).cpus().length} cores · Node ${process.version}${SMOKE ? ' · smoke run' : ''}`,
  );

  console.log('\nCore: one keystroke recomposes one section, against composing the whole persona from disk and one utf8Length of the file');
  table(benchKeystroke(SMOKE));
  console.log("\nUTF-8 without Buffer (as the browser build runs it), against Node's Buffer");
  table(benchUtf8(SMOKE ? 3 : 25));

  console.log('\nTokens: counting a section whole, and again after one keystroke with the incremental counter');
  table(benchTokenCounting());
  console.log('\nTokens: the worker counting after a keystroke, while the main loop keeps turning');
  table(await benchTokenWorker());
  console.log(
    '\nTokens: 2 MB on one line that is not prose: the sampled estimate shown meanwhile, the first count and a key typed in the middle (targets 1 s and 100 ms), and gpt-tokenizer on the whole',
  );
  table(benchHostileCounting(!SMOKE));
  console.log('\nTokens: check with tokens against check --encoding off, the same 2 MB SOUL.md (target: 3 × at most)');
  table(benchCheckTokens(SMOKE ? 1 : 3));

  console.log('\nCore: a change to MEMORY.md, read (bounded) and composed, in a fresh process each');
  const memory = benchBigMemory(SMOKE);
  table(memory);
  const [small, huge] = memory;
  console.log(
    `${huge['MEMORY.md']} / ${small['MEMORY.md']}: time ${round(Number(huge['read + compose ms']) / Number(small['read + compose ms']))} ×, ` +
      `RSS ${round(Number(huge['RSS MB over baseline']))} MB over baseline`,
  );

  const sizes = await bundleSizes();
  console.log(`\nBundle: dist/extension.js ${round(sizes.shippedKB)} KB as shipped (minified), ${round(sizes.developmentKB)} KB as built for tests`);
  if (process.env.BENCH_CORE_ONLY) return;

  const { paint, latency, tokens } = await benchEditor({ samples: SAMPLES, smoke: SMOKE });
  console.log('\nEditor: activation, and the Personas tree from a click on its activity-bar item to the first persona row');
  table(paint);
  const five = paint.find((row) => row.workspace.startsWith('5 personas'));
  for (const row of paint.filter((r) => r !== five)) if (five) console.log(`${row.workspace} / 5 personas: first paint ${round(row.firstPaintMs / five.firstPaintMs)} ×`);

  console.log('\nEditor: last keystroke to the typed text appearing in the preview (code-server, same run, same file)');
  table(latency);
  for (const key of new Set(latency.map((row) => `${row.file}, ${row.pace}`))) {
    const [ours, markdown] = latency.filter((row) => `${row.file}, ${row.pace}` === key);
    if (!markdown) continue;
    console.log(
      `${key}: soul preview / Markdown preview = ${round(ours.medianMs / markdown.medianMs)} (median), ` +
        `${round(ours.p95Ms / markdown.p95Ms)} (95th percentile), ${round(ours.bytesPerKey / markdown.bytesPerKey)} (bytes posted per keystroke)`,
    );
  }
  if (tokens.length) {
    console.log('\nEditor: keystroke to preview with tokens on / off (same run, same file), and last keystroke to the new token counts shown');
    table(tokens);
  }
  console.log(`\nbench: done in ${Math.round((Date.now() - started) / 1000)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
