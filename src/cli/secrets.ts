// `check`'s secrets: each secret a persona's files hold, masked, and whether the runtime
// sends it. No value is ever printed: every string here is built from a mask.
import { Composition, escapeControls } from '../core';
import { classifySecrets, LineIndex, secretLabel, SecretKind, SecretSeverity } from '../core/secrets';
import { detectSecrets } from '../core/secrets/detect';

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

/** The secrets in every file of the composition that has text, in the runtime's file order. */
export async function checkSecrets(composition: Composition, runtimeLabel: string): Promise<SecretCheck[]> {
  const checks: SecretCheck[] = [];
  for (const file of composition.files) {
    if (file.text.length === 0) continue;
    const findings = await detectSecrets(file.text);
    if (findings.length === 0) continue;
    const lines = new LineIndex(file.text);
    for (const problem of classifySecrets(findings, file, runtimeLabel)) {
      checks.push({
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
      });
    }
  }
  return checks;
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
