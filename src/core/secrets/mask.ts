// What may be shown of a secret: a few characters at each end, never more than a quarter
// of it (`sk-pr…9f2c`), and nothing of a short one. The preview, a copy and an export of
// the composed text show each secret so, and every message names it so.
import type { SecretFinding } from './detect';

const HEAD = 5;
const TAIL = 4;
/** Below this many characters nothing of the value is shown. */
const SHOW_FROM = 16;

/** `sk-proj-…9f2c` for a key; `•••` for a password or any value under 16 characters. */
export function maskSecret(value: string): string {
  if (value.length < SHOW_FROM) return '•••';
  const head = Math.min(HEAD, Math.floor(value.length / 8));
  const tail = Math.min(TAIL, Math.floor(value.length / 8));
  return `${value.slice(0, head)}…${value.slice(value.length - tail)}`;
}

/** The mask of a finding's value in `text`. */
export function maskFinding(text: string, finding: Pick<SecretFinding, 'start' | 'end'>): string {
  return maskSecret(text.slice(finding.start, finding.end));
}

/**
 * `text` with each finding's value replaced by its mask: what a preview, a copy or an
 * export shows. Findings index into `text` and do not overlap (as detectSecrets returns them).
 */
export function maskText(text: string, findings: readonly Pick<SecretFinding, 'start' | 'end'>[]): string {
  if (findings.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const finding of [...findings].sort((a, b) => a.start - b.start)) {
    if (finding.start < at) continue;
    parts.push(text.slice(at, finding.start), maskFinding(text, finding));
    at = finding.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * `snippet` (a line or a message quoting the text) with each finding's value in it masked:
 * a dropped rule or a hidden comment may quote a line that holds a secret.
 */
export function maskWithin(snippet: string, text: string, findings: readonly Pick<SecretFinding, 'start' | 'end'>[]): string {
  let masked = snippet;
  for (const finding of findings) {
    const value = text.slice(finding.start, finding.end);
    if (masked.includes(value)) masked = masked.split(value).join(maskSecret(value));
  }
  return masked;
}
