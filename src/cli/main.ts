// persona-studio: the command-line twin of the extension, on the same core.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import {
  BOOTSTRAP_ORDER,
  DEFAULT_TOKEN_ENCODING,
  DEFAULT_WARN_AT,
  isTokenEncodingChoice,
  TOKEN_ENCODINGS,
  TokenEncoding,
  HEARTWOOD_FILE,
  escapeControls,
  isAbsoluteWorkspacePath,
  GitError,
  isRuntimeId,
  capsFromConfig,
  oneLine,
  readBootstrapFiles,
  LoadedOpenClawConfig,
  loadOpenClawConfig,
  agentOfWorkspace,
  editCacheWrite,
  normalizeAgentId,
  OpenClawAgent,
  readPersonaInput,
  RUNTIME_IDS,
  RuntimeOptions,
  RuntimeProfile,
  runtimeProfile,
  scaffoldFiles,
  SessionKind,
  TemplateName,
} from '../core';
import { folderOptions, openclawRelease } from './openclawOptions';
import { hermesFlags, hermesOptions, HermesValues } from './hermesOptions';
import { UsageError } from './usageError';
import { agentsReport, formatAgents } from './agents';
import { costFlags, costOptions, personaCost } from './cost';
import { checkLastRun } from './lastRun';
import { checkPersona, formatCheck, PersonaCheck } from './check';
import { doctorCheck } from './doctor';
import { diffPersona, formatDiffText } from './diff';
import { diffAnnotations, diffMarkdown, writeStepSummary } from './diffGithub';
import { formatGithub, formatProblems } from './githubFormat';
import { checkText } from './secrets';
import { composePart, Part, PARTS, readSkills, skillFlags, skillOptions } from './skills';

const USAGE = `Usage:
  persona-studio compose [RUNTIME OPTIONS] [SKILL OPTIONS] DIR
                                          print what the runtime injects for DIR, byte for byte
  persona-studio check [--json | --format text|json|github|problems] [--warn-at F] [--max-chars N]
                       [--ceiling N] [--encoding E] [RUNTIME OPTIONS] [--] DIR...
                                          sizes against the runtime's caps, tokens of what is sent,
                                          secrets (masked), invisible text, rules a cut drops;
                                          exit 1 when a file is cut or dropped (or past F), or
                                          when a secret is sent; problems: one line per problem
                                          for VS Code's matcher
  persona-studio diff [--rev REV] [--json | --format text|json|github] [--encoding E]
                      [--history [--days N] [--max-commits N]] [RUNTIME OPTIONS] [SKILL OPTIONS] DIR...
                                          what changed in the composed prompt since REV (default
                                          HEAD): sizes, tokens, cuts, then a unified diff; with
                                          --history, each file's size over its commits and when
                                          it reaches its cap; under OpenClaw, the skill catalog too
                                          (SKILL OPTIONS) when DIR has skills; exit 1 when a file
                                          became cut or dropped, or a skill left out of the catalog
  persona-studio agents [--config FILE] [--json] [DIR...]
                                          the agents of your OpenClaw config (FILE, else
                                          $OPENCLAW_CONFIG_PATH, else ~/.openclaw/openclaw.json):
                                          workspace, caps, skills, model, heartbeat, and whether
                                          each workspace lies under a DIR
  persona-studio scaffold DIR [FILE...]   create missing bootstrap files from templates
                                          (never overwrites; FILE may be ${HEARTWOOD_FILE})
Runtime options:
  --runtime NAME          ${RUNTIME_IDS.join(' | ')} (default ${RUNTIME_IDS[0]})
  --session KIND          the session: main | subagent | cron | group (default main); OpenClaw's
                          kinds, and Hermes's (subagent also stands for --ignore-rules)
  --openclaw-version V    the OpenClaw release to compose as, e.g. 2026.7.35 (default the newest known)
  --setup STATE           OpenClaw's first-run setup: completed | pending (default: what DIR's
                          .openclaw/workspace-state.json records, else completed)
  --workspace-path P      the absolute path the runtime's headings show (default: DIR's own)
  --bootstrap-max-chars N, --bootstrap-total-max-chars N
                          OpenClaw's caps, for --runtime openclaw (default 20,000 and 60,000)
  --config FILE           OpenClaw's caps from an openclaw.json (JSON5), for --runtime openclaw;
                          its caps win over the two above, as in the editor (~/ is your home)
  --agent ID              the agent whose caps --config reads (default main)
  --hermes-home DIR       Hermes's home, whose SOUL.md and memories/ it reads, for --runtime hermes
                          (default DIR; Hermes's own is $HERMES_HOME, else ~/.hermes)
  --hermes-project DIR    the folder Hermes runs in, whose project files it reads (default DIR;
                          with --session cron, the job's workdir)
  --context-window N      the model's context window in tokens, which sets Hermes's cap a file
                          (default unknown: 20,000 chars; 48,000 at a 200k window)
  --context-file-max-chars N
                          Hermes's context_file_max_chars: the cap a file, whatever the window
Cost options (check, --runtime openclaw): each session kind's tokens per run, runs per day, per day
  --turns-per-day N       chat turns a day in the main session (default 0)
  --cron-jobs FILE        OpenClaw's cron store (~/.openclaw/cron/jobs.json): each job's runs a day
  --price-input D, --price-cache-write D, --price-cache-read D
                          dollars per million tokens: dollars a day (heartbeats come from --config)
Last-run options (check, --runtime openclaw): OpenClaw's record of its last run against this composition
  --last-run FILE         the report: a systemPromptReport, or the output of openclaw agent --local --json
  --state-dir DIR         OpenClaw's state folder (~/.openclaw): the newest report in the session store of
                          --agent (else the folder's agent in --config, else main); needs Node 22.5+
Skill options (--runtime openclaw; check lists the skills of DIR/skills and DIR/.agents/skills):
  --part P                context | skills | all: the Project Context (default), the ## Skills
                          section, or both with what stands between them in the system prompt
  --tools T               exec (Code Mode) | read: how the section says to read a skill
                          (default: the release's default run: exec from 2026.9.6, read before)
  --no-plugin-skills      leave out the stock plugins' skills (browser, canvas)
  --machine-skills        also read the skills OpenClaw reads outside the workspace on this machine:
                          skills.load.extraDirs of the config (--config, else where OpenClaw looks),
                          the installed package's bundled skills ($OPENCLAW_BUNDLED_SKILLS_DIR),
                          ~/.openclaw/skills ($OPENCLAW_STATE_DIR) and ~/.agents/skills; they share
                          the catalog's budget, gated by this machine's PATH, OS, variables and config
                          (diff: as they are now, at both sides: git does not hold them)
Token options:
  --encoding E            ${TOKEN_ENCODINGS.join(' | ')} | off (default ${DEFAULT_TOKEN_ENCODING});
                          claude-estimate is an estimate, shown with ≈`;

const runtimeFlags = {
  runtime: { type: 'string' },
  session: { type: 'string' },
  'workspace-path': { type: 'string' },
  config: { type: 'string' },
  agent: { type: 'string' },
  'openclaw-version': { type: 'string' },
  setup: { type: 'string' },
  'bootstrap-max-chars': { type: 'string' },
  'bootstrap-total-max-chars': { type: 'string' },
  ...hermesFlags,
} as const;

interface RuntimeChoice {
  readonly profile: RuntimeProfile;
  readonly options: RuntimeOptions;
}

type RuntimeValues = { runtime?: string; session?: string; 'workspace-path'?: string; config?: string; agent?: string; 'state-dir'?: string } & {
  'bootstrap-max-chars'?: string;
  'bootstrap-total-max-chars'?: string;
  'openclaw-version'?: string;
  setup?: string;
} & HermesValues;

function runtimeChoice(values: RuntimeValues, err?: NodeJS.WritableStream): RuntimeChoice {
  const id = values.runtime ?? RUNTIME_IDS[0];
  if (!isRuntimeId(id)) throw new UsageError(`--runtime takes one of ${RUNTIME_IDS.join(', ')}, not '${id}'`);
  const session = values.session ?? 'main';
  if (!['main', 'subagent', 'cron', 'group'].includes(session)) throw new UsageError(`--session takes main, subagent, cron or group, not '${session}'`);
  const workspacePath = values['workspace-path'];
  // The core's test, so the CLI refuses exactly the paths the editor's headings leave out.
  if (workspacePath !== undefined && !isAbsoluteWorkspacePath(workspacePath)) throw new UsageError(`--workspace-path takes an absolute path, not '${workspacePath}'`);
  const flags = openclawCapFlags(values, id);
  const caps = values.config === undefined ? {} : configCaps(values.config, values.agent, id);
  if (values.agent !== undefined && values.config === undefined && values['state-dir'] === undefined) {
    throw new UsageError('--agent picks the agent whose caps --config reads (or whose runs --state-dir holds): give --config FILE too');
  }
  return {
    profile: runtimeProfile(id),
    options: { session: session as SessionKind, workspacePath, ...flags, ...caps, ...openclawRelease(values, id, err), ...hermesOptions(values, id) },
  };
}

/** `--bootstrap-max-chars` and `--bootstrap-total-max-chars`, which only OpenClaw has. */
function openclawCapFlags(values: RuntimeValues, runtime: string): RuntimeOptions {
  const caps: { maxChars?: number; totalMaxChars?: number } = {};
  for (const [flag, key] of [
    ['bootstrap-max-chars', 'maxChars'],
    ['bootstrap-total-max-chars', 'totalMaxChars'],
  ] as const) {
    const value = values[flag];
    if (value === undefined) continue;
    if (runtime !== 'openclaw') throw new UsageError(`--${flag} is OpenClaw's cap, for --runtime openclaw, not ${runtime}`);
    caps[key] = count(value, `--${flag}`);
  }
  return caps;
}

/** The caps an openclaw.json sets; only the OpenClaw profile reads one. */
function configCaps(file: string, agent: string | undefined, runtime: string): RuntimeOptions {
  if (runtime !== 'openclaw') throw new UsageError(`--config reads an openclaw.json, for --runtime openclaw, not ${runtime}`);
  try {
    // A regular file of at most 1 MB (each include too), its $includes followed; each failure is one line naming the file.
    const loaded = loadOpenClawConfig(file);
    return capsFromConfig(loaded!.config, agent);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The exit code; `check` answers later (its secret scan is asynchronous), the others at once. */
export function main(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): number | Promise<number> {
  const [command, ...rest] = argv;
  // One line, whatever the folder names or the argument parser hold.
  const fail = (error: unknown): number => {
    const message = error instanceof UsageError || error instanceof GitError || isArgError(error) ? (error as Error).message : String(error);
    err.write(`persona-studio: ${oneLine(message)}\n`);
    return 2;
  };
  try {
    switch (command) {
      case 'compose':
        return compose(rest, out, err);
      case 'check':
        return check(rest, out, err).catch(fail);
      case 'diff':
        return diff(rest, out);
      case 'scaffold':
        return scaffold(rest, out);
      case 'agents':
        return agents(rest, out);
      case '-h':
      case '--help':
      case 'help':
        out.write(USAGE + '\n');
        return 0;
      default:
        throw new UsageError(
          command
            ? `unknown command '${command}': use compose, check, diff, agents or scaffold (persona-studio --help shows how)`
            : 'a command is needed: compose, check, diff, agents or scaffold (persona-studio --help shows how)',
        );
    }
  } catch (error) {
    return fail(error);
  }
}

function compose(args: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...runtimeFlags, ...skillFlags } });
  const { profile, options } = runtimeChoice(values, err);
  const part = values.part ?? 'context';
  if (!(PARTS as readonly string[]).includes(part)) throw new UsageError(`--part takes ${PARTS.join(', ')}, not '${part}'`);
  if (part !== 'context' && profile.id !== 'openclaw') throw new UsageError(`--part ${part} is OpenClaw's skill catalog: give --runtime openclaw too`);
  if (positionals.length !== 1) throw new UsageError('compose takes exactly one DIR');
  const dir = requireFolder(positionals[0]);
  const folder = folderOptions(dir, profile, options);
  const workspacePath = folder.workspacePath ?? path.resolve(dir);
  const skills =
    part === 'context'
      ? undefined
      : readSkills(
          dir,
          skillOptions(values, workspacePath, (message) => new UsageError(message), options.openclawRelease),
        );
  const context = part === 'skills' ? '' : profile.compose(readPersonaInput(dir, profile, folder), folder).text;
  out.write(composePart(part as Part, skills, context, workspacePath));
  return 0;
}

async function check(args: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      format: { type: 'string' },
      'warn-at': { type: 'string' },
      'max-chars': { type: 'string' },
      ceiling: { type: 'string' },
      encoding: { type: 'string' },
      ...runtimeFlags,
      tools: skillFlags.tools,
      'no-plugin-skills': skillFlags['no-plugin-skills'],
      'machine-skills': skillFlags['machine-skills'],
      ...costFlags,
      'last-run': { type: 'string' },
      'state-dir': { type: 'string' },
    },
  });
  const { profile, options } = runtimeChoice(values, err);
  const cost = costOptions(values, profile.id);
  const lastRunAsked = values['last-run'] !== undefined || values['state-dir'] !== undefined;
  if (lastRunAsked && profile.id !== 'openclaw')
    throw new UsageError(`--${values['last-run'] !== undefined ? 'last-run' : 'state-dir'} reads OpenClaw's record of a run, for --runtime openclaw, not ${profile.id}`);
  if (values['last-run'] !== undefined && values['state-dir'] !== undefined) throw new UsageError('--last-run and --state-dir both name a report: give one');
  const config = (cost || values['state-dir'] !== undefined) && values.config !== undefined ? openclawConfig(values.config) : undefined;
  const skillsFor = (dir: string) =>
    profile.id === 'openclaw'
      ? readSkills(
          dir,
          skillOptions(values, options.workspacePath ?? path.resolve(dir), (message) => new UsageError(message), options.openclawRelease),
        )
      : undefined;
  if (positionals.length === 0) throw new UsageError('check takes at least one DIR');
  const warnAt = values['warn-at'] === undefined ? undefined : fraction(values['warn-at']);
  const caps = { maxChars: count(values['max-chars'], '--max-chars'), ceiling: count(values.ceiling, '--ceiling') };
  const encoding = tokenEncoding(values.encoding);
  const dirs = positionals.map(requireFolder);
  const format = values.format ?? (values.json ? 'json' : 'text');
  if (!['text', 'json', 'github', 'problems'].includes(format)) throw new UsageError(`--format takes text, json, github or problems, not '${format}'`);
  const checks: PersonaCheck[] = [];
  // One persona at a time: only one folder's texts are held while its secrets are looked for.
  const label = profile.labelFor?.(options) ?? profile.label;
  for (const dir of dirs) {
    const measured = { ...folderOptions(dir, profile, options), warnAt: warnAt ?? DEFAULT_WARN_AT };
    const input = readPersonaInput(dir, profile, measured);
    const composition = profile.compose(input, measured);
    const skills = skillsFor(dir);
    const check = checkPersona(dir, profile, measured, caps, encoding, composition, skills);
    const perDay = cost && personaCost(dir, profile, measured, encoding, skills, folderAgent(config, values.agent, dir), cost);
    const costFields = perDay && { sessions: perDay.sessions, perDay: perDay.perDay, costLeavesOut: perDay.leavesOut, editCacheWrite: editCacheWrite(perDay, cost?.prices) };
    const lastRun = lastRunAsked
      ? checkLastRun(
          dir,
          profile,
          measured,
          { file: values['last-run'], stateDir: values['state-dir'], agentId: folderAgent(config, values.agent, dir)?.id ?? normalizeAgentId(values.agent ?? 'main') },
          {
            session: values.session !== undefined,
            workspacePath: values['workspace-path'] !== undefined,
            tools: values.tools,
            'no-plugin-skills': values['no-plugin-skills'],
            // The run's catalog held the machine's skills too: compared with them when asked.
            'machine-skills': values['machine-skills'],
            config: values.config,
          },
        )
      : undefined;
    const doctor = profile.id === 'openclaw' ? doctorCheck(input, composition, measured, encoding) : undefined;
    checks.push({ ...check, ...(doctor && { doctor }), ...costFields, ...(lastRun && { lastRun }), ...(await checkText(composition, label)) });
  }
  const secretSent = checks.some((c) => c.secrets?.some((s) => s.sent));
  const failed =
    secretSent || checks.some((c) => c.cut || c.refused || (c.blocked?.length ?? 0) > 0 || c.skillsFailed || c.state === 'over' || (warnAt !== undefined && c.state === 'near'));
  if (format === 'github') out.write(formatGithub(checks, label, warnAt !== undefined));
  else if (format === 'problems') out.write(formatProblems(checks, label));
  else if (format === 'json') {
    const report = {
      ok: !failed,
      runtime: profile.id,
      ...(options.openclawRelease && { release: options.openclawRelease }),
      warnAt: warnAt ?? DEFAULT_WARN_AT,
      encoding: encoding ?? 'off',
      personas: checks,
    };
    // The skills' report object stays out: its list is there as `skills`.
    out.write(JSON.stringify(report, (key, value: unknown) => (key === 'skillsReport' ? undefined : value), 2) + '\n');
  } else out.write(checks.map((c) => formatCheck(c, label)).join('\n\n') + '\n');
  return failed ? 1 : 0;
}

function diff(args: string[], out: NodeJS.WritableStream): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      rev: { type: 'string', default: 'HEAD' },
      json: { type: 'boolean', default: false },
      format: { type: 'string' },
      encoding: { type: 'string' },
      history: { type: 'boolean', default: false },
      days: { type: 'string' },
      'max-commits': { type: 'string' },
      ...runtimeFlags,
      tools: skillFlags.tools,
      'no-plugin-skills': skillFlags['no-plugin-skills'],
      'machine-skills': skillFlags['machine-skills'],
    },
  });
  const { profile, options } = runtimeChoice(values);
  if (positionals.length === 0) throw new UsageError('diff takes at least one DIR');
  const rev = values.rev;
  if (rev === '' || rev.startsWith('-')) throw new UsageError(`--rev takes a revision, not '${escapeControls(rev)}'`);
  const format = values.format ?? (values.json ? 'json' : 'text');
  if (!['text', 'json', 'github'].includes(format)) throw new UsageError(`--format takes text, json or github, not '${format}'`);
  if (!values.history && (values.days !== undefined || values['max-commits'] !== undefined)) throw new UsageError('--days and --max-commits shape --history: give --history too');
  const history = values.history ? { days: count(values.days, '--days', 'days'), maxCommits: count(values['max-commits'], '--max-commits', 'commits') } : undefined;
  const encoding = tokenEncoding(values.encoding);
  // OpenClaw's skill catalog, read as `compose --part all` reads it, at both sides.
  const skillsFor = (dir: string) =>
    profile.id === 'openclaw' ? skillOptions(values, options.workspacePath ?? path.resolve(dir), (message) => new UsageError(message), options.openclawRelease) : undefined;
  const outcomes = positionals.map(requireFolder).map((dir) => diffPersona(dir, profile, options, rev, encoding, history, skillsFor(dir)));
  const failed = outcomes.some(({ diff }) => diff.delta.worse);
  if (format === 'json') {
    const report = { ok: !failed, runtime: profile.id, rev, encoding: encoding ?? 'off', personas: outcomes.map(({ diff }) => diff) };
    out.write(JSON.stringify(report, null, 2) + '\n');
    return failed ? 1 : 0;
  }
  if (format === 'github') {
    const unwritable = writeStepSummary(diffMarkdown(outcomes));
    if (unwritable) throw new UsageError(unwritable);
    out.write(diffAnnotations(outcomes, profile));
  }
  out.write(outcomes.map((outcome) => formatDiffText(outcome, encoding)).join('\n'));
  return failed ? 1 : 0;
}

function agents(args: string[], out: NodeJS.WritableStream): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { config: { type: 'string' }, json: { type: 'boolean', default: false } } });
  const loaded = openclawConfig(values.config);
  if (!loaded) throw new UsageError('no OpenClaw config: none at $OPENCLAW_CONFIG_PATH or ~/.openclaw/openclaw.json (give --config FILE)');
  const report = agentsReport(loaded, positionals.map(requireFolder));
  out.write(values.json ? JSON.stringify(report, null, 2) + '\n' : formatAgents(report));
  return 0;
}

/** The agent a folder belongs to: the one named, else the one whose workspace it is, else the default one. */
function folderAgent(config: LoadedOpenClawConfig | undefined, id: string | undefined, dir: string): OpenClawAgent | undefined {
  if (!config) return undefined;
  if (id !== undefined) {
    const named = config.agents.find((agent) => agent.id === normalizeAgentId(id));
    if (!named) throw new UsageError(`--agent ${id}: no such agent in ${config.file} (it has ${config.agents.map((agent) => agent.id).join(', ')})`);
    return named;
  }
  return agentOfWorkspace(config.agents, path.resolve(dir)) ?? config.agents.find((agent) => agent.default);
}

/** The user's OpenClaw config with its agents; a file that cannot be read or parsed is one line. */
function openclawConfig(file: string | undefined): LoadedOpenClawConfig | undefined {
  try {
    return loadOpenClawConfig(file);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function scaffold(args: string[], out: NodeJS.WritableStream): number {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length === 0) throw new UsageError('scaffold takes a DIR');
  const [target, ...requested] = positionals;
  const dir = requireFolder(target);
  const known: readonly string[] = [...BOOTSTRAP_ORDER, HEARTWOOD_FILE];
  const unknown = requested.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new UsageError(`not a persona file: ${unknown.join(', ')} (expected one of ${known.join(', ')})`);
  const present = readBootstrapFiles(dir);
  const names = (requested.length > 0 ? [...new Set(requested)] : BOOTSTRAP_ORDER.filter((name) => !present.has(name))) as TemplateName[];
  for (const result of scaffoldFiles(dir, names)) {
    const { name } = result;
    if (result.outcome === 'caseVariant') {
      const variants = result.variants.map(escapeControls).join(', ');
      out.write(`not created ${name}: ${variants} is there (differs only by case); the runtime reads only ${name}, so rename ${variants} to ${name}\n`);
    } else out.write(result.outcome === 'created' ? `created ${name}\n` : `kept ${name} (already exists, not overwritten)\n`);
  }
  if (names.length === 0) out.write('nothing to create: all seven bootstrap files exist\n');
  return 0;
}

function requireFolder(dir: string): string {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `${escapeControls(dir)}: no such folder` : `${escapeControls(dir)}: cannot be read (${code})`);
  }
  if (!stat.isDirectory()) throw new UsageError(`${escapeControls(dir)}: is a file, not a persona folder`);
  try {
    fs.readdirSync(dir);
  } catch (error) {
    throw new UsageError(`${escapeControls(dir)}: cannot be read (${(error as NodeJS.ErrnoException).code})`);
  }
  return dir;
}

/** The encoding `--encoding` names; undefined for `off`. */
function tokenEncoding(text: string | undefined): TokenEncoding | undefined {
  const choice = text ?? DEFAULT_TOKEN_ENCODING;
  if (!isTokenEncodingChoice(choice)) throw new UsageError(`--encoding takes one of ${TOKEN_ENCODINGS.join(', ')} or off, not '${choice}'`);
  return choice === 'off' ? undefined : choice;
}

function fraction(text: string): number {
  const value = Number(text);
  if (!(value > 0 && value <= 1)) throw new UsageError(`--warn-at takes a fraction in (0, 1], not '${text}'`);
  return value;
}

function count(text: string | undefined, flag: string, what = 'characters'): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`${flag} takes a whole number of ${what}, not '${text}'`);
  return value;
}

function isArgError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
}

/**
 * Output that cannot be written: a reader that went away (`| head`) ends the command
 * quietly with 0; any other failure (a full disk) is one line and exit 2.
 */
export function guardOutput(stream: NodeJS.WritableStream, err: NodeJS.WritableStream, exit: (code: number) => void): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return exit(0);
    try {
      err.write(`persona-studio: cannot write the output (${oneLine(error.code ?? error.message)})\n`);
    } finally {
      exit(2);
    }
  });
}

if (require.main === module) {
  guardOutput(process.stdout, process.stderr, (code) => process.exit(code));
  // Nothing useful can be said once stderr is gone.
  process.stderr.on('error', () => process.exit(2));
  void Promise.resolve(main(process.argv.slice(2))).then((code) => (process.exitCode = code));
}
