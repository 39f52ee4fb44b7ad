// Starting text for each file: a short guide to what belongs there. This is the
// first thing a new user reads, so each says what the runtime does with the file.
import { BootstrapName } from './bootstrap';
import { HEARTWOOD_FILE } from './heartwood';
import { CORE_MESSAGES, CoreMessageId, english, Render } from './messages';

export type TemplateName = BootstrapName | typeof HEARTWOOD_FILE;

/** The message naming what belongs in each file. */
const PURPOSE_IDS: Readonly<Record<TemplateName, CoreMessageId>> = {
  'AGENTS.md': 'purposeAgents',
  'SOUL.md': 'purposeSoul',
  'IDENTITY.md': 'purposeIdentity',
  'USER.md': 'purposeUser',
  'TOOLS.md': 'purposeTools',
  'HEARTBEAT.md': 'purposeHeartbeat',
  'MEMORY.md': 'purposeMemory',
  'HEARTWOOD.md': 'purposeHeartwood',
};

/** One line on what belongs in each file, in English; tree tooltips and pick lists use `filePurpose`. */
export const FILE_PURPOSE: Readonly<Record<TemplateName, string>> = Object.fromEntries(Object.entries(PURPOSE_IDS).map(([name, id]) => [name, CORE_MESSAGES[id]])) as Record<
  TemplateName,
  string
>;

/** What belongs in `name`, rendered (in English unless told otherwise). */
export function filePurpose(name: TemplateName, render: Render = english): string {
  return render(PURPOSE_IDS[name]);
}

const TEMPLATES: Readonly<Record<TemplateName, string>> = {
  'AGENTS.md': `# Operating rules

<!-- Composed first, so the model reads these before anything else.
     Write rules as short imperatives; one idea per line. -->

## Always
- State what you are about to do before doing anything irreversible.
- Say "I don't know" rather than guess at a fact, a number or a name.

## Never
- Never invent a source, a link or a quotation.

## When unsure
- Ask one precise question, then wait.
`,
  'SOUL.md': `# Soul

<!-- Character, not rules: what the agent cares about and how it weighs things.
     Write in the second person ("You are…"). Keep it to what would change behaviour. -->

You are …, who cares most about …

What you value:
- …

How you decide when values pull apart:
- …
`,
  'IDENTITY.md': `# Identity

<!-- Facts the agent states the same way every time it is asked. -->

- Name: …
- Role: …
- Works for: …
- Pronouns: …
`,
  'USER.md': `# User

<!-- Who the agent serves. Context it should assume without being told each time. -->

- Who: …
- Their goals: …
- How they like answers: (length, format, language, units)
- Things to avoid with them: …
`,
  'TOOLS.md': `# Tools

<!-- One entry per tool: when to reach for it, when not to, what to check after. -->

## tool-name
- Use it when: …
- Don't use it when: …
- After using it: …
`,
  'HEARTBEAT.md': `# Heartbeat

<!-- What to do on a scheduled wake-up, when nobody has asked for anything.
     Keep it to a short checklist; an empty heartbeat means "do nothing". -->

On each heartbeat:
1. …
2. Report only what changed since the last heartbeat.
`,
  'MEMORY.md': `# Memory

<!-- Durable facts learned over time, newest last. Composed last in the soul.
     This file grows: watch its size against the 2 MB cap. -->

- …
`,
  'HEARTWOOD.md': `You are …, a … who …

<!-- The identity leads. Everything above the "Voice & Tone" heading is who the agent is;
     everything below it is how the agent sounds. Heartwood is capped in characters. -->

## Voice & Tone
…
`,
};

export function templateFor(name: TemplateName): string {
  return TEMPLATES[name];
}
