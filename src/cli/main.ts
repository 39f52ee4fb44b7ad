// persona-studio: the command-line twin of the extension, on the same core.
import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import * as path from 'node:path';
import {
  BOOTSTRAP_ORDER,
  DEFAULT_TOKEN_ENCODING,
  DEFAULT_WARN_AT,
  isTokenEncodingChoice,
  TOKEN_ENCODINGS,
  TokenEncoding,
  HEARTWOOD_FILE,
  escapeControls,
  isRuntimeId,
  parseOpenClawConfig,
  oneLine,
  readBootstrapFiles,
  readPersonaInput,
  RUNTIME_IDS,
  RuntimeOptions,
  RuntimeProfile,
  runtimeProfile,
  scaffoldFiles,
  SessionKind,
  TemplateName,
} from '../core';
import { checkPersona, formatCheck } from './check';
import { formatGithub } from './githubFormat';
import { composePart, Part, PARTS, readSkills, skillFlags, skillOptions } from './skills';

const USAGE = `Usage:
  persona-studio compose [RUNTIME OPTIONS] [SKILL OPTIONS] DIR
                                          print what the runtime injects for DIR, byte for byte
  persona-studio check [--json | --format text|json|github] [--warn-at F] [--max-chars N] [--ceiling N]
                       [--encoding E] [RUNTIME OPTIONS] DIR...
                                          sizes against the runtime's caps, and tokens of what
                                          is sent; exit 1 when a file is cut or dropped (or past F)
  persona-studio scaffold DIR [FILE...]   create missing bootstrap files from templates
                                          (never overwrites; FILE may be ${HEARTWOOD_FILE})
Runtime options:
  --runtime NAME          ${RUNTIME_IDS.join(' | ')} (default ${RUNTIME_IDS[0]})
  --session KIND          OpenClaw's session: main | subagent | cron (default main)
  --workspace-path P      the absolute path the runtime's headings show (default: DIR's own)
  --config FILE           OpenClaw's caps from an openclaw.json (JSON5), for --runtime openclaw
  --agent ID              the agent whose caps --config reads (default main)
Skill options (--runtime openclaw; check lists the skills of DIR/skills and DIR/.agents/skills):
  --part P                context | skills | all: the Project Context (default), the ## Skills
                          section, or both with what stands between them in the system prompt
  --tools T               exec (Code Mode, OpenClaw's default) | read: how the section says to read a skill
  --no-plugin-skills      leave out the stock browser and canvas plugins' two skills
Token options:
  --encoding E            ${TOKEN_ENCODINGS.join(' | ')} | off (default ${DEFAULT_TOKEN_ENCODING});
                          claude-estimate is an estimate, shown with ≈`;

const runtimeFlags = {
  runtime: { type: 'string' },
  session: { type: 'string' },
  'workspace-path': { type: 'string' },
  config: { type: 'string' },
  agent: { type: 'string' },
} as const;

interface RuntimeChoice {
  readonly profile: RuntimeProfile;
  readonly options: RuntimeOptions;
}

function runtimeChoice(values: { runtime?: string; session?: string; 'workspace-path'?: string; config?: string; agent?: string }): RuntimeChoice {
  const id = values.runtime ?? RUNTIME_IDS[0];
  if (!isRuntimeId(id)) throw new UsageError(`--runtime takes one of ${RUNTIME_IDS.join(', ')}, not '${id}'`);
  const session = values.session ?? 'main';
  if (!['main', 'subagent', 'cron'].includes(session)) throw new UsageError(`--session takes main, subagent or cron, not '${session}'`);
  const workspacePath = values['workspace-path'];
  if (workspacePath !== undefined && !path.isAbsolute(workspacePath)) throw new UsageError(`--workspace-path takes an absolute path, not '${workspacePath}'`);
  const caps = values.config === undefined ? {} : configCaps(values.config, values.agent, id);
  if (values.agent !== undefined && values.config === undefined) throw new UsageError('--agent picks the agent whose caps --config reads: give --config FILE too');
  return { profile: runtimeProfile(id), options: { session: session as SessionKind, workspacePath, ...caps } };
}

/** The caps an openclaw.json sets; only the OpenClaw profile reads one. */
function configCaps(file: string, agent: string | undefined, runtime: string): RuntimeOptions {
  if (runtime !== 'openclaw') throw new UsageError(`--config reads an openclaw.json, for --runtime openclaw, not ${runtime}`);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot be read (${code})`);
  }
  try {
    return parseOpenClawConfig(text, agent, file);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** An error the user can act on: one line, exit 2, nothing written. */
class UsageError extends Error {}

export function main(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): number {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'compose':
        return compose(rest, out);
      case 'check':
        return check(rest, out);
      case 'scaffold':
        return scaffold(rest, out);
      case '-h':
      case '--help':
      case 'help':
        out.write(USAGE + '\n');
        return 0;
      default:
        throw new UsageError(
          command
            ? `unknown command '${command}': use compose, check or scaffold (persona-studio --help shows how)`
            : 'a command is needed: compose, check or scaffold (persona-studio --help shows how)',
        );
    }
  } catch (error) {
    const message = error instanceof UsageError || isArgError(error) ? (error as Error).message : String(error);
    // One line, whatever the folder names or the argument parser hold.
    err.write(`persona-studio: ${oneLine(message)}\n`);
    return 2;
  }
}

function compose(args: string[], out: NodeJS.WritableStream): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...runtimeFlags, ...skillFlags } });
  const { profile, options } = runtimeChoice(values);
  const part = values.part ?? 'context';
  if (!(PARTS as readonly string[]).includes(part)) throw new UsageError(`--part takes ${PARTS.join(', ')}, not '${part}'`);
  if (part !== 'context' && profile.id !== 'openclaw') throw new UsageError(`--part ${part} is OpenClaw's skill catalog: give --runtime openclaw too`);
  if (positionals.length !== 1) throw new UsageError('compose takes exactly one DIR');
  const dir = requireFolder(positionals[0]);
  const workspacePath = options.workspacePath ?? path.resolve(dir);
  const skills = part === 'context' ? undefined : readSkills(dir, skillOptions(values, workspacePath, (message) => new UsageError(message)));
  const context = part === 'skills' ? '' : profile.compose(readPersonaInput(dir, profile), options).text;
  out.write(composePart(part as Part, skills, context, workspacePath));
  return 0;
}

function check(args: string[], out: NodeJS.WritableStream): number {
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
    },
  });
  const { profile, options } = runtimeChoice(values);
  const skillsFor = (dir: string) => (profile.id === 'openclaw' ? readSkills(dir, skillOptions(values, options.workspacePath ?? path.resolve(dir), (message) => new UsageError(message))) : undefined);
  if (positionals.length === 0) throw new UsageError('check takes at least one DIR');
  const warnAt = values['warn-at'] === undefined ? undefined : fraction(values['warn-at']);
  const caps = { maxChars: count(values['max-chars'], '--max-chars'), ceiling: count(values.ceiling, '--ceiling') };
  const encoding = tokenEncoding(values.encoding);
  const dirs = positionals.map(requireFolder);
  const checks = dirs.map((dir) => checkPersona(dir, profile, { ...options, warnAt: warnAt ?? DEFAULT_WARN_AT }, caps, encoding, skillsFor(dir)));
  const failed = checks.some((c) => c.cut || c.skillsFailed || c.state === 'over' || (warnAt !== undefined && c.state === 'near'));
  const format = values.format ?? (values.json ? 'json' : 'text');
  if (!['text', 'json', 'github'].includes(format)) throw new UsageError(`--format takes text, json or github, not '${format}'`);
  if (format === 'github') out.write(formatGithub(checks, profile.label, warnAt !== undefined));
  else if (format === 'json') {
    const report = { ok: !failed, runtime: profile.id, warnAt: warnAt ?? DEFAULT_WARN_AT, encoding: encoding ?? 'off', personas: checks };
    // The skills' report object stays out: its list is there as `skills`.
    out.write(JSON.stringify(report, (key, value: unknown) => (key === 'skillsReport' ? undefined : value), 2) + '\n');
  } else out.write(checks.map((c) => formatCheck(c, profile.label)).join('\n\n') + '\n');
  return failed ? 1 : 0;
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

function count(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`${flag} takes a whole number of characters, not '${text}'`);
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
  process.exitCode = main(process.argv.slice(2));
}
