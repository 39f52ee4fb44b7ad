// `check`'s secrets: each secret a persona's files hold, masked, and whether the runtime
// sends it; beside them, the invisible text and the rules a cut drops. No value is ever
// printed: every string here is built from a mask, or masked where it quotes the file.
import { Composition, escapeControls, FileMeasure } from '../core';
import { classifySecrets, droppedRules, findHiddenCharacters, findHiddenInstructions, LineIndex, maskWithin, secretLabel, SecretKind, SecretSeverity } from '../core/secrets';
import { detectSecrets, SecretFinding } from '../core/secrets/detect';

export interface SecretCheck {
  /** The file, relative to the persona folder. */
  readonly file: string;
  /** 1-based, as editors count. */
  readonly line: number;
  readonly column: number;
  readonly kind: SecretKind;
  readonly label: string;
  /** What may be shown of the value: `sk-pr…9f2c`. */
  readonly masked: string;
  readonly placeholder: string;
  /** Sent to the model provider on every turn. */
  readonly sent: boolean;
  readonly severity: SecretSeverity;
  readonly message: string;
}

/** Invisible characters, or an HTML comment that gives an instruction. */
export interface HiddenCheck {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly kind: 'characters' | 'comment';
  readonly message: string;
}

/** A rule line in text the runtime drops. */
export interface DroppedRuleCheck {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  /** Names a rule outright: must, never, do not, secret… */
  readonly strong: boolean;
}

export interface TextChecks {
  readonly secrets: SecretCheck[];
  readonly hidden: HiddenCheck[];
  readonly droppedRules: DroppedRuleCheck[];
}

/** What every file of the composition with text carries, in the runtime's file order. */
export async function checkText(composition: Composition, runtimeLabel: string): Promise<TextChecks> {
  const checks: TextChecks = { secrets: [], hidden: [], droppedRules: [] };
  for (const file of composition.files) {
    if (file.text.length === 0) continue;
    const findings = await detectSecrets(file.text);
    const lines = new LineIndex(file.text);
    checks.secrets.push(...secretChecks(file, findings, lines, runtimeLabel));
    const hidden = [
      ...findHiddenCharacters(file.text).map((run) => ({ ...run, kind: 'characters' as const })),
      ...findHiddenInstructions(file.text).map((comment) => ({ ...comment, kind: 'comment' as const })),
    ];
    for (const found of hidden.sort((a, b) => a.start - b.start)) {
      checks.hidden.push({
        file: file.name,
        line: found.line + 1,
        column: found.start - lines.starts[found.line] + 1,
        kind: found.kind,
        message: maskWithin(found.message, file.text, findings),
      });
    }
    for (const rule of droppedRules(file, runtimeLabel)) {
      checks.droppedRules.push({ file: file.name, line: rule.line + 1, rule: maskWithin(rule.text, file.text, findings), strong: rule.strong });
    }
  }
  return checks;
}

function secretChecks(file: FileMeasure, findings: readonly SecretFinding[], lines: LineIndex, runtimeLabel: string): SecretCheck[] {
  return classifySecrets(findings, file, runtimeLabel).map((problem) => ({
    file: file.name,
    line: problem.line + 1,
    column: problem.start - lines.starts[problem.line] + 1,
    kind: problem.kind,
    label: secretLabel(problem.kind),
    masked: problem.masked,
    placeholder: problem.placeholder,
    sent: problem.sent,
    severity: problem.severity,
    message: problem.message,
  }));
}

/** The lines of `check`'s table on invisible text and dropped rules, when there are some. */
export function formatTextChecks(hidden: readonly HiddenCheck[], dropped: readonly DroppedRuleCheck[]): string[] {
  const lines = hidden.map((h) => `  hidden: ${escapeControls(h.file)}:${h.line}:${h.column}  ${escapeControls(h.message)}`);
  if (dropped.length > 0) {
    const files = [...new Set(dropped.map((d) => d.file))].map(escapeControls).join(', ');
    const strong = dropped.filter((d) => d.strong).length;
    lines.push(`  rules dropped: ${dropped.length} rule lines of ${files} are in text the runtime does not send (${strong} with must, never, do not…)`);
    const first = dropped.find((d) => d.strong) ?? dropped[0];
    lines.push(`    first: ${escapeControls(first.file)}:${first.line}  ${escapeControls(first.rule)}`);
  }
  return lines;
}

/** The secrets block of `check`'s table: one row per secret, sent ones said so. */
export function formatSecrets(secrets: readonly SecretCheck[], runtimeLabel: string): string[] {
  if (secrets.length === 0) return [];
  const sent = secrets.filter((s) => s.sent).length;
  const lines = [`  secrets: ${sent} sent to the model provider on every turn, ${secrets.length - sent} in text ${runtimeLabel} does not send`];
  const rows = secrets.map((s) => [`${escapeControls(s.file)}:${s.line}:${s.column}`, s.label, escapeControls(s.masked), s.sent ? 'SENT' : 'not sent', `use ${s.placeholder}`]);
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) lines.push(`    ${row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join('  ')}`);
  return lines;
}
