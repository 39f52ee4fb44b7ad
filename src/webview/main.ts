// The soul preview's script: draws what the extension sends and applies its patches.
import { bar, ChunkedText, element, measureColumns, setBar, setText } from './dom';
import { parseHistoryMessage, parseSessionsMessage, parseTokensMessage } from './protocol';
import { showHistory } from './history';
import type {
  FromWebview,
  HeartwoodView,
  HistoryMessage,
  Labels,
  RenderMessage,
  RevealMessage,
  SectionUpdate,
  ToWebview,
  TokensMessage,
  Totals,
  UpdateMessage,
  WebviewState,
} from './protocol';
import { HeartwoodSectionView, SectionView } from './sections';
import { SessionsView } from './sessions';

interface VsCodeApi {
  postMessage(message: FromWebview): void;
  getState(): WebviewState | undefined;
  setState(state: WebviewState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const persona = document.getElementById('persona') as HTMLElement;
const total = document.getElementById('total') as HTMLElement;
const empty = document.getElementById('empty') as HTMLElement;
const soul = document.getElementById('soul') as HTMLElement;
const missing = document.getElementById('missing') as HTMLElement;
const heartwoodSlot = document.getElementById('heartwood') as HTMLElement;
// The runtime's total, beside the soul's bytes; the text before the first section.
const runtimeTotal = element('span', 'runtime-total');
runtimeTotal.id = 'runtime-total';
total.after(runtimeTotal);
const preamble = element('div', 'soul-text preamble');
// The soul's tokens and its share of the context window; its cost per turn when priced.
const tokensTotal = element('span', 'tokens-total');
tokensTotal.id = 'tokens-total';
const tokensBar = bar('tokens');
tokensBar.classList.add('tokens-bar');
const tokensCost = element('div', 'tokens-cost');
tokensCost.id = 'tokens-cost';
const cacheNote = element('div', 'tokens-cache');
cacheNote.id = 'tokens-cache';
runtimeTotal.after(tokensTotal, tokensBar, tokensCost, cacheNote);
let tokens: TokensMessage | undefined;
// An OpenClaw persona's session switch, summary row and cost per day, below the summary.
const sessionsView = new SessionsView((kind) => vscode.postMessage({ type: 'chooseSession', kind }));
(document.getElementById('summary') as HTMLElement).after(sessionsView.element);
/** The files' histories of this page: kept for the sections an update brings. */
let history: HistoryMessage | undefined;

let state: WebviewState = vscode.getState() ?? {};
let generation = -1;
let labels: Labels | undefined;
let sections = new Map<string, SectionView>();
let heartwood: HeartwoodSectionView | undefined;
let pendingReveal: RevealMessage | undefined;
let restoreScroll: number | undefined;

const openFile = (name: string, atCut: boolean) => vscode.postMessage({ type: 'openFile', name, atCut });
const toggleDropped = (name: string) => vscode.postMessage({ type: 'toggleDropped', name });
const showLinked = (name: string) => vscode.postMessage({ type: 'showLinked', name });

function saveState(next: Partial<WebviewState>): void {
  state = { ...state, ...next };
  vscode.setState(state);
}

function render(message: RenderMessage): void {
  generation = message.generation;
  labels = message.labels;
  document.body.classList.toggle('wrap', message.wrap);
  ChunkedText.columns = measureColumns(soul);
  persona.textContent = message.persona?.label ?? '';
  empty.textContent = message.empty ?? '';
  empty.hidden = !message.empty;
  sections = new Map();
  setPreamble(message.preamble);
  soul.replaceChildren(preamble);
  for (const init of message.sections) {
    const view = new SectionView(init, message.labels, openFile, toggleDropped, showLinked);
    sections.set(view.name, view);
    soul.append(view.element);
  }
  heartwood = undefined;
  heartwoodSlot.replaceChildren();
  showHeartwood(message.heartwood);
  showTotals(message.totals);
  showTokens(undefined);
  // Another persona's sessions are not this one's: shown again when the extension sends them.
  if (message.persona?.uri !== state.persona) sessionsView.show(undefined);
  history = undefined;

  const samePersona = message.persona !== undefined && message.persona.uri === state.persona;
  const scrollTop = samePersona ? (state.scrollTop ?? 0) : 0;
  saveState({ persona: message.persona?.uri, scrollTop });
  restoreScroll = scrollTop;
  // After layout; a reveal that comes first wins over the old scroll position.
  requestAnimationFrame(() => {
    if (restoreScroll !== undefined) window.scrollTo(0, restoreScroll);
    restoreScroll = undefined;
  });
  if (pendingReveal) reveal(pendingReveal);
}

function update(message: UpdateMessage): void {
  if (message.generation !== generation) return;
  for (const part of message.parts) {
    if (part.kind === 'heartwood') showHeartwood(part.heartwood);
    else if (!updateSection(part)) return resync();
  }
  if (message.preamble !== undefined) setPreamble(message.preamble);
  if (!order(message.order)) return resync();
  showTotals(message.totals);
  // A section new since the last tokens message shows its tokens once they come.
  if (tokens) showTokens(tokens);
  if (history) showHistory(sections.values(), history);
}

/** Shows the tokens of each section and of the soul; none (tokens off, or not yet counted) hides them. */
function showTokens(message: TokensMessage | undefined): void {
  tokens = message;
  const byName = new Map((message?.sections ?? []).map((section) => [section.name, section.tokensText]));
  for (const view of sections.values()) view.setTokens(byName.get(view.name));
  const totals = message?.totals;
  const bootstrap = sections.size > 0 || !heartwood;
  const shown = totals !== undefined && bootstrap;
  setText(tokensTotal, shown ? totals.tokensText : '');
  tokensTotal.hidden = !shown;
  tokensBar.hidden = !shown;
  if (shown) {
    setBar(tokensBar, totals.fraction, totals.fraction > 1 ? 'over' : 'ok');
    if (tokensBar.getAttribute('aria-label') !== totals.tokensText) tokensBar.setAttribute('aria-label', totals.tokensText);
  }
  setText(tokensCost, shown ? totals.costText : '');
  tokensCost.hidden = !shown || totals.costText === '';
  setText(cacheNote, shown ? totals.cacheText : '');
  cacheNote.hidden = !shown || totals.cacheText === '';
}

function setPreamble(text: string): void {
  setText(preamble, text);
  preamble.hidden = text === '';
}

/** Applies one section's change; false when the page no longer matches the extension's copy. */
function updateSection(part: SectionUpdate): boolean {
  const { change, name } = part;
  let view = sections.get(name);
  if (change.kind === 'remove') {
    view?.element.remove();
    sections.delete(name);
    return true;
  }
  if (!view) {
    if (change.kind !== 'set' || !part.meta || !labels) return false;
    view = new SectionView({ meta: part.meta, head: change.head, tail: change.tail }, labels, openFile, toggleDropped, showLinked);
    sections.set(name, view);
    soul.append(view.element); // Put in its place by the message's order.
  } else {
    if (part.meta) view.setMeta(part.meta);
    if (change.kind === 'set') view.setText(change.head, change.tail);
    // A patch is only right on the exact text it was made from.
    if (change.kind === 'patch' && !view.apply(change.head, change.tail)) return false;
  }
  return !part.dropped || view.applyDropped(part.dropped);
}

/** Puts the sections in the soul's order; false when the page lacks one of them. */
function order(names: readonly string[]): boolean {
  if (names.length !== sections.size || names.some((name) => !sections.has(name))) return false;
  const shown = Array.from(soul.children).filter((node) => node !== preamble);
  if (shown.every((node, i) => (node as HTMLElement).dataset.name === names[i])) return true;
  for (const name of names) soul.append(sections.get(name)!.element);
  return true;
}

function showTotals(totals: Totals): void {
  // A Heartwood-only persona has no bootstrap soul: say nothing about one.
  const bootstrap = sections.size > 0 || !heartwood;
  setText(total, bootstrap ? totals.text : '');
  setText(runtimeTotal, bootstrap ? [totals.runtimeText, totals.tokensText].filter(Boolean).join(' · ') : '');
  runtimeTotal.dataset.state = totals.state;
  const hidden = sections.size === 0 || totals.unsent.length === 0;
  const key = hidden ? '' : JSON.stringify(totals.unsent);
  if (missing.dataset.names === key && missing.hidden === hidden) return;
  missing.dataset.names = key;
  missing.hidden = hidden;
  missing.replaceChildren();
  if (hidden) return;
  for (const group of totals.unsent) {
    const line = element('div', 'unsent');
    line.dataset.status = group.status;
    line.append(element('span', 'missing-label', group.label));
    for (const name of group.names) line.append(' ', element('span', 'missing-name', name));
    missing.append(line);
  }
}

function showHeartwood(view: HeartwoodView | undefined): void {
  if (!view || !labels) {
    heartwood?.element.remove();
    heartwood = undefined;
    return;
  }
  if (!heartwood) {
    heartwood = new HeartwoodSectionView(labels, openFile);
    heartwoodSlot.append(heartwood.element);
  }
  heartwood.update(view);
}

function reveal(message: RevealMessage): void {
  const view = message.section === 'HEARTWOOD.md' ? heartwood : sections.get(message.section);
  if (generation < 0) {
    pendingReveal = message;
    return;
  }
  pendingReveal = undefined;
  if (!view) return;
  restoreScroll = undefined;
  const target = view.target(message.cut);
  scrollUntilSettled(target, message.cut ? 'center' : 'start');
  target.classList.remove('flash');
  void target.offsetWidth; // Restart the highlight when revealed twice in a row.
  target.classList.add('flash');
  window.setTimeout(() => target.classList.remove('flash'), 1600);
}

/** Ends the scrolling of the last reveal: the user's own scrolling, or a newer reveal, wins. */
let stopSettling = (): void => undefined;

/**
 * Scrolls to `target`, then again while chunks coming into view change the layout: an
 * off-screen chunk's height is only a guess (wrapped lines) until it is drawn.
 */
function scrollUntilSettled(target: HTMLElement, block: ScrollLogicalPosition): void {
  stopSettling();
  let stopped = false;
  const stop = () => {
    stopped = true;
    window.removeEventListener('wheel', stop);
    window.removeEventListener('keydown', stop);
  };
  stopSettling = stop;
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('keydown', stop);
  const scroll = () => {
    target.scrollIntoView({ block });
    return target.getBoundingClientRect().top;
  };
  // Chunks brought into view are drawn a frame or two later: watch for half a second.
  let top = scroll();
  let frames = 0;
  const watch = () => {
    if (stopped) return;
    if (!target.isConnected || ++frames > 30) return stop();
    if (target.getBoundingClientRect().top !== top) top = scroll();
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

function resync(): void {
  generation = -1;
  vscode.postMessage({ type: 'resync' });
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  switch (message?.type) {
    case 'render':
      render(message);
      return ack(message.seq);
    case 'update':
      update(message);
      return ack(message.seq);
    case 'reveal':
      return reveal(message);
    case 'sessions': {
      const checked = parseSessionsMessage(message);
      // No kinds: the persona is not shown under OpenClaw.
      if (checked && checked.generation === generation) sessionsView.show(checked.kinds.length > 0 ? checked : undefined);
      return;
    }
    case 'tokens': {
      // Checked before it is drawn; tokens of another page are not this page's.
      const checked = parseTokensMessage(message);
      if (checked && checked.generation === generation) showTokens(checked);
      return;
    }
    case 'history': {
      const checked = parseHistoryMessage(message);
      if (checked && checked.generation === generation) showHistory(sections.values(), (history = checked));
      return;
    }
  }
});

/** The extension sends the next update once this one is applied. */
function ack(seq: number): void {
  vscode.postMessage({ type: 'ack', seq });
}

// Section headers stick just below the summary, whose height changes as it wraps.
new ResizeObserver(() => {
  document.body.style.setProperty('--summary-height', `${(document.getElementById('summary') as HTMLElement).offsetHeight}px`);
}).observe(document.getElementById('summary') as HTMLElement);

// A new width wraps the text differently: guess again the height of what is not drawn.
let soulWidth = -1;
new ResizeObserver(([entry]) => {
  // Typing changes the height on every line; only a new width matters here.
  if (entry.contentRect.width === soulWidth) return;
  soulWidth = entry.contentRect.width;
  const columns = measureColumns(soul);
  if (columns === ChunkedText.columns) return;
  ChunkedText.columns = columns;
  for (const view of sections.values()) view.reguess();
}).observe(soul);

let scrollQueued = false;
window.addEventListener('scroll', () => {
  if (scrollQueued) return;
  scrollQueued = true;
  requestAnimationFrame(() => {
    scrollQueued = false;
    saveState({ scrollTop: window.scrollY });
  });
});

vscode.postMessage({ type: 'ready', state });
