// The messages between the extension and the soul preview webview. Both sides import
// this file, so a change to a message is a type error on both sides at once.
// Pure: no DOM, no vscode.

/** Replace `deleteCount` UTF-16 units at `start` with `insert`. */
export interface Patch {
  readonly start: number;
  readonly deleteCount: number;
  readonly insert: string;
}

export type CapState = 'ok' | 'near' | 'over';

/** What a section header shows. Texts are formatted (and localized) by the extension. */
export interface SectionMeta {
  readonly name: string;
  /** Size of the whole file in bytes, before any cut. */
  readonly bytes: number;
  /** bytes / cap, for the bar. */
  readonly fraction: number;
  readonly state: CapState;
  /** e.g. "14,532 bytes · 0.7 % of 2 MB". */
  readonly sizeText: string;
  /** The tail the runtime appends after the cut ('' when the file is not cut). */
  readonly notice: string;
  /** Says where the cut falls and what is dropped ('' when the file is not cut). */
  readonly cutText: string;
}

/**
 * A section's text as the runtime sends it is `head + meta.notice`: the head (heading
 * and kept body) is what typing changes, so only the head is patched.
 */
export interface SectionInit {
  readonly meta: SectionMeta;
  readonly head: string;
}

export interface Totals {
  /** UTF-8 bytes of the whole soul. */
  readonly bytes: number;
  /** e.g. "Soul: 28,114 bytes (27.5 KB) · 3 files". */
  readonly text: string;
  /** Bootstrap files that are absent: not sections. */
  readonly missing: readonly string[];
}

export interface HeartwoodView {
  /** The identity section as sent ('' when there is none). */
  readonly text: string;
  /** Where the voice heading starts in `text`, or -1. */
  readonly voiceAt: number;
  readonly chars: number;
  readonly fraction: number;
  readonly state: CapState | 'missing';
  readonly truncated: boolean;
  /** e.g. "1,234 of 2,000 characters (62 %)". */
  readonly sizeText: string;
  /** e.g. "Identity 1,000 · Voice 234 · maxChars 2,000 · ceiling 8,000". */
  readonly partsText: string;
  readonly cutText: string;
}

/** Strings the webview shows outside any section, localized by the extension. */
export interface Labels {
  readonly missing: string;
  readonly openFile: string;
  readonly cut: string;
  readonly heartwood: string;
}

export interface RenderMessage {
  readonly type: 'render';
  /** Every later update carries it; a webview drops updates of another generation. */
  readonly generation: number;
  /** Acknowledged by the webview: the extension sends the next update once it is. */
  readonly seq: number;
  /** The persona folder shown, or undefined for the empty state. */
  readonly persona?: { readonly uri: string; readonly label: string };
  /** Shown instead of sections when there is nothing to show. */
  readonly empty?: string;
  readonly wrap: boolean;
  readonly labels: Labels;
  readonly sections: readonly SectionInit[];
  readonly totals: Totals;
  readonly heartwood?: HeartwoodView;
}

export type SectionChange =
  /** The section (new, or replaced outright). */
  | { readonly kind: 'set'; readonly head: string }
  /** An edit of the head; `length` is the head's length after it, to catch drift. */
  | { readonly kind: 'patch'; readonly patch: Patch; readonly length: number }
  /** Only the header (size, state, cut) changed. */
  | { readonly kind: 'meta' }
  /** The file is gone: no section. */
  | { readonly kind: 'remove' };

export interface SectionUpdate {
  readonly kind: 'section';
  readonly name: string;
  readonly change: SectionChange;
  /** Present unless the change is a removal. */
  readonly meta?: SectionMeta;
}

export interface HeartwoodUpdate {
  readonly kind: 'heartwood';
  readonly heartwood?: HeartwoodView;
}

/** The changes since the last message: only changed sections, as patches where they can be. */
export interface UpdateMessage {
  readonly type: 'update';
  readonly generation: number;
  readonly seq: number;
  readonly parts: ReadonlyArray<SectionUpdate | HeartwoodUpdate>;
  readonly totals: Totals;
}

export interface RevealMessage {
  readonly type: 'reveal';
  /** A bootstrap file name or HEARTWOOD.md. */
  readonly section: string;
  /** Scroll to the cut in that section rather than its header. */
  readonly cut: boolean;
}

export type ToWebview = RenderMessage | UpdateMessage | RevealMessage;

/** What the webview keeps with `vscode.setState`, so a reload comes back to the same place. */
export interface WebviewState {
  readonly persona?: string;
  readonly scrollTop?: number;
}

export type FromWebview =
  /** The script is loaded (first time, or after the webview was hidden and shown). */
  | { readonly type: 'ready'; readonly state?: WebviewState }
  /** Open a file of the shown persona, at the cut when `atCut`. */
  | { readonly type: 'openFile'; readonly name: string; readonly atCut: boolean }
  /** A render or update is applied: the next may come. */
  | { readonly type: 'ack'; readonly seq: number }
  /** The webview's copy drifted from the extension's: send everything again. */
  | { readonly type: 'resync' };

export function applyPatch(text: string, patch: Patch): string {
  return text.slice(0, patch.start) + patch.insert + text.slice(patch.start + patch.deleteCount);
}

/** A message from the webview, checked: the webview is not trusted to send well-formed data. */
export function parseFromWebview(value: unknown): FromWebview | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ready': {
      const state = message.state as Record<string, unknown> | undefined;
      if (!state || typeof state !== 'object') return { type: 'ready' };
      return {
        type: 'ready',
        state: {
          persona: typeof state.persona === 'string' ? state.persona : undefined,
          scrollTop: typeof state.scrollTop === 'number' ? state.scrollTop : undefined,
        },
      };
    }
    case 'openFile':
      return typeof message.name === 'string' ? { type: 'openFile', name: message.name, atCut: message.atCut === true } : undefined;
    case 'ack':
      return typeof message.seq === 'number' ? { type: 'ack', seq: message.seq } : undefined;
    case 'resync':
      return { type: 'resync' };
    default:
      return undefined;
  }
}
