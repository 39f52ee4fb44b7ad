// The session switch of an OpenClaw persona's preview: one kind shown at a time (the
// preview's own choice), every kind's tokens per run side by side, the cost per day, what
// an edit costs and the last-run check. Drawn from a checked sessions message only.
import { element, setText } from './dom';
import type { SessionsMessage } from './protocol';

export class SessionsView {
  readonly element = element('section', 'sessions');
  private readonly label = element('span', 'sessions-label');
  private readonly select = element('select', 'sessions-switch');
  private readonly row = element('div', 'sessions-row');
  private readonly note = element('div', 'sessions-note');
  private readonly perDay = element('div', 'sessions-per-day');
  private readonly leavesOut = element('div', 'sessions-leaves-out');
  private readonly edit = element('div', 'sessions-edit');
  private readonly lastRun = element('div', 'sessions-last-run');
  private shownKinds = '';

  constructor(choose: (kind: string) => void) {
    this.element.id = 'sessions';
    this.element.hidden = true;
    this.select.id = 'sessions-switch';
    this.label.append(this.select);
    const head = element('div', 'sessions-head');
    head.append(this.label);
    this.element.append(head, this.row, this.note, this.perDay, this.leavesOut, this.edit, this.lastRun);
    this.select.addEventListener('change', () => choose(this.select.value));
  }

  /** Shows the message, or hides the whole section (another runtime: no message). */
  show(message: SessionsMessage | undefined): void {
    this.element.hidden = message === undefined;
    if (!message) return;
    const kinds = JSON.stringify(message.kinds.map((kind) => [kind.kind, kind.label]));
    if (kinds !== this.shownKinds) {
      this.shownKinds = kinds;
      this.select.replaceChildren(...message.kinds.map((kind) => Object.assign(element('option', undefined, kind.label), { value: kind.kind })));
    }
    this.select.value = message.chosen;
    this.select.setAttribute('aria-label', message.switchLabel);
    if (this.label.firstChild !== this.select) this.label.firstChild?.remove();
    this.label.insertBefore(document.createTextNode(`${message.switchLabel} `), this.select);
    this.row.replaceChildren(
      ...message.kinds.map((kind) => {
        const cell = element('span', 'sessions-cell');
        cell.dataset.kind = kind.kind;
        cell.classList.toggle('chosen', kind.kind === message.chosen);
        cell.append(element('span', 'sessions-kind', kind.label), ' ', element('span', 'sessions-tokens', kind.tokensText));
        // An empty third column keeps the next kind on its own row.
        cell.append(element('span', 'sessions-kind-per-day', kind.perDayText));
        return cell;
      }),
    );
    for (const [node, text] of [
      [this.note, message.note],
      [this.perDay, message.perDayText],
      [this.leavesOut, message.leavesOutText],
      [this.edit, message.editText],
      [this.lastRun, message.lastRunText],
    ] as const) {
      setText(node, text);
      node.hidden = text === '';
    }
    this.lastRun.dataset.matches = String(message.lastRunMatches);
  }
}
