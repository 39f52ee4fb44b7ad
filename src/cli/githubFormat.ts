// `check --format github`: one GitHub Actions workflow command per file that is cut,
// dropped, over or near its cap, and per secret (masked) a file holds
// (`::error file=…,line=…,col=…,title=…::message`), so a CI run shows them on the pull
// request; `--format problems` the same problems for VS Code's problem matcher, which
// cannot undo GitHub's escapes of `%`, `,` and `:`.
import * as path from 'node:path';
import { formatCount, HEARTWOOD_FILE, oneLine } from '../core';
import { skillProblems } from '../core/skills';
import type { FileCheck, PersonaCheck } from './check';

type Level = 'error' | 'warning';

export interface Annotation {
  readonly level: Level;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly title: string;
  readonly message: string;
}

const unitWord = { bytes: 'bytes', chars: 'chars', codepoints: 'code points' } as const;

export function formatGithub(checks: readonly PersonaCheck[], runtimeLabel: string, warnAtFails: boolean): string {
  const annotations = checks.flatMap((check) => annotationsOf(check, runtimeLabel, warnAtFails));
  return annotations.map(workflowCommand).join('');
}

/** Between a problem's message and its file: a character no message holds, kept by a task's terminal. */
const PROBLEM_SEPARATOR = '\u241F';

/**
 * `persona-studio error 3:1 MESSAGE ␟ FILE`: the message on one line without the separator
 * (U+241F, which a task's terminal keeps, where it turns a tab into spaces), the path last
 * and as it is, so the matcher in package.json reads back the file that exists. Near a cap
 * is a warning, as in the live Problems.
 */
export function formatProblems(checks: readonly PersonaCheck[], runtimeLabel: string): string {
  const annotations = checks.flatMap((check) => annotationsOf(check, runtimeLabel, false));
  // Only a line break cannot be carried; such a path is written with escapes.
  const file = (text: string) => text.replace(/\r/g, '\\r').replace(/\n/g, '\\n');
  return annotations
    .map((a) => `persona-studio ${a.level} ${a.line}:${a.column} ${oneLine(a.message).replaceAll(PROBLEM_SEPARATOR, '|')} ${PROBLEM_SEPARATOR} ${file(a.file)}\n`)
    .join('');
}

function annotationsOf(check: PersonaCheck, runtimeLabel: string, warnAtFails: boolean): Annotation[] {
  const annotations: Annotation[] = [];
  const nearLevel: Level = warnAtFails ? 'error' : 'warning';
  for (const file of check.files) {
    const at = { file: path.join(check.dir, file.name), line: file.cut?.line ?? 1, column: file.cut?.column ?? 1 };
    // A file the scanner blocks has its own annotations below, at each match.
    if (file.blocked) continue;
    if (file.status === 'cut') {
      annotations.push({ ...at, level: 'error', title: `${file.name} over its cap`, message: cutMessage(file, runtimeLabel) });
    } else if (file.status === 'dropped') {
      annotations.push({ ...at, level: 'error', title: `${file.name} dropped`, message: `${runtimeLabel} drops ${file.name}: the total budget is spent before it.` });
    } else if (file.state === 'over' || file.state === 'near') {
      annotations.push({
        ...at,
        level: file.state === 'over' ? 'error' : nearLevel,
        title: `${file.name} ${file.state === 'over' ? 'over' : 'near'} its cap`,
        message: shareMessage(file),
      });
    }
  }
  for (const hit of check.blocked ?? []) {
    const title = hit.scope === 'file' ? `Hermes blocks ${hit.file}` : `Hermes removes an entry of ${hit.file}`;
    annotations.push({ level: 'error', file: path.join(check.dir, hit.file), line: hit.line, column: hit.column, title, message: `${hit.message}. It sends instead: ${hit.sent}` });
  }
  for (const secret of check.secrets ?? []) {
    annotations.push({
      level: secret.severity,
      file: path.join(check.dir, secret.file),
      line: secret.line,
      column: secret.column,
      title: `${secret.label} ${secret.sent ? 'sent to the model provider' : 'not sent'}`,
      message: secret.message,
    });
  }
  for (const hidden of check.hidden ?? []) {
    const title = hidden.kind === 'comment' ? 'An instruction in an HTML comment' : 'Invisible characters';
    annotations.push({ level: 'warning', file: path.join(check.dir, hidden.file), line: hidden.line, column: hidden.column, title, message: hidden.message });
  }
  const heartwood = check.heartwood;
  if (heartwood && (heartwood.state === 'over' || heartwood.state === 'near')) {
    const over = heartwood.state === 'over';
    const where = heartwood.cut ? { line: heartwood.cut.line + 1, column: heartwood.cut.column + 1 } : { line: 1, column: 1 };
    const dropped = heartwood.cut ? `; ${formatCount(heartwood.cut.droppedChars)} chars are dropped from here` : '';
    annotations.push({
      ...where,
      file: path.join(check.dir, HEARTWOOD_FILE),
      level: over ? 'error' : nearLevel,
      title: `${HEARTWOOD_FILE} ${over ? 'over' : 'near'} its cap`,
      message: `${HEARTWOOD_FILE} is ${formatCount(heartwood.chars)} chars of its ${formatCount(heartwood.cap)} cap${dropped}.`,
    });
  }
  for (const problem of check.skillsReport ? skillProblems(check.skillsReport) : []) {
    if (problem.severity === 'info') continue;
    const title = problem.severity === 'error' ? 'Skill not in the prompt' : 'Skill not listed whole';
    annotations.push({ file: problem.path, line: problem.line ?? 1, column: 1, level: problem.severity, title, message: `${problem.message}.` });
  }
  return annotations;
}

function cutMessage(file: FileCheck, runtimeLabel: string): string {
  const note = file.note ? ` (${file.note})` : '';
  return `${runtimeLabel} cuts ${file.name} here: ${formatCount(file.dropped)} of its ${formatCount(file.size)} ${unitWord[file.unit]} are dropped${note}.`;
}

// No percent signs in messages: GitHub would show them, but VS Code's problem matcher,
// which reads the same lines, would show their escape.
function shareMessage(file: FileCheck): string {
  const cap = file.effectiveCap ?? file.cap;
  return `${file.name} is ${formatCount(file.size)} ${unitWord[file.unit]} of its ${cap ? formatCount(cap) : 'unknown'} cap.`;
}

/** GitHub's escaping: `%`, CR and LF everywhere; also `:` and `,` inside properties. */
export function workflowCommand(annotation: Annotation): string {
  const data = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const properties = [`file=${property(annotation.file)}`, `line=${annotation.line}`, `col=${annotation.column}`, `title=${property(annotation.title)}`].join(',');
  return `::${annotation.level} ${properties}::${data(annotation.message)}\n`;
}
