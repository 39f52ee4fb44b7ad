// The extension in a real VS Code (code-server): activation, the Personas tree's first
// paint on small and large workspaces, and keystroke-to-preview latency with the bytes
// posted to the webview, for our soul preview and, in the same run on the same file, for
// VS Code's own Markdown preview. Ratios are the result; absolute times depend on the machine.
import { WebviewKind } from '../test/e2e/harness';
import { stopSession } from '../test/e2e/harness/session';
import { logLines, WALK_LINE } from '../test/e2e/extensionLog';
import { benchEditorTokens, PLAIN_TEXT, TokenLatencyRow } from './editorTokens';
import { BOOTSTRAP, inWorkspace, measure, persona, prose, quantile, waitFor } from './editorParts';

export { inWorkspace, measure, persona, prose, quantile, waitFor };

/** The extension's log line at the end of `activate`. */
const ACTIVATED_LINE = /activated in (\d+) ms/;

const MARKDOWN: WebviewKind = { extensionId: 'vscode.markdown-language-features', view: false };

export interface LatencyRow {
  readonly file: string;
  /** How fast the words were typed: a burst, or a pause between keys. */
  readonly pace: string;
  readonly preview: string;
  readonly samples: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  /** UTF-8 bytes (as JSON) of the messages the webview received, per key typed. */
  readonly bytesPerKey: number;
  readonly messagesPerKey: number;
}

export interface PaintRow {
  readonly workspace: string;
  /** "Activation: N ms" of Running Extensions: code loading and the activate call. */
  readonly activationMs: number;
  /** The `activate` call alone, as the extension's log reports it. */
  readonly activateCallMs: number;
  /** The Persona Studio item clicked, to the first persona row on screen. */
  readonly firstPaintMs: number;
  /** The extension's log line for its first walk of the workspace. */
  readonly walk: string;
}

/** A pause between keys, as the latency table names it. */
function paceLabel(keyDelayMs: number): string {
  return keyDelayMs === 0 ? 'burst' : `${keyDelayMs} ms a key`;
}

async function latencyFor(
  label: string,
  files: Record<string, string>,
  options: { samples: number; warmUp: number; paces: readonly number[] },
  settings?: Record<string, unknown>,
): Promise<LatencyRow[]> {
  const { samples, warmUp, paces } = options;
  const rows: LatencyRow[] = [];
  const previews = [
    ['Persona Studio soul preview', 'Persona: Open Soul Preview to the Side', 'personaStudio.preview'],
    ['VS Code Markdown preview', 'Markdown: Open Preview to the Side', MARKDOWN],
  ] as const;
  // A file opened as Plain Text has no Markdown preview: the soul preview alone is timed.
  for (const [preview, command, kind] of settings?.['files.associations'] ? previews.slice(0, 1) : previews) {
    rows.push(
      ...(await inWorkspace(
        files,
        async (wb) => {
          await wb.openFile('ava/SOUL.md');
          await wb.runCommand(command);
          await wb.webview(kind, { timeout: 120_000 });
          await wb.moveCursor('start');
          await measure(wb, kind, warmUp); // not counted
          const timed: LatencyRow[] = [];
          for (const pace of paces) {
            const { latencies, bytes, messages, keys } = await measure(wb, kind, samples, pace);
            if (process.env.BENCH_VERBOSE) console.log(`${label}, ${paceLabel(pace)}, ${preview}: ${latencies.join(' ')} ms`);
            timed.push({
              file: label,
              pace: paceLabel(pace),
              preview,
              samples,
              medianMs: quantile(latencies, 0.5),
              p95Ms: quantile(latencies, 0.95),
              bytesPerKey: Math.round(bytes / keys),
              messagesPerKey: Math.round((messages / keys) * 100) / 100,
            });
          }
          return timed;
        },
        settings,
      )),
    );
  }
  return rows;
}

/** `count` persona folders of seven small files each, under personas/. */
function personas(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) for (const name of BOOTSTRAP) files[`personas/p${String(i).padStart(5, '0')}/${name}`] = `${name} of persona ${i}.\n`;
  return files;
}

/** A workspace of `folders` folders of source (one file each) around five personas. */
function bigTree(folders: number): Record<string, string> {
  const files = personas(5);
  const side = Math.ceil(Math.sqrt(folders));
  for (let i = 0; i < folders; i++) files[`src/pkg${Math.floor(i / side)}/mod${i % side}/index.ts`] = `export const id = ${i};\n`;
  return files;
}

async function paintFor(label: string, files: Record<string, string>): Promise<PaintRow> {
  return inWorkspace(files, async (wb) => {
    const activation = await wb.waitForActivation();
    const activationMs = Number(/Activation: (\d+)ms/.exec(activation)?.[1] ?? NaN);
    // VS Code's own extensions activated in the same window, to weigh the figure against.
    const others = (await wb.runningExtensions())
      .map((row) => [row.replace(/ \d+\.\d+\.\d+.*$/, ''), Number(/Activation: (\d+)ms/.exec(row)?.[1] ?? NaN)] as const)
      .filter(([name, ms]) => !Number.isNaN(ms) && !name.startsWith('Persona Studio'));
    await wb.page.evaluate(() => {
      const w = window as unknown as { __firstRow?: number };
      delete w.__firstRow;
      const check = () => {
        if (w.__firstRow !== undefined) return;
        for (const pane of Array.from(document.querySelectorAll('.part.sidebar .pane'))) {
          const title = pane.querySelector('.pane-header .title')?.textContent?.trim().toLowerCase();
          if (title === 'personas' && pane.querySelector('.monaco-list-row')) w.__firstRow = Date.now();
        }
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true });
    });
    const item = wb.page.locator('.part.activitybar .action-item a.action-label[aria-label^="Persona Studio"]');
    await item.waitFor();
    const clicked = Date.now();
    await item.click();
    const painted = await waitFor(() => wb.page.evaluate(() => (window as unknown as { __firstRow?: number }).__firstRow), 120_000);
    const walk = await waitFor(async () => logLines(wb, WALK_LINE)[0], 60_000);
    const activated = logLines(wb, ACTIVATED_LINE)[0];
    const activateCallMs = Number(activated && ACTIVATED_LINE.exec(activated)?.[1]);
    if (process.env.BENCH_VERBOSE) {
      console.log(`${label}: Activation ${activationMs} ms; ${activated?.replace(/^.*?activated/, 'activated')}`);
      console.log(`  VS Code's own, same window: ${others.map(([name, ms]) => `${name} ${ms} ms`).join(', ')}`);
    }
    return { workspace: label, activationMs, activateCallMs, firstPaintMs: painted - clicked, walk: walk.replace(/^.*?Walk/, 'Walk') };
  });
}

export interface EditorResults {
  readonly paint: PaintRow[];
  readonly latency: LatencyRow[];
  readonly tokens: TokenLatencyRow[];
}

export async function benchEditor(options: { samples: number; smoke: boolean }): Promise<EditorResults> {
  const { samples, smoke } = options;
  const parts = process.env.BENCH_PARTS?.split(',');
  const wanted = (part: string) => !parts || parts.includes(part);
  try {
    const paint: PaintRow[] = [];
    const paintCases: Array<[string, () => Record<string, string>]> = smoke
      ? [['5 personas', () => personas(5)]]
      : [
          ['5 personas', () => personas(5)],
          ['500 personas (collapsed)', () => personas(500)],
          ['10,000 folders, 5 personas', () => bigTree(10_000)],
        ];
    if (wanted('tree')) for (const [label, files] of paintCases) paint.push(await paintFor(label, files()));

    const only = process.env.BENCH_FILES?.split(',');
    const big = 2 * 1024 * 1024 - 4096;
    const openclaw = { 'personaStudio.runtime': 'openclaw' };
    const cases: Array<[string, string, () => Record<string, string>, Record<string, unknown>?]> = [
      ['10KB', 'SOUL.md 10 KB', () => persona(10 * 1024, 0)],
      ['2MB', 'SOUL.md 2 MB', () => persona(big, 0)],
      // The soul preview holds all seven; the Markdown preview shows SOUL.md alone.
      ['7x2MB', 'SOUL.md 2 MB of 7 × 2 MB', () => persona(big, big)],
      // The same under OpenClaw: the 2 MB files are cut to 20,000 chars around a marker.
      ['10KB-openclaw', 'SOUL.md 10 KB, OpenClaw', () => persona(10 * 1024, 0), openclaw],
      ['2MB-openclaw', 'SOUL.md 2 MB, OpenClaw', () => persona(big, 0), openclaw],
      ['7x2MB-openclaw', 'SOUL.md 2 MB of 7 × 2 MB, OpenClaw', () => persona(big, big), openclaw],
      // Out of the Markdown features' reach (bench:host): what is left is ours.
      ['2MB-plaintext', 'SOUL.md 2 MB as Plain Text', () => persona(big, 0), PLAIN_TEXT],
    ];
    // Two paces by default: a burst, and a fast typist's pause between keys.
    const paces = (process.env.BENCH_PACES ?? (smoke ? '0' : '0,120')).split(',').map(Number);
    const latency: LatencyRow[] = [];
    for (const [key, label, files, settings] of smoke ? cases.slice(0, 1) : cases) {
      if (wanted('latency') && (!only || only.includes(key))) latency.push(...(await latencyFor(label, files(), { samples, warmUp: smoke ? 1 : 2, paces }, settings)));
    }
    const tokens = wanted('tokens') ? await benchEditorTokens({ samples, smoke }) : [];
    return { paint, latency, tokens };
  } finally {
    await stopSession();
  }
}
