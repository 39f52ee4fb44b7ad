// The sentences the core builds for people, named by id with their English text. The core
// renders through a `Render`: English here (the CLI, the tests); src/extension/coreMessages.ts
// maps each id to its own `vscode.l10n.t` call, so the localization extractor finds every one.

/** Every core sentence in English, `{0}`-style placeholders filled from the arguments. */
export const CORE_MESSAGES = {
  fileNear: '{0} is near the 2 MB bootstrap cap: {2} of {3} bytes ({1}), {4} bytes left before the runtime cuts it.',
  fileOver: '{0} is {1} bytes over the 2 MB bootstrap cap ({2} bytes): the runtime drops everything from here to the end of the file ({1} bytes) and appends "{3}".',
  fileSplitsCharacter: 'The cap splits the character here: the part kept becomes "\uFFFD".',
  heartwoodLoaderCap: "the loader's maxChars",
  heartwoodRouteCap: "the route's heartwoodMaxChars ceiling",
  heartwoodNear: '{0} is near its cap of {3} characters ({4}): {2} characters ({1}), {5} left before it is cut.',
  heartwoodOver:
    '{0} is {1} characters over its cap of {2} characters ({3}): the identity section keeps the first {2} characters of the trimmed text and drops everything from here to the end of the file.',
  heartwoodSplitsPair: 'The cap splits a surrogate pair here: the half kept becomes "\uFFFD".',
  miscased: '{0} is not read as {1} on a case-sensitive file system: the runtime matches bootstrap file names exactly. Rename it to {1}.',
  sizeChars: '{0} chars',
  sizeCodePoints: '{0} code points',
  sizeBytes: '{0} bytes',
  budgetSpent: "{0} is not sent: {1}'s total budget is spent before it ({2} dropped).",
  budgetLeaves: ' (its own cap is {0}; the total budget leaves {1})',
  runtimeOver: "{0} is over {1}'s cap of {2}{3}: {4}. The marked text ({5}) is not sent.",
  runtimeKeeps: '{0} keeps {1} of {2}',
  runtimeNear: "{0} is near {1}'s cap of {2}: {3} ({4}), {5} left before {1} cuts it.",
  shareOf: '{0} of {1}',
  rowMarkerSent: 'marker sent',
  rowNotLoaded: 'not loaded by {0}',
  rowUnreadable: 'unreadable',
  rowDropped: 'dropped: budget spent',
  statusSoul: 'Soul',
  statusHeartwood: '$(person) Heartwood {0} chars · {1}',
  statusNotLoaded: '$(person) {0} {1} · {2} is not loaded',
  statusActive: '$(person) {0} {1} · {2} {3}',
  statusNotRead: '$(person) {0} {1} · {2} is not read',
  statusTotal: '$(person) {0} {1}',
  tokensOne: '{0} token',
  tokensMany: '{0} tokens',
  contextShare: '{0} of {1} ({2})',
  sentEveryTurn: 'sent on every turn: {0}',
  cacheToolnexus: 'composeSoul returns the soul alone; where it lands in a prompt is up to the host, so what a cache keeps of it is not known here.',
  cacheOpenclaw:
    'OpenClaw ends the stable part of its system prompt with Project Context, just before its cache boundary: all of it is on the cached side, and stays cached while nothing before it changes.',
  cacheZeroclaw: 'ZeroClaw puts Project Context in the system prompt: it is cached only as part of an unchanged prompt prefix, where the provider caches one.',
  cacheCodex: 'Codex sends AGENTS.md as the first user message: it is cached only as part of an unchanged conversation prefix, where the provider caches one.',
  // What belongs in each bootstrap file (templates.ts).
  purposeAgents: 'Operating rules: how the agent works, what it must always and never do.',
  purposeSoul: 'Character and values: who the agent is when nobody is giving it rules.',
  purposeIdentity: 'Name, role and the facts about itself the agent should state the same way every time.',
  purposeUser: 'Who the agent serves: the people, their context, their preferences.',
  purposeTools: 'The tools at hand and when (and when not) to reach for each.',
  purposeHeartbeat: 'What to do on a scheduled wake-up with nobody asking: checks, routines, reports.',
  purposeMemory: 'Durable facts learned over time. Composed last; the agent may append here.',
  purposeHeartwood: 'A single-file identity: who the agent is, then an optional "## Voice & Tone" section.',
} as const;

export type CoreMessageId = keyof typeof CORE_MESSAGES;
export type MessageArg = string | number;

/** A core sentence by id, its placeholders filled from `args`, in some language. */
export type Render = (id: CoreMessageId, ...args: MessageArg[]) => string;

/** Fills `{0}`, `{1}`… of a template; a placeholder without an argument stays as it is. */
export function fillPlaceholders(template: string, args: readonly MessageArg[]): string {
  return template.replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? placeholder : String(value);
  });
}

/** The core's sentences in English: the CLI's words, and the tests'. */
export const english: Render = (id, ...args) => fillPlaceholders(CORE_MESSAGES[id], args);
