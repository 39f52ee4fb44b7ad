// Rewordings that keep what a persona means and pass Hermes's scanner: for the patterns ordinary
// prose trips, the matched phrase rewritten; for the rest, why Hermes blocks it. Each rewording is
// checked to clear its pattern (test/unit/hermes-scan.test.ts).
import { scanForThreats, ThreatScope } from './hermesScan';

export interface Rewording {
  /** The text to put in place of the match; undefined when no rewording keeps the meaning. */
  readonly replacement?: string;
  /** One line for people: what the rewording does, or why there is none. */
  readonly explanation: string;
}

type Rule = (match: string) => Rewording;

const keepCase = (original: string, text: string) => (/^[A-Z]/.test(original) ? text[0].toUpperCase() + text.slice(1) : text);

const RULES: Readonly<Record<string, Rule>> = {
  role_hijack: (m) => ({
    replacement: m.replace(/^(you\s+are)\s+(?:[\p{L}\p{N}_]+\s+){0,8}?now\s+/iu, '$1 '),
    explanation: 'drop "now": "you are a …" says the same and is not a role switch',
  }),
  role_pretend: (m) => ({
    replacement: keepCase(
      m,
      m.replace(/^pretend\s+[\s\S]*?(you\s+are|to\s+be)\s+/iu, (_all, what: string) => (/^you/i.test(what) ? 'imagine you are ' : 'play ')),
    ),
    explanation: '"play …" or "imagine you are …" instead of "pretend"',
  }),
  identity_override: (m) => ({ replacement: m.replace(/^name\s+yourself\s+/iu, (s) => keepCase(s, 'your name is ')), explanation: 'state the name: "your name is …"' }),
  c2_heartbeat: (m) => ({
    replacement: m.replace(/^(heartbeat|beacon|check[\s-]?in)\s+(to|with)\s+/iu, (s) => keepCase(s, 'talk with ')),
    explanation: '"talk with" or "ask" instead of "check in with" / "heartbeat to"',
  }),
  c2_task_pull: (m) => ({
    replacement: m.replace(/^pull\s+(down\s+)?(new\s+)?task/iu, (s) => keepCase(s, 'take the next task')),
    explanation: '"take the next task" instead of "pull tasks"',
  }),
  forced_action: () => ({ explanation: '"you must … report/connect/register" reads as a command-and-control order: say "please report …" or say when' }),
  known_c2_framework: (m) => ({ explanation: `"${m.trim()}" is the name of an attack framework to Hermes, whatever it means here: use another word` }),
  html_comment_injection: () => ({
    explanation: 'an HTML comment with "system", "hidden", "secret", "ignore" or "override" is blocked: write the note as text, or leave those words out',
  }),
};

/** A rewording for one hit of a pattern, or why Hermes blocks it; undefined for an id it does not know. */
export function hermesRewording(id: string, match: string): Rewording | undefined {
  if (id.startsWith('invisible_unicode_')) {
    const joiner = id === 'invisible_unicode_U+200D';
    return { replacement: '', explanation: joiner ? 'remove the zero-width joiner: the emoji shows as its parts (👨‍💻 becomes 👨💻)' : 'remove the invisible character' };
  }
  const rule = RULES[id];
  if (rule) return rule(match);
  return { explanation: `Hermes reads "${match.trim()}" as a ${id.replace(/_/g, ' ')} attempt: rephrase it, or move it out of the files Hermes loads` };
}

/** Whether `text`, with `match` at `start` replaced, no longer trips `id` (used to offer only fixes that work). */
export function rewordingClears(text: string, start: number, match: string, replacement: string, id: string, scope: ThreatScope = 'context'): boolean {
  const next = text.slice(0, start) + replacement + text.slice(start + match.length);
  return !scanForThreats(next, scope).some((finding) => finding.id === id);
}
