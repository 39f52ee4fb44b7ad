// `persona-studio check`: every file of a persona against its cap, as a table or JSON.
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  CapState,
  FileReport,
  formatBytes,
  formatCount,
  formatPercent,
  HEARTWOOD_FILE,
  HeartwoodCaps,
  HeartwoodReport,
  readBootstrapFiles,
  reportHeartwood,
  reportPersona,
  composeFromSources,
  worseState,
  utf8Length,
} from '../core';

export interface PersonaCheck {
  readonly dir: string;
  readonly files: FileReport[];
  readonly soulBytes: number;
  readonly heartwood?: HeartwoodReport;
  readonly state: CapState;
}

export function checkPersona(dir: string, warnAt: number, caps: HeartwoodCaps): PersonaCheck {
  const sources = readBootstrapFiles(dir);
  const { files, state } = reportPersona(sources, warnAt);
  const soulBytes = utf8Length(composeFromSources(sources).soul);
  const heartwood = readHeartwood(dir, caps, warnAt);
  return { dir, files, soulBytes, heartwood, state: heartwood ? worseState(state, heartwood.state) : state };
}

function readHeartwood(dir: string, caps: HeartwoodCaps, warnAt: number): HeartwoodReport | undefined {
  let text: string;
  try {
    if (!fs.readdirSync(dir).includes(HEARTWOOD_FILE)) return undefined;
    text = fs.readFileSync(path.join(dir, HEARTWOOD_FILE), 'utf8');
  } catch {
    return undefined;
  }
  return reportHeartwood(text, caps, warnAt);
}

const stateLabel: Record<CapState, string> = { missing: 'missing', ok: 'ok', near: 'near cap', over: 'OVER CAP' };

export function formatCheck(check: PersonaCheck): string {
  const rows: string[][] = [['FILE', 'BYTES', '% OF CAP', 'STATE']];
  for (const file of check.files) {
    rows.push(
      file.present
        ? [file.name, formatCount(file.bytes), formatPercent(file.fraction), describe(file)]
        : [file.name, '-', '-', stateLabel.missing],
    );
  }
  const lines = [`${check.dir}`, ...table(rows).map((row) => `  ${row}`)];
  lines.push(`  soul: ${formatCount(check.soulBytes)} bytes (${formatBytes(check.soulBytes)})`);
  const heartwood = check.heartwood;
  if (heartwood) {
    const voice = heartwood.hasVoice ? `, voice ${formatCount(heartwood.voiceChars)}` : '';
    lines.push(
      `  ${HEARTWOOD_FILE}: ${formatCount(heartwood.chars)} chars of ${formatCount(heartwood.cap)} ` +
        `(${formatPercent(heartwood.fraction)}; identity ${formatCount(heartwood.identityChars)}${voice}) ${stateLabel[heartwood.state]}` +
        (heartwood.cut ? `, cut at line ${heartwood.cut.line + 1}, column ${heartwood.cut.column + 1}` : ''),
    );
  }
  return lines.join('\n');
}

function describe(file: FileReport): string {
  if (!file.cut) return stateLabel[file.state];
  const { line, column, droppedBytes } = file.cut;
  return `${stateLabel.over}: ${formatCount(droppedBytes)} bytes dropped from line ${line + 1}, column ${column + 1}`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  // Names left-aligned, numbers right-aligned, the state free-standing.
  return rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : column === row.length - 1 ? cell : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd(),
  );
}
