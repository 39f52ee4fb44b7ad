// An OpenClaw persona's every session kind: its composition under each (the files and
// MEMORY.md differ per kind; a heartbeat runs the main session's prompt and sends its
// monitor text as the user message), each kind's tokens a run, runs a day from the agent's
// config, the cost per day with prices, what a saved edit costs in cache writes, and the
// check against OpenClaw's own record of a run. One per window, shared by every preview and
// the status bar; part of the preview session bundle.
import * as vscode from 'vscode';
import {
  compareLastRun,
  Composition,
  composedRun,
  CostPerDay,
  costPerDay,
  EditCacheWrite,
  editCacheWrite,
  FileContent,
  OPENCLAW_HEARTBEAT_PROMPT,
  resolveOpenClawRelease,
  RunKind,
  runsPerDay,
  RuntimeOptions,
  SessionKind,
  sessionKindOfKey,
  SystemPromptReport,
  TokenPrices,
} from '../../core';
import type { CompositionInputs, Measurements } from '../model/measurements';
import type { LiveContent } from '../model/liveContent';
import { runtimeId } from '../model/config';
import { withSkillsSection } from '../model/skillSection';
import type { PersonaTokens } from '../tokens/personaTokens';
import { Disposable } from '../util/disposable';
import { AgentSchedule, readAgentSchedule } from './agentSchedule';
import { costSettings } from './costSettings';

/** The kinds in the switch's order. */
export const SESSION_CHOICES: readonly RunKind[] = ['main', 'subagent', 'cron', 'group', 'heartbeat'];

/** The kind `personaStudio.openclaw.session` sets for a folder: the default of its previews. */
export function settingKind(folder: vscode.Uri): RunKind {
  const value = vscode.workspace.getConfiguration('personaStudio', folder).get<unknown>('openclaw.session', 'main');
  return SESSION_CHOICES.includes(value as RunKind) ? (value as RunKind) : 'main';
}

/** What a kind composes: a heartbeat runs in the main session. */
export const composedAs = (kind: RunKind): SessionKind => (kind === 'heartbeat' ? 'main' : kind);

export interface SessionsDeps {
  readonly measurements: Pick<Measurements, 'inputs' | 'skills' | 'skillsBundle' | 'openclawConfig'> & Partial<Pick<Measurements, 'agent' | 'onDidChangeOpenClawConfig'>>;
  readonly content: Pick<LiveContent, 'content'>;
  readonly tokens?: Pick<PersonaTokens, 'counts' | 'settings'>;
}

export interface KindTokens {
  readonly kind: RunKind;
  readonly tokens: number;
  /** Counted exactly (the composition the token worker counted), not derived or estimated. */
  readonly exact: boolean;
}

export interface SessionsSummary {
  readonly kinds: readonly KindTokens[];
  readonly cost: CostPerDay;
  readonly edit: EditCacheWrite;
  readonly prices?: TokenPrices;
  readonly schedule: AgentSchedule;
  /** `personaStudio.tokens.encoding` is off: no token (nor what they cost) is shown. */
  readonly tokensOff: boolean;
}

/** A report of a run the user gave, and where it was read. */
export interface LastRunRecord {
  readonly report: SystemPromptReport;
  readonly source: string;
}

export interface LastRunResult {
  readonly matches: boolean;
  /** "matches OpenClaw's run of …" or "differs from OpenClaw's run of …: AGENTS.md (…)". */
  readonly summary: string;
  readonly source: string;
}

/** The tokens of a composition: from the counts of the composition counted (exact for that one), else estimated as chars ÷ 4. */
export function kindTokens(
  composition: Composition,
  counts: { composition: Composition; files: ReadonlyMap<string, number>; total: number } | undefined,
): { tokens: number; exact: boolean } {
  if (!counts) return { tokens: Math.ceil(composition.text.length / 4), exact: false };
  if (counts.composition === composition) return { tokens: counts.total, exact: true };
  // A kind sends a subset of the files, each as the counted composition sends it: their
  // counts carry over; the preamble and separators are taken as the counted ones'.
  const counted = new Map(counts.composition.files.map((file) => [file.name, file.section]));
  let files = 0;
  for (const file of counts.composition.files) files += counts.files.get(file.name) ?? 0;
  let tokens = Math.max(0, counts.total - files);
  for (const file of composition.files) {
    if (!file.section) continue;
    const same = counted.get(file.name) === file.section ? counts.files.get(file.name) : undefined;
    tokens += same ?? Math.ceil(file.section.length / 4);
  }
  return { tokens, exact: false };
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class Sessions extends Disposable {
  private readonly schedules = new Map<string, Promise<AgentSchedule>>();
  /** Each kind's composition, per composition of the setting's kind (a new one means a change). */
  private readonly kinds = new WeakMap<Composition, Map<SessionKind, Promise<Composition>>>();
  private readonly lastRuns = new Map<string, LastRunRecord>();
  /** Each record's check, per composition of the folder: done again only when the folder changed. */
  private readonly checks = new WeakMap<Composition, Map<LastRunRecord, Promise<LastRunResult>>>();
  private readonly emitter = this.register(new vscode.EventEmitter<vscode.Uri | undefined>());
  /** The schedule (config, cron store) or a last-run report of a folder changed; undefined: of every folder. */
  readonly onDidChange = this.emitter.event;

  constructor(public deps: SessionsDeps) {
    super();
    const forget = () => {
      this.schedules.clear();
      this.emitter.fire(undefined);
    };
    // The hub's word that a config or cron store changed, as every surface hears it.
    if (deps.measurements.onDidChangeOpenClawConfig) this.register(deps.measurements.onDidChangeOpenClawConfig(forget));
    this.register(vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration('personaStudio') && forget()));
  }

  /** The folder's composition as `kind` runs it. */
  async composition(folder: vscode.Uri, kind: RunKind): Promise<Composition> {
    const inputs = await this.deps.measurements.inputs(folder);
    const session = composedAs(kind);
    if ((inputs.options.session ?? 'main') === session || inputs.profile.id !== 'openclaw') return inputs.composition;
    let byKind = this.kinds.get(inputs.composition);
    if (!byKind) this.kinds.set(inputs.composition, (byKind = new Map()));
    let composition = byKind.get(session);
    if (!composition) {
      composition = this.compose(folder, inputs, { ...inputs.options, session }, true);
      byKind.set(session, composition);
    }
    return composition;
  }

  /** Every kind's tokens a run, runs a day and cost; undefined under another runtime than OpenClaw. */
  async summary(folder: vscode.Uri): Promise<SessionsSummary | undefined> {
    if (runtimeId(folder) !== 'openclaw') return undefined;
    const [schedule, compositions] = await Promise.all([this.schedule(folder), Promise.all(SESSION_CHOICES.map((kind) => this.composition(folder, kind)))]);
    const tokens = this.deps.tokens;
    const tokensOff = tokens !== undefined && tokens.settings(folder).encoding === undefined;
    const counts = tokens && !tokensOff ? tokens.counts(folder) : undefined;
    const kinds = SESSION_CHOICES.map((kind, i) => ({ kind, ...kindTokens(compositions[i], counts) }));
    const promptTokens = Object.fromEntries(kinds.filter((kind) => kind.kind !== 'heartbeat').map((kind) => [kind.kind, kind.tokens]));
    const { turnsPerDay, prices } = costSettings(folder);
    // The agent as the extension found it (every place OpenClaw looks for its config), else as the schedule's config says.
    const agent = this.deps.measurements.agent?.(folder) ?? schedule.agent;
    const cost = costPerDay({ runs: runsPerDay(agent, schedule.jobs, turnsPerDay), promptTokens, prices });
    // A heartbeat's run is the main prompt (none with lightContext) and its monitor text as the user message.
    const heartbeat = agent?.heartbeat;
    const message = Math.ceil((heartbeat?.prompt ?? OPENCLAW_HEARTBEAT_PROMPT).length / 4);
    const withMessage = kinds.map((kind) => (kind.kind === 'heartbeat' ? { ...kind, tokens: (heartbeat?.lightContext ? 0 : kind.tokens) + message, exact: false } : kind));
    return { kinds: withMessage, cost, edit: editCacheWrite(cost, prices), ...(prices && { prices }), schedule: agent ? { ...schedule, agent } : schedule, tokensOff };
  }

  schedule(folder: vscode.Uri): Promise<AgentSchedule> {
    const key = folder.toString();
    let schedule = this.schedules.get(key);
    if (!schedule) this.schedules.set(key, (schedule = this.deps.measurements.openclawConfig().then((config) => readAgentSchedule(folder, config))));
    return schedule;
  }

  /** Keeps a report of a run to check the folder against, as it is edited. */
  setLastRun(folder: vscode.Uri, record: LastRunRecord): void {
    this.lastRuns.set(folder.toString(), record);
    this.emitter.fire(folder);
  }

  hasLastRun(folder: vscode.Uri): boolean {
    return this.lastRuns.has(folder.toString());
  }

  /**
   * The folder now against the report given: composed under the report's session, at its
   * workspace path (unless personaStudio.openclaw.workspacePath is set), with the skill
   * catalog there, hashed as OpenClaw hashes it. Undefined when no report was given.
   */
  async lastRun(folder: vscode.Uri): Promise<LastRunResult | undefined> {
    const record = this.lastRuns.get(folder.toString());
    if (!record) return undefined;
    const inputs = await this.deps.measurements.inputs(folder);
    let checks = this.checks.get(inputs.composition);
    if (!checks) this.checks.set(inputs.composition, (checks = new Map()));
    let check = checks.get(record);
    if (!check) {
      check = this.check(folder, inputs, record);
      checks.set(record, check);
      check.catch(() => checks.delete(record));
    }
    return check;
  }

  private async check(folder: vscode.Uri, inputs: CompositionInputs, { report, source }: LastRunRecord): Promise<LastRunResult> {
    const setPath = vscode.workspace.getConfiguration('personaStudio', folder).inspect<string>('openclaw.workspacePath');
    const explicit = [setPath?.workspaceFolderValue, setPath?.workspaceValue, setPath?.globalValue].some((value) => typeof value === 'string' && value.trim() !== '');
    const workspacePath = (explicit ? inputs.options.workspacePath : report.workspaceDir) ?? inputs.options.workspacePath ?? folder.fsPath;
    const options: RuntimeOptions = { ...inputs.options, workspacePath, session: sessionKindOfKey(report.sessionKey) };
    const composition = await this.compose(folder, inputs, options, false);
    const caps = { maxChars: options.maxChars ?? resolveOpenClawRelease(options.openclawRelease).epoch.maxChars, totalMaxChars: composition.total.cap };
    // The catalog as the persona's is measured (release, tools, the agent's allowlist), at the run's workspace path.
    const skills = await this.deps.measurements.skills(folder, workspacePath.replace(/\\/g, '/'));
    const catalog = skills?.report.catalog ?? '';
    const hash = await sha256(catalog.trim());
    const result = compareLastRun(
      report,
      composedRun(composition, caps, catalog, () => hash),
    );
    return { matches: result.matches, summary: result.summary, source };
  }

  private async compose(folder: vscode.Uri, inputs: CompositionInputs, options: RuntimeOptions, withSkills: boolean): Promise<Composition> {
    const { profile, names } = inputs;
    const limit = profile.readLimitFor?.(options) ?? profile.readLimit;
    // The same reads as the measurement's: live content keeps each file once per version.
    const entries = await Promise.all(names.map(async (name) => [name, await this.deps.content.content(vscode.Uri.joinPath(folder, name), limit)] as const));
    const files = new Map(entries.filter((entry): entry is readonly [string, FileContent] => entry[1] !== undefined));
    const dir = folder.fsPath || folder.path;
    const composed = profile.compose({ dir, files }, options);
    if (!withSkills) return composed;
    const skills = await this.deps.measurements.skills(folder);
    return skills ? withSkillsSection(composed, skills, options.workspacePath ?? dir) : composed;
  }
}

let shared: Sessions | undefined;

/** The window's one Sessions, made by its first user. */
export function sessionsOf(deps: SessionsDeps): Sessions {
  shared ??= new Sessions(deps);
  // The first user may have had no token counts to give; a later one's count for every surface.
  if (!shared.deps.tokens && deps.tokens) shared.deps = deps;
  return shared;
}

/** Ends the window's Sessions (the extension is deactivated, or a test ends). */
export function disposeSessions(): void {
  shared?.dispose();
  shared = undefined;
}
