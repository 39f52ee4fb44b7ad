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

/** A section's state: against its cap, or 'missing' when the runtime sends a marker for it. */
export type SectionState = CapState | 'missing';

/**
 * What a section header shows, and the small strings of its text. A section's text as
 * the runtime sends it is `head + meta.marker + tail`, followed in the soul by
 * `meta.separator`. Texts are formatted (and localized) by the extension.
 */
export interface SectionMeta {
  readonly name: string;
  /** The runtime's verdict on the file: sent, cut, empty, missing, unreadable. */
  readonly status: string;
  /** Size of the whole file in the runtime's unit, before any cut. */
  readonly size: number;
  /** size / effective cap, for the bar (0 without a cap). */
  readonly fraction: number;
  readonly state: SectionState;
  /** e.g. "24,310 chars · 121.6 % of 20,000". */
  readonly sizeText: string;
  /** e.g. "kept 14,920 + 4,973 · dropped 4,417 chars" ('' when there is nothing to count). */
  readonly countsText: string;
  /** The runtime's own words on the file ('' when it has none). */
  readonly note: string;
  /** The runtime's marker, exactly as sent, between head and tail ('' when none). */
  readonly marker: string;
  /** The soul's text after this section, up to the next one (or the end). */
  readonly separator: string;
  /** Says where the cut falls and what is dropped ('' when the file is not cut). */
  readonly cutText: string;
  /** The runtime drops part of this file: it can be revealed. */
  readonly cut: boolean;
  /** The dropped text is shown (see `SectionInit.dropped`). */
  readonly revealed: boolean;
  readonly tokens?: number;
  readonly tokensText?: string;
  /** The file is a link leading outside the workspace, not shown: a placeholder stands in its place. */
  readonly linked?: LinkedView;
}

/** A linked file's placeholder: nothing of its content, only where it leads. */
export interface LinkedView {
  /** e.g. "links to ~/.ssh/id_rsa: content not shown". */
  readonly text: string;
  /** Why, and what showing it does (or why it cannot be shown). */
  readonly detail: string;
  /** The label of the button that shows it; absent when it cannot be shown (Restricted Mode). */
  readonly show?: string;
}

/** What the runtime drops of a file, shown in place at its marker; never part of the soul. */
export interface DroppedView {
  /** e.g. "Dropped by OpenClaw 2026.9.6: 14,107 chars". */
  readonly label: string;
  /** The dropped text, bounded: at most a few tens of KB of it. */
  readonly text: string;
  /** e.g. "… 2,031,520 more bytes" ('' when all of it is shown). */
  readonly moreText: string;
}

export interface SectionInit {
  readonly meta: SectionMeta;
  /** The heading and the text before the marker: what typing changes most. */
  readonly head: string;
  /** The text after the marker ('' without one). */
  readonly tail: string;
  /** Present when the section is revealed. */
  readonly dropped?: DroppedView;
}

/** Files that send nothing, of one kind: "Not loaded by OpenClaw: TOOLS.md HEARTBEAT.md". */
export interface UnsentGroup {
  readonly status: string;
  readonly label: string;
  readonly names: readonly string[];
}

export interface Totals {
  /** UTF-8 bytes of the whole soul. */
  readonly bytes: number;
  /** e.g. "Soul: 28,114 bytes (27.5 KB) · 3 files". */
  readonly text: string;
  /** The runtime's total against its budget: "OpenClaw 2026.9.6: 33,120 of 60,000 chars (55.2 %)". */
  readonly runtimeText: string;
  readonly state: SectionState;
  /** The files that are not sections, by kind. */
  readonly unsent: readonly UnsentGroup[];
  readonly tokens?: number;
  readonly tokensText?: string;
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
  readonly openFile: string;
  readonly cut: string;
  readonly heartwood: string;
  /** The reveal button of a cut section, off and on. */
  readonly showDropped: string;
  readonly hideDropped: string;
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
  /** The soul's text before its first section (OpenClaw's "# Project Context" lines). */
  readonly preamble: string;
  /** In the order of the soul. */
  readonly sections: readonly SectionInit[];
  readonly totals: Totals;
  readonly heartwood?: HeartwoodView;
}

/** An edit of a text the webview holds; `length` is the text's length after it, to catch drift. */
export interface PartPatch {
  readonly patch: Patch;
  readonly length: number;
}

export type SectionChange =
  /** The section (new, or replaced outright). */
  | { readonly kind: 'set'; readonly head: string; readonly tail: string }
  /** Edits of the head, the tail or both. */
  | { readonly kind: 'patch'; readonly head?: PartPatch; readonly tail?: PartPatch }
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
  /** The revealed dropped text changed (or was hidden: `view` undefined). */
  readonly dropped?: DroppedChange;
}

export type DroppedChange =
  { readonly kind: 'set'; readonly view?: DroppedView } | { readonly kind: 'patch'; readonly text: PartPatch; readonly label: string; readonly moreText: string };

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
  /** The new preamble, when it changed. */
  readonly preamble?: string;
  /** The names of the sections, in the order of the soul. */
  readonly order: readonly string[];
  readonly totals: Totals;
}

export interface RevealMessage {
  readonly type: 'reveal';
  /** A bootstrap file name or HEARTWOOD.md. */
  readonly section: string;
  /** Scroll to the cut in that section rather than its header. */
  readonly cut: boolean;
}

/** One section's tokens, as its header shows them. */
export interface SectionTokens {
  readonly name: string;
  readonly tokens: number;
  /** e.g. "1,204 tokens"; an estimate reads "≈ 1,204 tokens". */
  readonly tokensText: string;
}

/** The soul's tokens, its share of the context window, and (when priced) its cost per turn. */
export interface TokenTotals {
  readonly tokens: number;
  /** e.g. "12,410 tokens of 200,000 (6.2 %)". */
  readonly tokensText: string;
  /** tokens / context window, for the bar (may exceed 1). */
  readonly fraction: number;
  /** "sent on every turn: 12,410 tokens ≈ $0.031" ('' without a price). */
  readonly costText: string;
  /** What a prompt cache keeps of the persona under this runtime ('' without a price or a note). */
  readonly cacheText: string;
}

/**
 * The token counts, sent after the render or update they belong to once the counting
 * worker answers: they never hold up the text. Without `totals` (tokens off) the page
 * shows no token at all; a section not listed shows none.
 */
export interface TokensMessage {
  readonly type: 'tokens';
  readonly generation: number;
  readonly sections: readonly SectionTokens[];
  readonly totals?: TokenTotals;
}

/** One session kind as the switch and the summary row show it. */
export interface SessionKindView {
  /** `main`, `subagent`, `cron`, `group` or `heartbeat`. */
  readonly kind: string;
  /** "Main", "Sub-agent", "Cron", "Group chat", "Heartbeat". */
  readonly label: string;
  /** e.g. "≈ 1,204 tokens a run". */
  readonly tokensText: string;
  /** e.g. "48 runs a day (heartbeat every 30m) · ≈ 57,800 tokens a day · ≈ $0.02" ('' when it does not run). */
  readonly perDayText: string;
}

/**
 * An OpenClaw persona's session kinds: the one this preview shows (its own choice, the
 * setting `personaStudio.openclaw.session` by default), all of them side by side, the cost
 * per day, what an edit costs, and the last-run check. Sent after a render; none for
 * another runtime.
 */
export interface SessionsMessage {
  readonly type: 'sessions';
  readonly generation: number;
  readonly chosen: string;
  /** "Session (this preview; the setting's is main):". */
  readonly switchLabel: string;
  readonly kinds: readonly SessionKindView[];
  /** What the chosen kind adds besides the files (the heartbeat's user message) ('' when nothing). */
  readonly note: string;
  /** "Per day: ≈ 1,234,567 tokens, ≈ $1.23" ('' without runs). */
  readonly perDayText: string;
  /** What the cost leaves out. */
  readonly leavesOutText: string;
  /** "this edit: next runs write ≈ 14,200 tokens to the cache ≈ $0.05" ('' when nothing runs). */
  readonly editText: string;
  /** The last-run check: "matches OpenClaw's run of …" or the difference ('' when none was asked for). */
  readonly lastRunText: string;
  readonly lastRunMatches: boolean;
}

/** One file's size over its commits, for its section header. */
export interface SectionHistory {
  readonly name: string;
  /** The sizes at each commit of the last 90 days that changed it, then now: "▁▂▃▅█". */
  readonly sparkline: string;
  /** What the sparkline spans, and where the file is heading ("Last 11 commits · MEMORY.md grew …"). */
  readonly title: string;
}

/** The files' histories, sent after the render they belong to, only for files whose history is known. */
export interface HistoryMessage {
  readonly type: 'history';
  readonly generation: number;
  readonly sections: readonly SectionHistory[];
}

export type ToWebview = RenderMessage | UpdateMessage | RevealMessage | TokensMessage | HistoryMessage | SessionsMessage;

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
  | { readonly type: 'resync' }
  /** Show or hide what the runtime drops of a section. */
  | { readonly type: 'toggleDropped'; readonly name: string }
  /** The user asked to see a linked file the preview holds back. */
  | { readonly type: 'showLinked'; readonly name: string }
  /** Show another session kind in this preview. */
  | { readonly type: 'chooseSession'; readonly kind: string };

/** The session kinds the switch offers, in its order. */
export const SESSION_KINDS: readonly string[] = ['main', 'subagent', 'cron', 'group', 'heartbeat'];

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
    case 'toggleDropped':
      return typeof message.name === 'string' ? { type: 'toggleDropped', name: message.name } : undefined;
    case 'showLinked':
      return typeof message.name === 'string' ? { type: 'showLinked', name: message.name } : undefined;
    case 'chooseSession':
      return typeof message.kind === 'string' && SESSION_KINDS.includes(message.kind) ? { type: 'chooseSession', kind: message.kind } : undefined;
    default:
      return undefined;
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** A tokens message, checked field by field: a malformed one is dropped, not drawn. */
export function parseTokensMessage(value: unknown): TokensMessage | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const message = value as Record<string, unknown>;
  if (message.type !== 'tokens' || typeof message.generation !== 'number' || !Array.isArray(message.sections)) return undefined;
  const sections: SectionTokens[] = [];
  for (const raw of message.sections as unknown[]) {
    const section = raw as Record<string, unknown> | null;
    if (!section || typeof section.name !== 'string' || !isCount(section.tokens) || typeof section.tokensText !== 'string') return undefined;
    sections.push({ name: section.name, tokens: section.tokens, tokensText: section.tokensText });
  }
  let totals: TokenTotals | undefined;
  if (message.totals !== undefined) {
    const raw = message.totals as Record<string, unknown> | null;
    if (!raw || !isCount(raw.tokens) || !isCount(raw.fraction)) return undefined;
    if (typeof raw.tokensText !== 'string' || typeof raw.costText !== 'string' || typeof raw.cacheText !== 'string') return undefined;
    totals = { tokens: raw.tokens, tokensText: raw.tokensText, fraction: raw.fraction, costText: raw.costText, cacheText: raw.cacheText };
  }
  return { type: 'tokens', generation: message.generation, sections, totals };
}

/** A sessions message, checked: a malformed one is dropped, not drawn. */
export function parseSessionsMessage(value: unknown): SessionsMessage | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const m = value as Record<string, unknown>;
  const texts = ['chosen', 'switchLabel', 'note', 'perDayText', 'leavesOutText', 'editText', 'lastRunText'];
  if (m.type !== 'sessions' || typeof m.generation !== 'number' || !Array.isArray(m.kinds) || texts.some((key) => typeof m[key] !== 'string')) return undefined;
  const kinds: SessionKindView[] = [];
  for (const raw of m.kinds as unknown[]) {
    const k = raw as Record<string, unknown> | null;
    if (!k || ['kind', 'label', 'tokensText', 'perDayText'].some((key) => typeof k[key] !== 'string')) return undefined;
    kinds.push({ kind: k.kind as string, label: k.label as string, tokensText: k.tokensText as string, perDayText: k.perDayText as string });
  }
  const text = (key: string) => m[key] as string;
  return {
    type: 'sessions',
    generation: m.generation,
    chosen: text('chosen'),
    switchLabel: text('switchLabel'),
    kinds,
    note: text('note'),
    perDayText: text('perDayText'),
    leavesOutText: text('leavesOutText'),
    editText: text('editText'),
    lastRunText: text('lastRunText'),
    lastRunMatches: m.lastRunMatches === true,
  };
}

/** A history message, checked field by field: a malformed one is dropped, not drawn. */
export function parseHistoryMessage(value: unknown): HistoryMessage | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const message = value as Record<string, unknown>;
  if (message.type !== 'history' || typeof message.generation !== 'number' || !Array.isArray(message.sections)) return undefined;
  const sections: SectionHistory[] = [];
  for (const raw of message.sections as unknown[]) {
    const section = raw as Record<string, unknown> | null;
    if (!section || typeof section.name !== 'string' || typeof section.sparkline !== 'string' || typeof section.title !== 'string') return undefined;
    sections.push({ name: section.name, sparkline: section.sparkline, title: section.title });
  }
  return { type: 'history', generation: message.generation, sections };
}
