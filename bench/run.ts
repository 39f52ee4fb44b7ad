// npm run bench: every timing target, reported as ratios measured in this one run.
//   BENCH_SAMPLES=N  keystrokes timed per preview (default 20)
//   BENCH_CORE_ONLY=1  skip the real-VS-Code part
//   BENCH_FILES=10KB,2MB,7x2MB  which personas to time in the real VS Code (default all)
//   BENCH_VERBOSE=1  print every sample
//   BENCH_KEY_DELAY=ms  pause between keys (default 0: as fast as the browser takes them)
import { benchCore } from './core';
import { benchEditor } from './editor';
import { benchTokenCounting, benchTokenWorker } from './tokens';
import { benchUtf8 } from './utf8';

const round = (value: number) => Math.round(value * 100) / 100;
const rounded = (row: Record<string, string | number>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v]));

async function main(): Promise<void> {
  console.log('Core: one keystroke recomposes one section, against composing the whole persona from disk');
  console.table(benchCore().map(rounded));
  console.log('\nUTF-8 without Buffer (as the browser build runs it), against Node\'s Buffer');
  console.table(benchUtf8().map(rounded));
  console.log('\nTokens: counting a section whole, and again after one keystroke with the incremental counter');
  console.table(benchTokenCounting().map(rounded));
  console.log('\nTokens: the worker counting after a keystroke, while the main loop keeps turning');
  console.table((await benchTokenWorker()).map(rounded));
  if (process.env.BENCH_CORE_ONLY) return;

  console.log('\nEditor: last keystroke to the typed text appearing in the preview (code-server, same run, same file)');
  const rows = await benchEditor();
  console.table(rows);
  for (const file of new Set(rows.map((row) => row.file))) {
    const [ours, markdown] = rows.filter((row) => row.file === file);
    console.log(
      `${file}: soul preview / Markdown preview = ${round(ours.medianMs / markdown.medianMs)} (median), ` +
        `${round(ours.p95Ms / markdown.p95Ms)} (95th percentile)`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
