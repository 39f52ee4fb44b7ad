// The files' sparklines in the Soul preview's section headers (in-memory VS Code): sent
// after the render they belong to, for the files whose history is known, never otherwise.
import assert from 'node:assert';
import { memory } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import { Measurements } from '../../src/extension/model/measurements';
import { PersonaWorkspace } from '../../src/extension/model/personaWorkspace';
import { PreviewSession } from '../../src/extension/preview/previewSession';
import { parseHistoryMessage, RenderMessage, SectionHistory, ToWebview } from '../../src/webview/protocol';

let workspaces = 0;

async function preview(history?: (folder: vscode.Uri, names: readonly string[]) => Promise<readonly SectionHistory[]>) {
  const root = memory.openWorkspace(`/history${++workspaces}`) as unknown as vscode.Uri;
  memory.write(`${root.path}/ava/SOUL.md`, 'You are Ava.\n');
  memory.write(`${root.path}/ava/MEMORY.md`, 'Tea.\n');
  const personas = new PersonaWorkspace();
  const measurements = new Measurements(personas);
  await personas.refresh('test');
  const folder = vscode.Uri.joinPath(root, 'ava');
  const messages: ToWebview[] = [];
  const listeners: Array<(message: unknown) => void> = [];
  const webview = {
    postMessage: async (message: ToWebview) => {
      messages.push(message);
      if (message.type === 'render' || message.type === 'update') setTimeout(() => listeners.forEach((listener) => listener({ type: 'ack', seq: message.seq })), 0);
      return true;
    },
    onDidReceiveMessage: (listener: (message: unknown) => void) => {
      listeners.push(listener);
      return { dispose: () => listeners.splice(listeners.indexOf(listener), 1) };
    },
  } as unknown as vscode.Webview;
  const asked: (readonly string[])[] = [];
  const source = {
    profile: (at: vscode.Uri) => measurements.profile(at),
    composition: (at: vscode.Uri) => measurements.composition(at),
    file: (uri: vscode.Uri) => measurements.file(uri),
    heartwood: (at: vscode.Uri) => measurements.heartwood(at),
    onDidChange: measurements.onDidChange,
    ...(history && { history: (at: vscode.Uri, names: readonly string[]) => (asked.push(names), history(at, names)) }),
  };
  const session = new PreviewSession({ webview, visible: true, fileColumn: () => 1 as vscode.ViewColumn }, personas, source, folder, () => '');
  listeners.forEach((listener) => listener({ type: 'ready' }));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { messages, asked, dispose: () => (session.dispose(), measurements.dispose(), personas.dispose()) };
}

describe('sparklines in the Soul preview (in-memory VS Code)', () => {
  it('sends the known histories after the render, for its generation', async () => {
    const page = await preview(async (_folder, names) => names.filter((name) => name === 'MEMORY.md').map((name) => ({ name, sparkline: '▁▄█', title: 'Last 2 commits: ▁▄█' })));
    try {
      const render = page.messages.find((message): message is RenderMessage => message.type === 'render');
      assert.ok(render);
      assert.deepStrictEqual(page.asked, [render.sections.map((section) => section.meta.name)]);
      const history = page.messages.filter((message) => message.type === 'history');
      assert.deepStrictEqual(history, [{ type: 'history', generation: render.generation, sections: [{ name: 'MEMORY.md', sparkline: '▁▄█', title: 'Last 2 commits: ▁▄█' }] }]);
      assert.ok(page.messages.indexOf(render) < page.messages.indexOf(history[0]));
    } finally {
      page.dispose();
    }
  });

  it('sends nothing when no history is known, or no git to read it', async () => {
    for (const page of [await preview(async () => []), await preview()]) {
      try {
        assert.ok(page.messages.some((message) => message.type === 'render'));
        assert.ok(!page.messages.some((message) => message.type === 'history'));
      } finally {
        page.dispose();
      }
    }
  });

  it('drops a malformed history message on receipt', () => {
    const message = { type: 'history', generation: 3, sections: [{ name: 'MEMORY.md', sparkline: '▁█', title: 't' }] };
    assert.deepStrictEqual(parseHistoryMessage(JSON.parse(JSON.stringify(message))), message);
    for (const bad of [
      null,
      { ...message, generation: '3' },
      { ...message, sections: [{ name: 'MEMORY.md', sparkline: 1, title: 't' }] },
      { ...message, sections: [null] },
      { ...message, type: 'tokens' },
    ]) {
      assert.strictEqual(parseHistoryMessage(bad), undefined);
    }
  });
});
