// Secrets in a persona file's text: secretlint's recommended preset and our own rules
// (rules.ts), placeholders and suppressed lines left out, overlaps resolved to the most
// specific kind. The one module that pulls secretlint in: load it lazily, on its own.
// No finding carries the value, and secretlint's messages (which quote it) go no further.
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { kindOfRule, SecretKind } from './kinds';
import { LineIndex } from './lines';
import { isPlaceholder } from './placeholder';
import { Candidate, ownCandidates } from './rules';
import { suppressedLines } from './suppress';

/** One secret in a file's text; `start`/`end` are UTF-16 indexes, `line` is 0-based. */
export interface SecretFinding {
  readonly kind: SecretKind;
  readonly start: number;
  readonly end: number;
  readonly line: number;
}

// The config's type through lintSource: @secretlint/types is secretlint's own dependency, not ours.
const CONFIG: Parameters<typeof lintSource>[0]['options']['config'] = {
  rules: [
    {
      id: '@secretlint/secretlint-rule-preset-recommend',
      rule: recommended,
      rules: [
        // Access key IDs too (off by default); an account ID alone is not a secret.
        { id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true }, allowMessageIds: ['AWSAccountID'] },
      ],
    },
  ],
};

// Generic kinds give way to a specific one where two findings overlap.
const GENERIC: ReadonlySet<SecretKind> = new Set<SecretKind>(['assigned-secret', 'password', 'bearer-token', 'url-credentials', 'connection-string']);

/** The secrets in `text`, in text order; placeholders and suppressed lines are not reported. */
export async function detectSecrets(text: string): Promise<SecretFinding[]> {
  const candidates = [...(await presetCandidates(text)), ...ownCandidates(text)];
  const lines = new LineIndex(text);
  const suppressed = suppressedLines(text, lines);
  const real = candidates.filter((c) => !isPlaceholder(text.slice(c.secret[0], c.secret[1])));
  return resolveOverlaps(real)
    .map((c) => ({ kind: c.kind, start: c.start, end: c.end, line: lines.lineOf(c.start) }))
    .filter((finding) => !suppressed.has(finding.line));
}

async function presetCandidates(text: string): Promise<Candidate[]> {
  const result = await lintSource({
    source: { content: text, filePath: 'persona.md', ext: '.md', contentType: 'text' },
    options: { config: CONFIG, noPhysicFilePath: true, maskSecrets: true },
  });
  return result.messages
    .filter((message) => message.type === 'message')
    .map((message) => {
      const kind = kindOfRule(message.ruleId, message.messageId);
      const [start, end] = kind === 'aws-secret-access-key' ? awsSecretRange(text, message.range) : message.range;
      return { kind, start, end, secret: passwordOf(text, kind, start, end) };
    });
}

/**
 * secretlint 12.0.0 reports an AWS secret access key at the start of its whole match (the
 * `AWS_SECRET_ACCESS_KEY=` name) with the key's length: the key itself is the first run of
 * 40 key characters from there.
 */
function awsSecretRange(text: string, [start, end]: readonly [number, number]): readonly [number, number] {
  const key = /[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])/g;
  key.lastIndex = start;
  const match = key.exec(text);
  return match && match.index - start < 200 ? [match.index, match.index + 40] : [start, end];
}

/** The password of a URL finding (so `db.example.com` does not make it a placeholder); else the whole. */
function passwordOf(text: string, kind: SecretKind, start: number, end: number): readonly [number, number] {
  if (kind !== 'connection-string' && kind !== 'url-credentials') return [start, end];
  const match = /^[a-z][a-z0-9+.:-]*:\/\/[^:/@\s]*:([^@\s]*)@/i.exec(text.slice(start, end));
  if (!match) return [start, end];
  const at = start + match[0].length - 1 - match[1].length;
  return [at, at + match[1].length];
}

/** Overlapping candidates become one: a specific kind over a generic one, then the longer. */
function resolveOverlaps(candidates: readonly Candidate[]): Candidate[] {
  const rank = (c: Candidate) => (GENERIC.has(c.kind) ? 0 : 1);
  const ordered = [...candidates].sort((a, b) => rank(b) - rank(a) || b.end - b.start - (a.end - a.start) || a.start - b.start);
  // Kept in text order, so each newcomer is checked against its two neighbours only.
  const kept: Candidate[] = [];
  for (const candidate of ordered) {
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (kept[middle].start < candidate.start) low = middle + 1;
      else high = middle;
    }
    const before = kept[low - 1];
    const after = kept[low];
    if ((before && before.end > candidate.start) || (after && after.start < candidate.end)) continue;
    kept.splice(low, 0, candidate);
  }
  return kept;
}
