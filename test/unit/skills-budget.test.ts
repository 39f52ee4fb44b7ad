// The catalog's budget on any list of skills: what OpenClaw promises of it (at most 150
// skills and 18,000 chars, the first ones by name, descriptions within the limit found),
// and that each skill's block is the catalog's own text.
import assert from 'node:assert';
import fc from 'fast-check';
import { CatalogSkill, catalogBlock, escapeSkillXml, MAX_SKILLS_IN_PROMPT, MAX_SKILLS_PROMPT_CHARS, prepareCatalog, shortenDescription } from '../../src/core/skills';

const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '<', '&', '"', "'", 'é', '😀', '中'), minLength: 1, maxLength: 400 });
/** Sorted skills: few and short, or many with long descriptions, so both formats and both limits are reached. */
const skills = fc.oneof(catalogOf(0, 30), catalogOf(100, 220));
function catalogOf(minLength: number, maxLength: number) {
  return fc
    .uniqueArray(fc.record({ name: fc.string({ minLength: 1, maxLength: 40 }), description: text, location: fc.string({ minLength: 1, maxLength: 80 }) }), {
      selector: (skill) => skill.name,
      minLength,
      maxLength,
    })
    .map((list: CatalogSkill[]) => [...list].sort((a, b) => a.name.localeCompare(b.name, 'en')));
}

describe('Skill catalog budget (properties)', () => {
  it('fits 18,000 chars and 150 skills, lists a prefix of the sorted skills, and says when it leaves some out', () => {
    fc.assert(
      fc.property(skills, (sorted) => {
        const prepared = prepareCatalog(sorted);
        assert.ok(prepared.prompt.length <= MAX_SKILLS_PROMPT_CHARS);
        assert.ok(prepared.skills.length <= MAX_SKILLS_IN_PROMPT);
        assert.deepStrictEqual(prepared.skills, sorted.slice(0, prepared.skills.length));
        if (sorted.length === 0) assert.strictEqual(prepared.prompt, '');
        // Left out with a note, unless the note itself is what did not fit (then the full format, silent).
        if (prepared.skills.length < sorted.length && prepared.prompt) {
          assert.ok(prepared.note.startsWith('⚠️ Skills truncated: included ') || (prepared.note === '' && prepared.format.kind === 'full'), prepared.note);
        }
        for (const skill of prepared.skills) assert.ok(prepared.prompt.includes(catalogBlock(skill, prepared.format)));
        if (prepared.format.kind === 'compact') {
          for (const match of prepared.prompt.matchAll(/<description>([^]*?)<\/description>/g)) {
            const raw = match[1].replace(/&lt;|&gt;|&quot;|&apos;|&amp;/g, 'x');
            assert.ok(raw.length <= prepared.format.descriptionMaxChars, `${raw.length} > ${prepared.format.descriptionMaxChars}`);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a full catalog is used whenever it fits', () => {
    fc.assert(
      fc.property(skills, (sorted) => {
        const few = sorted.slice(0, 5);
        const prepared = prepareCatalog(few);
        const fullLength = few.reduce((sum, s) => sum + catalogBlock(s, { kind: 'full' }).length + 1, 0);
        if (few.length > 0 && fullLength + 400 < MAX_SKILLS_PROMPT_CHARS) assert.strictEqual(prepared.format.kind, 'full');
      }),
    );
  });

  it('shortening never lengthens, and escaping is undone by unescaping', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 300 }), (description, max) => {
        assert.ok(shortenDescription(description, max).length <= Math.max(max, 0) || description.replace(/\s+/g, ' ').trim().length <= max);
        const unescaped = escapeSkillXml(description)
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'")
          .replace(/&amp;/g, '&');
        assert.strictEqual(unescaped, description);
      }),
    );
  });
});
