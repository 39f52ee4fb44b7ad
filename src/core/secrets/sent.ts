// Whether each secret a file holds reaches the model provider under a runtime: sent
// (an error: it goes out on every turn) or not (a warning: the runtime does not load the
// file, or the text lies in a part it drops). Pure: reads a FileMeasure, reads no file.
import type { FileMeasure, Span } from '../runtimes/profile';
import type { SecretFinding } from './detect';
import { placeholderFor, secretLabel } from './kinds';
import { maskFinding, maskSecret } from './mask';
import { englishSecrets, SecretRender } from './messages';

export type SecretSeverity = 'error' | 'warning';

/** A finding as a problem of one file under one runtime: what every surface shows. */
export interface SecretProblem extends SecretFinding {
  /** Some of the value goes to the model provider. */
  readonly sent: boolean;
  readonly severity: SecretSeverity;
  /** What may be shown of the value: `sk-pr…9f2c`. */
  readonly masked: string;
  /** What a quick fix puts in its place: `${OPENAI_API_KEY}`. */
  readonly placeholder: string;
  readonly message: string;
}

const overlaps = (span: Span, finding: SecretFinding) => span.start < finding.end && finding.start < span.end;

/** Whether any of the finding's text is in what the runtime sends of the file. */
export function isSent(finding: SecretFinding, file: Pick<FileMeasure, 'status' | 'kept'>): boolean {
  if (file.status !== 'sent' && file.status !== 'cut') return false;
  return file.kept.some((span) => overlaps(span, finding));
}

/** Each finding of `file.text` as sent or not under the runtime named `runtimeLabel`. */
export function classifySecrets(findings: readonly SecretFinding[], file: FileMeasure, runtimeLabel: string, t: SecretRender = englishSecrets): SecretProblem[] {
  return findings.map((finding) => {
    const sent = isSent(finding, file);
    const masked = maskFinding(file.text, finding);
    const placeholder = placeholderFor(finding.kind);
    const args = [secretLabel(finding.kind), masked, runtimeLabel, file.name, placeholder] as const;
    const message = sent
      ? t('secretSent', ...args)
      : file.status === 'notLoaded'
        ? t('secretNotLoaded', args[0], masked, file.name, runtimeLabel, placeholder)
        : t('secretDropped', args[0], masked, runtimeLabel, file.name, placeholder);
    return { ...finding, sent, severity: sent ? 'error' : 'warning', masked, placeholder, message };
  });
}

/**
 * The composed text with every secret the files hold masked where it is sent: what a
 * preview, a copy or an export shows. A secret a cut splits is masked in the part sent.
 */
export function maskComposed(composed: string, files: ReadonlyArray<{ readonly file: FileMeasure; readonly findings: readonly SecretFinding[] }>): string {
  const swaps = new Map<string, string>();
  for (const { file, findings } of files) {
    for (const finding of findings) {
      for (const span of file.kept) {
        if (!overlaps(span, finding)) continue;
        const start = Math.max(span.start, finding.start);
        const end = Math.min(span.end, finding.end);
        const fragment = file.text.slice(start, end);
        const whole = start === finding.start && end === finding.end;
        // A fragment of three characters or fewer is left: too short to find again safely.
        if (fragment.length > 3) swaps.set(fragment, whole ? maskSecret(fragment) : '•••');
      }
    }
  }
  let masked = composed;
  for (const fragment of [...swaps.keys()].sort((a, b) => b.length - a.length)) masked = masked.split(fragment).join(swaps.get(fragment)!);
  return masked;
}
