// What `check` says of `openclaw doctor --fix` for a workspace that still holds TOOLS.md,
// HEARTBEAT.md or memory.md under a release that no longer loads them: the prompt after it.
import * as os from 'node:os';
import {
  Composition,
  doctorSummary,
  DoctorSummary,
  formatCount,
  formatPercent,
  formatTokensShort,
  openclawAfterDoctor,
  PersonaInput,
  RuntimeOptions,
  TokenEncoding,
} from '../core';
import { IncrementalTokenCounter } from '../core/tokensCount';

export interface DoctorCheck extends DoctorSummary {
  /** Tokens of the Project Context after the fix less before; absent with `--encoding off`. */
  readonly tokensDelta?: number;
}

export function doctorCheck(input: PersonaInput, composition: Composition, options: RuntimeOptions, encoding?: TokenEncoding): DoctorCheck | undefined {
  const preview = openclawAfterDoctor(input, options, { home: os.homedir() });
  if (!preview) return undefined;
  const summary = doctorSummary(composition, preview);
  if (!encoding) return summary;
  const count = (text: string) => new IncrementalTokenCounter(encoding).count(text);
  return { ...summary, tokensDelta: count(preview.composition.text) - count(composition.text) };
}

/** A row's note: what doctor does with this file. */
export function doctorRowNote(doctor: DoctorCheck | undefined, name: string): string | undefined {
  const move = doctor?.files.find((file) => file.file === name);
  return move && `openclaw doctor --fix: ${move.outcome}`;
}

function signed(value: number, text: string): string {
  return value > 0 ? `+${text}` : value < 0 ? `-${text}` : text;
}

/** The line under the table: AGENTS.md's new size against its cap, what is then cut, the token difference. */
export function formatDoctor(doctor: DoctorCheck, encoding?: TokenEncoding): string[] {
  const moved = doctor.files.filter((file) => file.outcome !== 'left as it is');
  if (moved.length === 0) return [];
  const agents = doctor.agentsCap
    ? `AGENTS.md ${formatCount(doctor.agentsChars)} of ${formatCount(doctor.agentsCap)} chars (${formatPercent(doctor.agentsChars / doctor.agentsCap)})` +
      (doctor.cutChars > 0 ? `, ${formatCount(doctor.cutChars)} chars then cut` : ', sent whole')
    : 'no AGENTS.md';
  const delta = doctor.totalAfter - doctor.totalBefore;
  const tokens = encoding && doctor.tokensDelta !== undefined ? `, ${signed(doctor.tokensDelta, formatTokensShort(Math.abs(doctor.tokensDelta), encoding))} tokens` : '';
  return [`  after openclaw doctor --fix: ${agents}; prompt ${signed(delta, formatCount(Math.abs(delta)))} chars${tokens}`];
}
