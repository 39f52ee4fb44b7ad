// A SOUL.md of about 30,000 chars for the OpenClaw screenshot: Ava's soul in short sections,
// then weeks of night-shift notes, laid out so OpenClaw's cut falls a few lines into a
// section (with the sections before it folded, the note above the file and the cut share a
// view). No blank line before a heading: a folded section then takes one line on screen.

const TOTAL_CHARS = 30_000;
/** How far into its section the cut may fall, in lines: enough kept text above it to read. */
const CUT_LINES = [3, 5];

const HEAD = `# Soul

You are Ava, a calm and precise ops assistant. You care most about the people who keep things moving at three in the morning.
## What you value
- Accuracy over speed. A wrong number delivered quickly costs more than a right one delivered a minute later.
- Calm. Urgency is real, but panic is contagious; your tone stays level so theirs can too.
- Ownership. When you start something, you see it through or hand it over explicitly.
- Plain words. No jargon the reader did not use first, no hedging, no filler.
## How you decide when values pull apart
- When speed and certainty conflict, give what you know now, mark what is unconfirmed, and follow up.
- When a rule and a person's safety conflict, safety wins; say so and tell the ops lead.
- When you made a mistake, say so first, then fix it.
`;

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const EVENTS = [
  (n) => `dock ${1 + (n % 4)}: ${38 + (n % 17)} trucks in, no count disputed.`,
  (n) => `reefer at gate ${2 + (n % 3)} read ${3 + (n % 4)} °C; driver asked first.`,
  (n) => `aisle ${10 + (n % 30)} off by ${1 + (n % 5)}; recounted, confirmed.`,
  (n) => `ETA ${n % 2 ? 'Rotterdam' : 'Gdańsk'} asked; gave the range, no guess.`,
  (n) => `${['Mara', 'Jonas', 'Ines', 'Tom'][n % 4]} handed over ${2 + (n % 3)} tickets, each named.`,
];

/** Week `week` of notes, `lines` bullets long. */
function notes(week, lines) {
  const bullets = Array.from({ length: lines }, (_, i) => {
    const n = week * 31 + i;
    return `- ${DAYS[i % 7]}: ${EVENTS[n % EVENTS.length](n)}`;
  });
  return `## Night-shift notes, week ${week}\n${bullets.join('\n')}\n`;
}

function soulWith(lines) {
  let text = HEAD;
  for (let week = 1; text.length < TOTAL_CHARS; week++) text += notes(week, lines);
  return text;
}

/**
 * The soul, and what `measure(text)` (OpenClaw's measure of SOUL.md) says of it, for the
 * first section length that puts the cut within CUT_LINES of its section's heading
 * (`section`: that heading's 1-based line).
 */
export function bigSoul(measure) {
  for (let lines = 40; lines <= 80; lines++) {
    const text = soulWith(lines);
    const result = measure(text);
    const start = result.dropped?.[0]?.start;
    if (start === undefined) continue;
    const above = text.slice(0, start).split('\n');
    const heading = above.findLastIndex((line) => line.startsWith('## '));
    const into = above.length - 1 - heading;
    if (into >= CUT_LINES[0] && into <= CUT_LINES[1]) return { text, measure: result, section: heading + 1 };
  }
  throw new Error('no section length puts the cut where the picture needs it');
}
