// `diff --format github`: an error annotation on each file that became cut or dropped, a
// warning on each file a forecast sees reaching its cap, and a Markdown step summary.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { catalogChangeText, escapeControls, FILE_CHANGE_LABELS, formatCount, formatDelta, lineAndColumn, utf8Length, utf8Prefix } from '../core';
import type { DiffOutcome } from './diff';
import { changeText, runtimeName, unifiedDiff } from './diff';
import { Annotation, workflowCommand } from './githubFormat';
import type { RuntimeProfile } from '../core';

/** Most bytes of composed-prompt diff one persona puts in the step summary (GitHub takes 1 MiB in all). */
const SUMMARY_DIFF_BYTES = 200 * 1024;

export function diffAnnotations(outcomes: readonly DiffOutcome[], profile: RuntimeProfile): string {
  const annotations: Annotation[] = [];
  for (const { diff, after } of outcomes) {
    for (const file of diff.delta.files) {
      const worse = file.changes.filter((change) => change === 'becameCut' || change === 'becameDropped');
      if (worse.length === 0) continue;
      const measure = after.files.find((candidate) => candidate.name === file.name);
      const first = measure?.dropped[0];
      const at = first && first.start <= measure.text.length ? lineAndColumn(measure.text, first.start) : { line: 0, column: 0 };
      const dropped = `${formatCount(file.after.droppedSize)} of its ${formatCount(file.after.size)} ${diff.delta.unit} are dropped`;
      annotations.push({
        level: 'error',
        file: path.join(diff.dir, file.name),
        line: at.line + 1,
        column: at.column + 1,
        title: `${file.name} ${FILE_CHANGE_LABELS[worse[0]]} since ${diff.rev}`,
        message: `${runtimeName(profile)} ${worse[0] === 'becameCut' ? 'cuts' : 'drops'} ${file.name} since ${diff.rev}: ${dropped}.`,
      });
    }
    for (const skill of diff.delta.skills?.becameLeftOut ?? []) {
      annotations.push({
        level: 'error',
        file: path.join(diff.dir, path.relative(path.resolve(diff.dir), skill.path)),
        line: 1,
        column: 1,
        title: `Skill ${skill.name} left out since ${diff.rev}`,
        message: `${runtimeName(profile)} leaves skill ${skill.name} out of its catalog since ${diff.rev}: past its budget (150 skills, 18,000 chars).`,
      });
    }
    for (const file of diff.history ?? []) {
      if (!file.message || file.forecast?.daysUntilCap === undefined) continue;
      annotations.push({ level: 'warning', file: path.join(diff.dir, file.name), line: 1, column: 1, title: `${file.name} is heading for its cap`, message: `${file.message}.` });
    }
  }
  return annotations.map(workflowCommand).join('');
}

/** The step summary: per persona, the table, the forecasts and the composed-prompt diff. */
export function diffMarkdown(outcomes: readonly DiffOutcome[]): string {
  return outcomes.map(personaMarkdown).join('\n');
}

function personaMarkdown({ diff, before, after }: DiffOutcome): string {
  const { delta } = diff;
  const tokens = delta.totals.tokens !== undefined;
  const lines = [`### Prompt of ${code(diff.dir)} since ${code(diff.rev)} (${diff.commit.slice(0, 7)})`, ''];
  lines.push(`| File | ${delta.unit} @${cell(diff.rev)} | now | Δ |${tokens ? ` tokens @${cell(diff.rev)} | now | Δ |` : ''} change |`);
  lines.push(`|---|--:|--:|--:|${tokens ? '--:|--:|--:|' : ''}---|`);
  for (const file of delta.files) {
    if (file.before.size === 0 && file.after.size === 0 && file.before.status === file.after.status) continue;
    const tokenCells = tokens ? ` ${file.before.tokens ?? 0} | ${file.after.tokens ?? 0} | ${formatDelta(file.before.tokens ?? 0, file.after.tokens ?? 0)} |` : '';
    const change = changeText(file, diff.renames);
    const shown = file.changes.includes('becameCut') || file.changes.includes('becameDropped') ? `**${cell(change)}**` : cell(change);
    lines.push(
      `| ${cell(file.name)} | ${formatCount(file.before.size)} | ${formatCount(file.after.size)} | ${formatDelta(file.before.size, file.after.size)} |${tokenCells} ${shown} |`,
    );
  }
  const catalog = delta.skills;
  if (catalog) {
    const { before, after } = catalog;
    const tokenCells = tokens ? ` ${before.tokens ?? 0} | ${after.tokens ?? 0} | ${formatDelta(before.tokens ?? 0, after.tokens ?? 0)} |` : '';
    const change = cell(catalogChangeText(catalog));
    lines.push(
      `| ## Skills | ${formatCount(before.chars)} | ${formatCount(after.chars)} | ${formatDelta(before.chars, after.chars)} |${tokenCells} ${catalog.becameLeftOut.length > 0 ? `**${change}**` : change} |`,
    );
  }
  const { totals } = delta;
  const tokenTotal = totals.tokens
    ? `, ${formatCount(totals.tokens.before)} → ${formatCount(totals.tokens.after)} tokens (${formatDelta(totals.tokens.before, totals.tokens.after)})`
    : '';
  lines.push('', `Prompt: ${formatCount(totals.bytes.before)} → ${formatCount(totals.bytes.after)} bytes (${formatDelta(totals.bytes.before, totals.bytes.after)})${tokenTotal}.`);
  for (const note of diff.notes) lines.push('', `Note: ${cell(note)}`);
  for (const file of diff.history ?? []) {
    if (file.points.length === 0) continue;
    lines.push('', `${code(file.name)} ${file.sparkline}${file.message ? ` ${cell(file.message)}.` : ''}`);
  }
  const patch = unifiedDiff(before.text, after.text);
  if (patch !== '') {
    const bounded = utf8Length(patch) > SUMMARY_DIFF_BYTES ? patch.slice(0, utf8Prefix(patch, SUMMARY_DIFF_BYTES).index) + '\n… (the rest of the diff is left out)\n' : patch;
    const fence = '`'.repeat(Math.max(3, ...[...bounded.matchAll(/`+/g)].map((run) => run[0].length + 1)));
    lines.push('', '<details><summary>Composed prompt diff</summary>', '', `${fence}diff`, bounded.replace(/\n$/, ''), fence, '', '</details>');
  }
  return lines.join('\n') + '\n';
}

/** Text for a table cell or a line: no control characters, no pipes that would split the cell. */
function cell(text: string): string {
  return escapeControls(text).replace(/\|/g, '\\|');
}

function code(text: string): string {
  const plain = escapeControls(text);
  return plain.includes('`') ? `\`\` ${plain} \`\`` : `\`${plain}\``;
}

/** Appends to GitHub's step summary, as GitHub asks; nothing outside a workflow. A one-line reason when it cannot. */
export function writeStepSummary(markdown: string): string | undefined {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!file) return undefined;
  try {
    fs.appendFileSync(file, markdown);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    return `GITHUB_STEP_SUMMARY (${escapeControls(file)}) cannot be written (${code})`;
  }
}
