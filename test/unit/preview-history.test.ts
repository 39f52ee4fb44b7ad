// The files' sparklines in the Soul preview's section headers (in-memory VS Code): sent
// after the render they belong to, for the files whose history is known, never otherwise.
import assert from 'node:assert';
import { openHub } from './fake/hub';
// After the fake (hub.ts loads it): `vscode` resolves to it.
import * as vscode from 'vscode';
import { openPreview } from './fake/preview';
import { parseHistoryMessage, RenderMessage, SectionHistory } from '../../src/webview/protocol';

async function preview(history?: (folder: vscode.Uri, names: readonly string[]) => Promise<readonly SectionHistory[]>) {
  const hub = await openHub('history', { 'ava/SOUL.md': 'You are Ava.\n', 'ava/MEMORY.md': 'Tea.\n' });
  const asked: (readonly string[])[] = [];
  const page = openPreview(hub, vscode.Uri.joinPath(hub.root, 'ava'), {
    ...(history && { history: (at: vscode.Uri, names: readonly string[]) => (asked.push(names), history(at, names)) }),
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { messages: page.messages, asked, dispose: () => (page.session.dispose(), hub.dispose()) };
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
