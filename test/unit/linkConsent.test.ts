// Linked files leading outside the workspace, in the in-memory VS Code: not read, shown,
// counted or shared before the user asks to see one; never shown in Restricted Mode.
import assert from 'node:assert';
import { memory } from './fake/vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import type { Composition, FileMeasure } from '../../src/core';
import { displayTarget, LinkConsent } from '../../src/extension/model/linkConsent';
import { LinkedFile, Measurements } from '../../src/extension/model/measurements';
import { PersonaWorkspace } from '../../src/extension/model/personaWorkspace';
import { heldBack } from '../../src/extension/preview/linkedPlaceholders';
import { PreviewSession } from '../../src/extension/preview/previewSession';
import { linkedShare } from '../../src/extension/commands/linkedShare';
import type { RenderMessage, SectionMeta, ToWebview, UpdateMessage } from '../../src/webview/protocol';
import { setLogSink } from '../../src/extension/util/log';

const KEY = 'PRIVATE-KEY-4f9a1c77e0';
const TARGET = '/outside/home/.ssh/id_rsa';

let workspaces = 0;

interface Page {
  readonly messages: ToWebview[];
  say(message: unknown): void;
}

/** A workspace whose persona `ava` has SOUL.md as a link out of it, the hub, and a preview session on `ava`. */
async function setUp() {
  const root = memory.openWorkspace(`/links${++workspaces}`) as unknown as vscode.Uri;
  memory.write(TARGET, `${KEY}\n`);
  memory.write(`${root.path}/ava/USER.md`, 'Sam, who likes tea.');
  memory.link(`${root.path}/ava/SOUL.md`, TARGET);
  const consent = new LinkConsent((uri) => memory.leadsOutside(uri as never));
  const personas = new PersonaWorkspace(undefined, consent);
  const measurements = new Measurements(personas);
  await personas.refresh('test');
  const folder = vscode.Uri.joinPath(root, 'ava');
  const counted: string[] = [];
  const listeners: Array<(message: unknown) => void> = [];
  const page: Page = { messages: [], say: (message) => listeners.forEach((listener) => listener(message)) };
  const webview = {
    postMessage: async (message: ToWebview) => {
      page.messages.push(message);
      // The page takes every render and update at once.
      if (message.type === 'render' || message.type === 'update') setTimeout(() => page.say({ type: 'ack', seq: message.seq }), 0);
      return true;
    },
    onDidReceiveMessage: (listener: (message: unknown) => void) => {
      listeners.push(listener);
      return { dispose: () => listeners.splice(listeners.indexOf(listener), 1) };
    },
  } as unknown as vscode.Webview;
  const never = new vscode.EventEmitter<vscode.Uri>();
  const tokens = {
    request: (_folder: vscode.Uri, composition: Composition) => counted.push(composition.text),
    settings: () => ({ encoding: undefined }),
    counts: () => undefined,
    onDidChange: never.event,
  };
  const source = {
    profile: (at: vscode.Uri) => measurements.profile(at),
    composition: (at: vscode.Uri) => measurements.composition(at),
    file: (uri: vscode.Uri) => measurements.file(uri),
    heartwood: (at: vscode.Uri) => measurements.heartwood(at),
    linkedOutside: (at: vscode.Uri) => measurements.linkedOutside(at),
    showLinked: (at: vscode.Uri, name: string) => measurements.showLinked(at, name),
    onDidChange: measurements.onDidChange,
    tokens: tokens as never,
  };
  const host = { webview, visible: true, fileColumn: () => 1 as vscode.ViewColumn };
  const session = new PreviewSession(host, personas, source, folder, () => '');
  return {
    folder,
    personas,
    measurements,
    page,
    counted,
    session,
    dispose: () => (session.dispose(), measurements.dispose(), personas.dispose()),
  };
}

const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

/** The section metas the page holds last, by name. */
function metas(page: Page): Map<string, SectionMeta> {
  const held = new Map<string, SectionMeta>();
  for (const message of page.messages) {
    if (message.type === 'render') {
      held.clear();
      for (const section of (message as RenderMessage).sections) held.set(section.meta.name, section.meta);
    } else if (message.type === 'update') {
      for (const part of (message as UpdateMessage).parts) if (part.kind === 'section' && part.meta) held.set(part.name, part.meta);
    }
  }
  return held;
}

const readsOfTarget = () => memory.reads.filter((path) => path === TARGET).length;

describe('linked files outside the workspace (in-memory VS Code)', () => {
  before(() => setLogSink({ info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined }));
  after(() => setLogSink(undefined));
  let current: Awaited<ReturnType<typeof setUp>> | undefined;
  afterEach(() => {
    current?.dispose();
    current = undefined;
    (vscode.workspace as { isTrusted: boolean }).isTrusted = true;
  });

  it('are not read, shown or counted before consent: a placeholder with a button stands in their place', async () => {
    const { folder, measurements, page, counted } = (current = await setUp());
    const before = readsOfTarget();
    const composition = await measurements.composition(folder);
    assert.ok(!composition.text.includes(KEY));
    assert.match(composition.text, /Sam, who likes tea/);
    assert.deepStrictEqual(
      measurements.linkedOutside(folder).map(({ name, target, shown }) => ({ name, target, shown })),
      [{ name: 'SOUL.md', target: TARGET, shown: false }],
    );
    page.say({ type: 'ready' });
    await settle();
    const soul = metas(page).get('SOUL.md');
    assert.strictEqual(soul?.linked?.text, `links to ${TARGET}: content not shown`);
    assert.ok(soul.linked.show, 'a button to show it');
    assert.ok(!JSON.stringify(page.messages).includes(KEY), 'nothing of the target reaches the page');
    assert.ok(counted.length > 0 && counted.every((text) => !text.includes(KEY)), 'nor the token counter');
    assert.strictEqual(readsOfTarget(), before, 'the target is never read');
    // An editor open on the link (clean) does not bring it in either.
    const document = memory.open(`${folder.path}/SOUL.md`);
    memory.type(document, `${KEY} typed`);
    await settle();
    assert.ok(!(await measurements.composition(folder)).text.includes(KEY));
    document.isClosed = true;
    memory.documents.length = 0;
  });

  it('the button shows it: read, measured, shown and counted from then on, for this session', async () => {
    const { folder, measurements, page, counted } = (current = await setUp());
    page.say({ type: 'ready' });
    await settle();
    page.say({ type: 'showLinked', name: 'SOUL.md' });
    await settle();
    assert.match((await measurements.composition(folder)).text, new RegExp(KEY));
    assert.strictEqual(readsOfTarget() > 0, true);
    assert.strictEqual(metas(page).get('SOUL.md')?.linked, undefined, 'no placeholder once shown');
    assert.ok(JSON.stringify(page.messages).includes(KEY), 'the page shows it');
    assert.ok(
      counted.some((text) => text.includes(KEY)),
      'counted once shown',
    );
    assert.deepStrictEqual(
      measurements.linkedOutside(folder).map((file) => file.shown),
      [true],
    );
  });

  it('a webview cannot show a file the preview offered no button for', async () => {
    const { folder, measurements, page } = (current = await setUp());
    page.say({ type: 'ready' });
    await settle();
    page.say({ type: 'showLinked', name: 'USER.md' });
    page.say({ type: 'showLinked', name: '../../outside/home/.ssh/id_rsa' });
    await settle();
    assert.ok(!(await measurements.composition(folder)).text.includes(KEY));
  });

  it('in Restricted Mode: no button, the reason why, and a request to show it changes nothing', async () => {
    (vscode.workspace as { isTrusted: boolean }).isTrusted = false;
    const { folder, measurements, page } = (current = await setUp());
    page.say({ type: 'ready' });
    await settle();
    const linked = metas(page).get('SOUL.md')?.linked;
    assert.strictEqual(linked?.show, undefined);
    assert.match(linked?.detail ?? '', /Restricted Mode/);
    page.say({ type: 'showLinked', name: 'SOUL.md' });
    assert.strictEqual(measurements.showLinked(folder, 'SOUL.md'), false);
    await settle();
    assert.ok(!(await measurements.composition(folder)).text.includes(KEY));
    assert.ok(!JSON.stringify(page.messages).includes(KEY));
  });

  it('copy and export: left out (and said) before consent; asked about after', async () => {
    const { folder, measurements } = (current = await setUp());
    const composition = await measurements.composition(folder);
    const before = await linkedShare(measurements.linkedOutside(folder), composition, 'composed soul', 'ava', false);
    assert.strictEqual(before.proceed, true);
    assert.match(before.note, /Left out.*SOUL\.md → \/outside\/home\/\.ssh\/id_rsa/);
    assert.ok(measurements.showLinked(folder, 'SOUL.md'));
    await settle();
    const after = await measurements.composition(folder);
    const asked = (vscode.window as unknown as { messages: string[] }).messages;
    const count = asked.length;
    // The fake's question is dismissed: nothing is copied.
    const answer = await linkedShare(measurements.linkedOutside(folder), after, 'composed soul', 'ava', false);
    assert.strictEqual(answer.proceed, false);
    assert.match(asked[count] ?? '', /includes linked files from outside the workspace: SOUL\.md/);
  });

  it('a runtime that sends its own marker for the link (OpenClaw) holds nothing back', () => {
    const linked: LinkedFile[] = [{ name: 'SOUL.md', uri: vscode.Uri.file('/w/SOUL.md'), target: '~/x', shown: false }];
    const measure = (note: string, status = 'unreadable') => ({ files: [{ name: 'SOUL.md', status, note } as unknown as FileMeasure] }) as unknown as Composition;
    assert.deepStrictEqual(heldBack(measure('a link it does not follow: OpenClaw sends "[MISSING]"'), linked), []);
    assert.deepStrictEqual(heldBack(measure('OpenClaw does not read a bootstrap file through a symbolic link'), linked), []);
    assert.strictEqual(heldBack(measure('', 'empty'), linked).length, 1);
  });

  it('a target under the home folder is written with ~', () => {
    assert.strictEqual(displayTarget('/home/sam/.ssh/id_rsa', '/home/sam'), '~/.ssh/id_rsa');
    assert.strictEqual(displayTarget('/home/samuel/x', '/home/sam'), '/home/samuel/x');
    assert.strictEqual(displayTarget('C:\\Users\\sam\\key', 'C:\\Users\\sam'), '~/key');
  });
});
