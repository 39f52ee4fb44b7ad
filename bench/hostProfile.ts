// Where the extension host's time goes while typing in a large SOUL.md: a CPU profile of
// the host (code-server's, through its inspector) during the keystroke benchmark, each
// sample charged to the extension whose code is innermost on its stack. The keystroke
// table says how long a preview waits; this says who kept the shared host busy meanwhile.
//
//   npm run bench:host               SOUL.md of 2 MB, the soul preview, 20 words
//   BENCH_HOST_PREVIEW=markdown      VS Code's Markdown preview instead
//   BENCH_HOST_KB=10                 another size, in KB
//   BENCH_HOST_PLAIN_TEXT=1          SOUL.md as Plain Text: out of the Markdown features' reach
//   BENCH_HOST_PROFILE=FILE          also write the profile, for DevTools
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { WebviewKind } from '../test/e2e/harness';
import { stopSession } from '../test/e2e/harness/session';
import { inWorkspace, measure, persona, quantile } from './editorParts';
import { PLAIN_TEXT } from './editorTokens';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const KB = Number(process.env.BENCH_HOST_KB ?? 2048 - 4);
const MARKDOWN = process.env.BENCH_HOST_PREVIEW === 'markdown';
const PLAIN = Boolean(process.env.BENCH_HOST_PLAIN_TEXT);
const INSPECTOR_PORT = 9229;

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** One CDP session with the inspector of the newest extension host (opened by SIGUSR1). */
async function inspectExtensionHost(): Promise<(method: string, params?: object) => Promise<Record<string, unknown>>> {
  // `[t]ype` keeps pgrep from finding its own command line.
  const pids = execFileSync('pgrep', ['-f', '[t]ype=extensionHost'], { encoding: 'utf8' }).trim().split('\n').map(Number);
  process.kill(Math.max(...pids), 'SIGUSR1');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const [target] = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ((socket.onopen = resolve), (socket.onerror = reject)));
  let nextId = 0;
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result ?? {});
  };
  return (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
}

/** Milliseconds of the profile by owner: the innermost extension on the stack, else the host itself. */
function byExtension(profile: Profile): Map<string, number> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const owner = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const extension = /\/extensions\/([^/]+)\//.exec(nodes.get(at)!.callFrame.url)?.[1];
      if (extension) return extension.replace(/-\d+\.\d+\.\d+$/, '');
    }
    const name = nodes.get(id)!.callFrame.functionName;
    return name === '(idle)' || name === '(garbage collector)' ? name : '(VS Code, the host itself)';
  };
  const owners = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const who = owner(id);
    owners.set(who, (owners.get(who) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return owners;
}

void (async () => {
  const kind: WebviewKind = MARKDOWN ? { extensionId: 'vscode.markdown-language-features', view: false } : 'personaStudio.preview';
  try {
    await inWorkspace(
      persona(KB * 1024, 0),
      async (wb) => {
        await wb.openFile('ava/SOUL.md');
        await wb.runCommand(MARKDOWN ? 'Markdown: Open Preview to the Side' : 'Persona: Open Soul Preview to the Side');
        await wb.webview(kind, { timeout: 120_000 });
        await wb.moveCursor('start');
        await measure(wb, kind, 2); // not counted
        const inspector = await inspectExtensionHost();
        await inspector('Profiler.enable');
        await inspector('Profiler.setSamplingInterval', { interval: 1000 });
        await inspector('Profiler.start');
        const { latencies, keys } = await measure(wb, kind, SAMPLES);
        const { profile } = (await inspector('Profiler.stop')) as { profile: Profile };
        if (process.env.BENCH_HOST_PROFILE) fs.writeFileSync(process.env.BENCH_HOST_PROFILE, JSON.stringify(profile));
        console.log(
          `SOUL.md ${KB} KB${PLAIN ? ' as Plain Text' : ''}, ${MARKDOWN ? "VS Code's Markdown preview" : 'the soul preview'}: ${keys} keys typed, last key to preview median ${quantile(latencies, 0.5)} ms, slowest ${Math.max(...latencies)} ms`,
        );
        console.log('Extension host time while typing, by the extension innermost on the stack:');
        const owners = [...byExtension(profile)].sort((a, b) => b[1] - a[1]);
        for (const [who, ms] of owners) console.log(`  ${String(Math.round(ms)).padStart(7)} ms  ${(ms / keys).toFixed(1).padStart(6)} ms/key  ${who}`);
      },
      PLAIN ? PLAIN_TEXT : undefined,
    );
  } finally {
    await stopSession();
  }
  process.exit(0);
})();
