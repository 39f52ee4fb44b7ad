// A Soul preview on a hub in the in-memory VS Code: a webview that records what the session
// posts and acknowledges each render and update as the page would, and the CompositionSource
// the extension builds over the one Measurements (with `extra` members a test adds).
import './vscode';
// After the fake: `vscode` resolves to it.
import * as vscode from 'vscode';
import type { CompositionSource } from '../../../src/extension/preview/compositionSource';
import { PreviewSession } from '../../../src/extension/preview/previewSession';
import type { ToWebview } from '../../../src/webview/protocol';
import type { OpenHub } from './hub';

export interface OpenPreview {
  readonly session: PreviewSession;
  /** Every message posted to the page, in order. */
  readonly messages: ToWebview[];
  /** A message from the page to the session. */
  say(message: unknown): void;
  /** The last message of a type posted. */
  last<T extends ToWebview['type']>(type: T): Extract<ToWebview, { type: T }> | undefined;
}

/** A preview of `folder`, its page ready. */
export function openPreview(hub: Pick<OpenHub, 'personas' | 'measurements'>, folder: vscode.Uri, extra: Partial<CompositionSource> = {}): OpenPreview {
  const messages: ToWebview[] = [];
  const listeners: Array<(message: unknown) => void> = [];
  const say = (message: unknown) => listeners.forEach((listener) => listener(message));
  const webview = {
    postMessage: async (message: ToWebview) => {
      messages.push(message);
      if (message.type === 'render' || message.type === 'update') setTimeout(() => say({ type: 'ack', seq: message.seq }), 0);
      return true;
    },
    onDidReceiveMessage: (listener: (message: unknown) => void) => {
      listeners.push(listener);
      return { dispose: () => listeners.splice(listeners.indexOf(listener), 1) };
    },
  } as unknown as vscode.Webview;
  const { measurements } = hub;
  const source: CompositionSource = {
    profile: (at) => measurements.profile(at),
    composition: (at) => measurements.composition(at),
    file: (uri) => measurements.file(uri),
    heartwood: (at) => measurements.heartwood(at),
    onDidChange: measurements.onDidChange,
    ...extra,
  };
  const session = new PreviewSession({ webview, visible: true, fileColumn: () => 1 as vscode.ViewColumn }, hub.personas, source, folder, () => '');
  say({ type: 'ready' });
  const last = <T extends ToWebview['type']>(type: T) => messages.filter((message) => message.type === type).pop() as Extract<ToWebview, { type: T }> | undefined;
  return { session, messages, say, last };
}
