// `persona-studio check`: every file of a persona under one runtime, against that
// runtime's caps, as a table or JSON.
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  CapState,
  Composition,
  FileMeasure,
  formatBytes,
  formatCount,
  formatPercent,
  HEARTWOOD_FILE,
  HeartwoodCaps,
  HeartwoodReport,
  lineAndColumn,
  readFileBounded,
  OPENCLAW_LINK_NOT_FOLLOWED,
  OPENCLAW_LINK_REFUSED,
  readPersonaInput,
  reportHeartwood,
  RuntimeOptions,
  RuntimeProfile,
  SizeUnit,
  utf8Length,
  worseState,
  decodeUtf8,
  TokenEncoding,
  formatTokensShort,
  formatCostPerTurn,
  cacheNote,
  ENCODING_LABELS,
  escapeControls,
  CostPerDay,
  EditCacheWrite,
  formatPerDay,
} from '../core';
import { IncrementalTokenCounter } from '../core/tokensCount';
import { skillsFailed, SkillsReport } from '../core/skills';
import { DroppedRuleCheck, formatSecrets, formatTextChecks, HiddenCheck, SecretCheck } from './secrets';
import { formatSkillsTable, SkillCheck, skillChecks } from './skills';
import { table } from './table';
import { DoctorCheck, doctorRowNote, formatDoctor } from './doctor';
import type { LastRunCheck } from './lastRun';
import { BlockedCheck, blockedChecks, formatBlocked } from './scanCheck';

export interface FileCheck {
  readonly name: string;
  readonly status: FileMeasure['status'];
  readonly unit: SizeUnit;
  readonly size: number;
  readonly cap?: number;
  readonly effectiveCap?: number;
  readonly kept: number;
  readonly dropped: number;
  readonly state: CapState;
  /** Where the first dropped text begins, 1-based, when the runtime drops some. */
  readonly cut?: { readonly line: number; readonly column: number };
  readonly note?: string;
  /** Kept for the tools that read the earlier JSON: the size in bytes when the unit is bytes. */
  readonly bytes?: number;
  /** Tokens of the file's section as sent, heading included (0 when it sends nothing); absent with `--encoding off`. */
  readonly tokens?: number;
  /** What `openclaw doctor` says of the file, in its words (near its limit from 85 %, or truncated). */
  readonly doctorNote?: string;
  /** The runtime's injection scanner replaces the whole file (`file`) or some of its memory entries (`entries`). */
  readonly blocked?: 'file' | 'entries';
}

export interface PersonaCheck {
  readonly dir: string;
  readonly runtime: string;
  readonly unit: SizeUnit;
  readonly files: FileCheck[];
  /** UTF-8 bytes of what `compose` prints. */
  readonly soulBytes: number;
  readonly total: Composition['total'];
  readonly heartwood?: HeartwoodReport;
  readonly state: CapState;
  /** Some file is cut, or dropped by the budget. */
  readonly cut: boolean;
  /** OpenClaw will not read some file through its symbolic link (8.x+ any link, 2.22–7.x one leading out or nowhere). */
  readonly refused: boolean;
  /** Tokens of the whole text `compose` prints; absent with `--encoding off`. */
  readonly tokens?: number;
  readonly encoding?: TokenEncoding;
  /** The secrets its files hold, masked; with the two below, absent until checkText has run. */
  readonly secrets?: readonly SecretCheck[];
  /** Invisible characters, and HTML comments that give instructions. */
  readonly hidden?: readonly HiddenCheck[];
  /** Rule lines in text the runtime drops. */
  readonly droppedRules?: readonly DroppedRuleCheck[];
  /** OpenClaw's skill catalog of the workspace: every SKILL.md found, and what becomes of it. */
  readonly skills?: SkillCheck[];
  readonly skillsCatalog?: Pick<SkillsReport, 'budget' | 'format' | 'descriptionMaxChars' | 'limitNote'>;
  /** A skill is skipped for an error, or left out by the catalog's budget. */
  readonly skillsFailed?: boolean;
  /** The report itself, for the text and GitHub formats (not in the JSON). */
  readonly skillsReport?: SkillsReport;
  /** OpenClaw 8.x+ with TOOLS.md, HEARTBEAT.md or memory.md still there: the prompt after `openclaw doctor --fix`. */
  readonly doctor?: DoctorCheck;
  /** OpenClaw, with a cost option: each session kind's tokens per run and runs per day. */
  readonly sessions?: CostPerDay['sessions'];
  readonly perDay?: CostPerDay['perDay'];
  /** What the cost per day leaves out. */
  readonly costLeavesOut?: CostPerDay['leavesOut'];
  /** What saving a bootstrap file costs: the next runs write their prefix to the cache. */
  readonly editCacheWrite?: EditCacheWrite;
  /** OpenClaw's record of its last run, compared. */
  readonly lastRun?: LastRunCheck;
  /** Hermes: the home whose SOUL.md and memories/ are read, and the project whose context files are. */
  readonly hermes?: { readonly home: string; readonly project: string };
  /** What the runtime's injection scanner would block (Hermes), each match with its place. */
  readonly blocked?: readonly BlockedCheck[];
}

/** Checks one persona folder; with an `encoding`, counts the tokens of what is sent. */
export function checkPersona(
  dir: string,
  profile: RuntimeProfile,
  options: RuntimeOptions,
  caps: HeartwoodCaps,
  encoding?: TokenEncoding,
  composition: Composition = profile.compose(readPersonaInput(dir, profile, options), options),
  skills?: SkillsReport,
): PersonaCheck {
  // One counter per section; the whole text borrows their chunks' counts, so each is tokenized once.
  const counters = encoding ? composition.files.map(() => new IncrementalTokenCounter(encoding)) : [];
  const files = composition.files.map((file, i) => ({
    ...fileCheck(file, composition.unit),
    ...(encoding && { tokens: counters[i].count(file.section) }),
  }));
  const heartwood = readHeartwood(dir, caps, options.warnAt);
  let state = files.reduce<CapState>((worst, file) => worseState(worst, file.state), 'missing');
  const blocked = blockedChecks(composition);
  if (heartwood) state = worseState(state, heartwood.state);
  return {
    dir,
    runtime: profile.id,
    unit: composition.unit,
    files,
    soulBytes: utf8Length(composition.text),
    total: composition.total,
    heartwood,
    state,
    cut: composition.files.some((file) => file.status === 'cut' || file.status === 'dropped'),
    // Only OpenClaw leaves a file out for being a link; the others follow links.
    refused: profile.id === 'openclaw' && composition.files.some(isRefusedLink),
    ...(encoding && { tokens: new IncrementalTokenCounter(encoding).count(composition.text, counters), encoding }),
    ...(skills && {
      skills: skillChecks(skills),
      skillsCatalog: { budget: skills.budget, format: skills.format, descriptionMaxChars: skills.descriptionMaxChars, limitNote: skills.limitNote },
      skillsFailed: skillsFailed(skills),
    }),
    ...(skills && { skillsReport: skills }),
    ...(profile.id === 'hermes' && { hermes: { home: path.resolve(options.hermesHome ?? dir), project: path.resolve(options.hermesProject ?? dir) } }),
    ...(blocked.length > 0 && { blocked }),
  };
}

/** A file OpenClaw does not read because it is a link (its measure's note says so, marker or not). */
function isRefusedLink(file: FileMeasure): boolean {
  return file.status === 'unreadable' && (file.note === OPENCLAW_LINK_REFUSED || (file.note ?? '').startsWith(OPENCLAW_LINK_NOT_FOLLOWED));
}

function fileCheck(file: FileMeasure, unit: SizeUnit): FileCheck {
  const first = file.dropped[0];
  const cut = first && first.start <= file.text.length ? lineAndColumn(file.text, first.start) : undefined;
  return {
    name: file.name,
    status: file.status,
    unit,
    size: file.size,
    cap: file.cap,
    effectiveCap: file.effectiveCap,
    kept: file.keptSize,
    dropped: file.droppedSize,
    state: file.state,
    cut: cut && { line: cut.line + 1, column: cut.column + 1 },
    note: file.note,
    ...(file.doctorNote && { doctorNote: file.doctorNote }),
    bytes: unit === 'bytes' ? file.size : undefined,
    blocked: file.blocks?.some((block) => block.scope === 'file') ? 'file' : file.blocks?.length ? 'entries' : undefined,
  };
}

function readHeartwood(dir: string, caps: HeartwoodCaps, warnAt?: number): HeartwoodReport | undefined {
  try {
    if (!fs.readdirSync(dir).includes(HEARTWOOD_FILE)) return undefined;
  } catch {
    return undefined;
  }
  // Characters are at most bytes: a few times the ceiling in bytes is enough to count past any cap.
  const content = readFileBounded(path.join(dir, HEARTWOOD_FILE), 64 * 1024 * 1024);
  if (content?.kind !== 'bytes') return undefined;
  return reportHeartwood(decodeUtf8(content.bytes), caps, warnAt);
}

const stateLabel: Record<CapState, string> = { missing: 'missing', ok: 'ok', near: 'near cap', over: 'OVER CAP' };
const unitHeading: Record<SizeUnit, string> = { bytes: 'BYTES', chars: 'CHARS', codepoints: 'CODE POINTS' };
const unitWord: Record<SizeUnit, string> = { bytes: 'bytes', chars: 'chars', codepoints: 'code points' };

export function formatCheck(check: PersonaCheck, runtimeLabel: string): string {
  const encoding = check.encoding;
  // The tokens column sits beside the size, as the preview shows them.
  const withTokens = (cells: string[], tokens: string) => (encoding ? [...cells.slice(0, 2), tokens, ...cells.slice(2)] : cells);
  const rows: string[][] = [withTokens(['FILE', unitHeading[check.unit], '% OF CAP', 'STATE'], 'TOKENS')];
  for (const file of check.files) {
    const shown = file.status !== 'absent' && file.status !== 'notLoaded' && file.status !== 'unreadable';
    const share = file.effectiveCap ? formatPercent(file.size / file.effectiveCap) : '-';
    const tokens = encoding && file.tokens ? formatTokensShort(file.tokens, encoding) : '-';
    const doctor = doctorRowNote(check.doctor, file.name);
    const state = doctor ? `${describe(file, runtimeLabel)}; ${doctor}` : describe(file, runtimeLabel);
    rows.push(withTokens(shown ? [file.name, formatCount(file.size), share, state] : [file.name, '-', '-', state], tokens));
  }
  const lines = [escapeControls(check.dir), ...table(rows).map((row) => `  ${row}`)];
  if (check.hermes) lines.push(`  Hermes home: ${escapeControls(check.hermes.home)}; project: ${escapeControls(check.hermes.project)}`);
  lines.push(`  soul: ${formatCount(check.soulBytes)} bytes (${formatBytes(check.soulBytes)})`);
  if (encoding && check.tokens !== undefined) {
    lines.push(`  ${formatCostPerTurn(check.tokens, encoding)} in ${ENCODING_LABELS[encoding]}`);
    const cache = cacheNote(check.runtime as RuntimeProfile['id']);
    if (cache) lines.push(`  cache: ${cache}`);
  }
  if (check.total.cap !== undefined) {
    lines.push(`  budget: ${formatCount(check.total.size)} of ${formatCount(check.total.cap)} ${unitWord[check.unit]} (${formatPercent(check.total.size / check.total.cap)})`);
  }
  if (check.doctor) lines.push(...formatDoctor(check.doctor, encoding));
  if (check.skillsReport) lines.push(...formatSkillsTable(check.skillsReport, escapeControls));
  if (check.sessions && check.perDay) lines.push(...formatSessions(check));
  if (check.lastRun) {
    lines.push(`  last run: ${escapeControls(check.lastRun.summary)}`, `    from ${escapeControls(check.lastRun.source)}`);
    for (const difference of check.lastRun.differences)
      lines.push(`    ${escapeControls(difference.what)}: ${escapeControls(difference.detail)}; likely ${escapeControls(difference.reason)}`);
  }
  const heartwood = check.heartwood;
  if (heartwood) {
    const voice = heartwood.hasVoice ? `, voice ${formatCount(heartwood.voiceChars)}` : '';
    lines.push(
      `  ${HEARTWOOD_FILE}: ${formatCount(heartwood.chars)} chars of ${formatCount(heartwood.cap)} ` +
        `(${formatPercent(heartwood.fraction)}; identity ${formatCount(heartwood.identityChars)}${voice}) ${stateLabel[heartwood.state]}` +
        (heartwood.cut ? `, cut at line ${heartwood.cut.line + 1}, column ${heartwood.cut.column + 1}${heartwood.cut.splitsPair ? ' (splits a surrogate pair)' : ''}` : ''),
    );
  }
  lines.push(...formatBlocked(check.blocked ?? []));
  lines.push(...formatSecrets(check.secrets ?? [], runtimeLabel), ...formatTextChecks(check.hidden ?? [], check.droppedRules ?? []));
  return lines.join('\n');
}

const NEAR_WORDS = 'Workspace bootstrap files are near configured limits';

function describe(file: FileCheck, runtimeLabel: string): string {
  switch (file.status) {
    case 'absent':
      return stateLabel.missing;
    case 'notLoaded':
      // A note that says more than the status (Hermes: which file wins) follows it.
      return `not loaded by ${runtimeLabel}${file.note && !file.note.startsWith('not loaded') ? `: ${file.note.replace(/^not read(?: by [^:]+)?: /, '')}` : ''}`;
    case 'unreadable':
      return 'unreadable';
    case 'missing':
      return 'missing (a marker is sent)';
    case 'empty':
      return 'empty (nothing sent)';
    case 'dropped':
      return 'DROPPED: the total budget is spent';
  }
  if (file.blocked === 'file') return 'BLOCKED by the injection scanner (below)';
  if (file.blocked === 'entries' && !file.note?.includes('Hermes shows')) return `${stateLabel[file.state]}; entries removed by the injection scanner (below)`;
  // Doctor calls a file near its limit from 85 %: said beside ours, in its words.
  if (file.status !== 'cut') return file.doctorNote?.startsWith(NEAR_WORDS) ? `${stateLabel[file.state]}; openclaw doctor: near configured limits` : stateLabel[file.state];
  const where = file.cut ? ` from line ${file.cut.line}, column ${file.cut.column}` : '';
  const note = file.note ? ` (${file.note})` : '';
  return `${stateLabel.over}: ${formatCount(file.dropped)} ${unitWord[file.unit]} dropped${where}${note}`;
}

const KIND_WORD: Record<string, string> = { main: 'main', heartbeat: 'heartbeat', cron: 'cron', subagent: 'sub-agent', group: 'group' };

function formatSessions(check: PersonaCheck): string[] {
  const sessions = check.sessions ?? [];
  const withDollars = sessions.some((session) => session.dollarsPerDay !== undefined);
  const rows = [['SESSION', 'TOKENS/RUN', 'RUNS/DAY', 'TOKENS/DAY', ...(withDollars ? ['$/DAY'] : []), 'FROM']];
  for (const session of sessions) {
    const runs = Number.isInteger(session.runsPerDay) ? formatCount(session.runsPerDay) : session.runsPerDay.toFixed(2);
    const dollars =
      session.dollarsPerDay === undefined
        ? []
        : [`${session.dollarsPerDay.toFixed(2)}${session.cache === 'write' ? ' (cache write)' : session.cache === 'read' ? ' (cache read)' : ''}`];
    rows.push([
      KIND_WORD[session.kind] ?? session.kind,
      formatCount(session.tokens),
      runs,
      formatCount(Math.round(session.tokensPerDay)),
      ...dollars,
      escapeControls(session.from),
    ]);
  }
  const perDay = formatPerDay({ sessions, perDay: check.perDay!, leavesOut: check.costLeavesOut ?? [] });
  return [
    '  sessions:',
    ...table(rows).map((row) => `    ${row}`),
    `  per day: ${perDay}; leaves out ${(check.costLeavesOut ?? []).join(', ')}`,
    ...(check.editCacheWrite && check.editCacheWrite.tokens > 0 ? [`  ${check.editCacheWrite.message.replace(/^this edit/, 'an edit')}`] : []),
  ];
}
