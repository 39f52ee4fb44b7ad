// OpenClaw's own record of its last run (`systemPromptReport`, built by its
// buildSystemPromptReport) against what this tool composes: each injected file's raw and
// injected chars, the skills prompt's hash and size, the caps. Equal numbers and an equal
// hash are a match; anything else says which numbers differ and why they likely do.
import type { Composition } from './profile';

export interface ReportedFile {
  readonly name: string;
  readonly path?: string;
  readonly missing: boolean;
  readonly rawChars: number;
  readonly injectedChars: number;
  readonly truncated: boolean;
}

export interface ReportedSkills {
  readonly promptChars: number;
  readonly hash: string;
  readonly entries: readonly { readonly name: string; readonly blockChars: number }[];
}

/** The parts of OpenClaw's report this check reads. */
export interface SystemPromptReport {
  readonly generatedAt?: number;
  readonly sessionKey?: string;
  readonly sessionId?: string;
  readonly provider?: string;
  readonly model?: string;
  readonly workspaceDir?: string;
  readonly bootstrapMaxChars?: number;
  readonly bootstrapTotalMaxChars?: number;
  readonly injectedWorkspaceFiles: readonly ReportedFile[];
  readonly skills?: ReportedSkills;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The report in a JSON value: the report itself, `openclaw agent --json` output
 * (`meta.systemPromptReport`), or a session entry (`systemPromptReport`); undefined when none.
 */
export function findSystemPromptReport(value: unknown): SystemPromptReport | undefined {
  const candidates = [value, isRecord(value) && isRecord(value.meta) ? value.meta.systemPromptReport : undefined, isRecord(value) ? value.systemPromptReport : undefined];
  const report = candidates.find((candidate): candidate is Json => isRecord(candidate) && Array.isArray(candidate.injectedWorkspaceFiles));
  if (!report) return undefined;
  const files = (report.injectedWorkspaceFiles as unknown[]).filter(isRecord).map((file): ReportedFile => ({
    name: str(file.name) ?? '',
    ...(str(file.path) !== undefined && { path: str(file.path) }),
    missing: file.missing === true,
    rawChars: num(file.rawChars) ?? 0,
    injectedChars: num(file.injectedChars) ?? 0,
    truncated: file.truncated === true,
  }));
  const skills = isRecord(report.skills) && typeof report.skills.hash === 'string' ? report.skills : undefined;
  return {
    ...(num(report.generatedAt) !== undefined && { generatedAt: num(report.generatedAt) }),
    ...(str(report.sessionKey) !== undefined && { sessionKey: str(report.sessionKey) }),
    ...(str(report.sessionId) !== undefined && { sessionId: str(report.sessionId) }),
    ...(str(report.provider) !== undefined && { provider: str(report.provider) }),
    ...(str(report.model) !== undefined && { model: str(report.model) }),
    ...(str(report.workspaceDir) !== undefined && { workspaceDir: str(report.workspaceDir) }),
    ...(num(report.bootstrapMaxChars) !== undefined && { bootstrapMaxChars: num(report.bootstrapMaxChars) }),
    ...(num(report.bootstrapTotalMaxChars) !== undefined && { bootstrapTotalMaxChars: num(report.bootstrapTotalMaxChars) }),
    injectedWorkspaceFiles: files,
    ...(skills && {
      skills: {
        promptChars: num(skills.promptChars) ?? 0,
        hash: skills.hash as string,
        entries: (Array.isArray(skills.entries) ? skills.entries : []).filter(isRecord).map((entry) => ({ name: str(entry.name) ?? '', blockChars: num(entry.blockChars) ?? 0 })),
      },
    }),
  };
}

/** The skill blocks of a skills prompt, as OpenClaw's report counts them. */
export function skillBlocks(skillsPrompt: string): { name: string; blockChars: number }[] {
  const prompt = skillsPrompt.trim();
  return Array.from(prompt.matchAll(/<skill>[\s\S]*?<\/skill>/gi), (match) => ({
    name: /<name>\s*([^<]+?)\s*<\/name>/i.exec(match[0])?.[1]?.trim() || '(unknown)',
    blockChars: match[0].length,
  }));
}

/** The same numbers, from this tool's composition. */
export interface ComposedRun {
  readonly files: readonly ReportedFile[];
  readonly skills?: ReportedSkills;
  readonly bootstrapMaxChars: number;
  readonly bootstrapTotalMaxChars?: number;
}

/**
 * Our numbers for a composition (OpenClaw profile) and skills prompt (the catalog,
 * `SkillsReport.catalog`); `sha256` hashes a string to hex (the caller has the crypto).
 */
export function composedRun(
  composition: Composition,
  caps: { maxChars: number; totalMaxChars?: number },
  skillsPrompt: string | undefined,
  sha256: (text: string) => string,
): ComposedRun {
  const files = composition.files
    .filter((file) => file.runReport !== undefined)
    .map((file): ReportedFile => ({
      name: file.name,
      missing: file.runReport!.missing,
      rawChars: file.runReport!.rawChars,
      injectedChars: file.runReport!.injectedChars,
      truncated: !file.runReport!.missing && file.runReport!.injectedChars < file.runReport!.rawChars,
    }));
  const trimmed = skillsPrompt?.trim();
  return {
    files,
    ...(trimmed !== undefined && { skills: { promptChars: trimmed.length, hash: sha256(trimmed), entries: skillBlocks(trimmed) } }),
    bootstrapMaxChars: caps.maxChars,
    ...(caps.totalMaxChars !== undefined && { bootstrapTotalMaxChars: caps.totalMaxChars }),
  };
}

export interface LastRunDifference {
  /** `AGENTS.md`, `skills`, `caps`, `files`. */
  readonly what: string;
  /** Which number, and the two values: "rawChars: run 77, now 80". */
  readonly detail: string;
  readonly reason: string;
}

export interface LastRunComparison {
  /** ISO date of the run, when the report has one. */
  readonly date?: string;
  readonly session?: string;
  readonly matches: boolean;
  readonly differences: readonly LastRunDifference[];
  /** One line for people. */
  readonly summary: string;
}

/** "2026-12-01 12:00 UTC". */
export function formatRunDate(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/:\d\d\.\d+Z$/, ' UTC');
}

/** Compares OpenClaw's report with our numbers. */
export function compareLastRun(report: SystemPromptReport, ours: ComposedRun): LastRunComparison {
  const differences: LastRunDifference[] = [];
  const when = report.generatedAt === undefined ? 'the run' : `the run of ${formatRunDate(report.generatedAt)}`;
  const oursByName = new Map(ours.files.map((file) => [file.name, file]));
  const runNames = new Set(report.injectedWorkspaceFiles.map((file) => file.name));
  for (const run of report.injectedWorkspaceFiles) {
    const now = oursByName.get(run.name);
    if (!now) {
      differences.push({
        what: run.name,
        detail: `injected by ${when} (${run.injectedChars} chars), not by this composition`,
        reason: 'a hook that added files, another release, or another session kind',
      });
      continue;
    }
    if (run.missing !== now.missing) {
      differences.push({ what: run.name, detail: `missing: run ${run.missing}, now ${now.missing}`, reason: `the file was ${now.missing ? 'removed' : 'created'} since ${when}` });
      continue;
    }
    if (run.rawChars !== now.rawChars) {
      differences.push({ what: run.name, detail: `rawChars: run ${run.rawChars}, now ${now.rawChars}`, reason: `the file changed since ${when}` });
    } else if (run.injectedChars !== now.injectedChars) {
      differences.push({
        what: run.name,
        detail: `injectedChars: run ${run.injectedChars}, now ${now.injectedChars}`,
        reason: 'other caps (another config or agent), another release, or an earlier file that changed the total budget',
      });
    }
  }
  for (const now of ours.files) {
    if (!runNames.has(now.name))
      differences.push({
        what: now.name,
        detail: `injected by this composition (${now.injectedChars} chars), not by ${when}`,
        reason: 'another release, session kind or setup state, or the file was created since',
      });
  }
  if (report.bootstrapMaxChars !== undefined && report.bootstrapMaxChars !== ours.bootstrapMaxChars) {
    differences.push({
      what: 'caps',
      detail: `bootstrapMaxChars: run ${report.bootstrapMaxChars}, now ${ours.bootstrapMaxChars}`,
      reason: 'another config, or another agent of it',
    });
  }
  if (report.bootstrapTotalMaxChars !== undefined && report.bootstrapTotalMaxChars !== ours.bootstrapTotalMaxChars) {
    differences.push({
      what: 'caps',
      detail: `bootstrapTotalMaxChars: run ${report.bootstrapTotalMaxChars}, now ${ours.bootstrapTotalMaxChars ?? 'none'}`,
      reason: 'another config, or another agent of it',
    });
  }
  if (report.skills && !ours.skills) differences.push({ what: 'skills', detail: 'the skills prompt was not composed here', reason: 'not checked' });
  if (report.skills && ours.skills && report.skills.hash !== ours.skills.hash) {
    const runSkills = report.skills.entries.map((entry) => entry.name);
    const ourSkills = ours.skills.entries.map((entry) => entry.name);
    const onlyRun = runSkills.filter((name) => !ourSkills.includes(name));
    const onlyOurs = ourSkills.filter((name) => !runSkills.includes(name));
    const detail = `hash: run ${report.skills.hash.slice(0, 12)}…, now ${ours.skills.hash.slice(0, 12)}… (${report.skills.promptChars} vs ${ours.skills.promptChars} chars)`;
    const reason =
      onlyRun.length > 0
        ? `skills from outside the workspace (bundled, managed or plugins'): ${onlyRun.join(', ')}`
        : onlyOurs.length > 0
          ? `skills not in the run: ${onlyOurs.join(', ')} (added since, or left out by its agent's allowlist or gating)`
          : `a skill's name, description or location changed since ${when}, or the workspace is shown at another path`;
    differences.push({ what: 'skills', detail, reason });
  }
  const date = report.generatedAt === undefined ? undefined : new Date(report.generatedAt).toISOString();
  const matches = differences.length === 0 && report.skills !== undefined;
  const summary = matches
    ? `matches OpenClaw's run of ${report.generatedAt === undefined ? 'an unknown date' : formatRunDate(report.generatedAt)}`
    : differences.length === 0
      ? `the files match ${when}, but it recorded no skills prompt to compare`
      : `differs from OpenClaw's ${when.replace(/^the /, '')}: ${differences.map((d) => `${d.what} (${d.detail})`).join('; ')}`;
  return { ...(date && { date }), ...(report.sessionKey && { session: report.sessionKey }), matches, differences, summary };
}

/** The session kind of a session key (`agent:main:main`, `agent:ops:cron:…`, `…:subagent:…`, `…:group:…`). */
export function sessionKindOfKey(key: string | undefined): 'main' | 'subagent' | 'cron' | 'group' {
  const parts = (key ?? '').toLowerCase().split(':');
  if (parts.includes('subagent')) return 'subagent';
  if (parts.includes('cron')) return 'cron';
  if (parts.includes('group') || parts.includes('channel')) return 'group';
  return 'main';
}
