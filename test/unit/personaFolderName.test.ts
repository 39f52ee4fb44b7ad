import assert from 'node:assert';
import { checkPersonaFolderName, suggestPersonaParent } from '../../src/core';

function problem(input: string): string | undefined {
  const check = checkPersonaFolderName(input);
  return check.ok ? undefined : check.problem;
}

describe('new persona folder names', () => {
  it('accepts plain and nested relative names', () => {
    assert.deepStrictEqual(checkPersonaFolderName('atlas'), { ok: true, segments: ['atlas'] });
    assert.deepStrictEqual(checkPersonaFolderName(' personas//atlas/ '), { ok: true, segments: ['personas', 'atlas'] });
    assert.deepStrictEqual(checkPersonaFolderName('.personas/atlas v2'), { ok: true, segments: ['.personas', 'atlas v2'] });
  });

  it('rejects an empty name', () => {
    assert.strictEqual(problem(''), 'empty');
    assert.strictEqual(problem('   '), 'empty');
  });

  it('rejects absolute paths and dot segments', () => {
    assert.strictEqual(problem('/etc/atlas'), 'absolute');
    assert.strictEqual(problem('C:/atlas'), 'absolute');
    assert.strictEqual(problem('../atlas'), 'dotSegment');
    assert.strictEqual(problem('personas/./atlas'), 'dotSegment');
  });

  it('rejects characters some systems cannot store', () => {
    for (const name of ['at:las', 'a*b', 'what?', 'a"b', 'a<b', 'a>b', 'a|b', 'back\\slash', 'tab\there']) {
      assert.strictEqual(problem(name), 'illegalCharacter', name);
    }
  });

  it('rejects names Windows cannot hold', () => {
    assert.strictEqual(problem('atlas.'), 'trailingDotOrSpace');
    assert.strictEqual(problem('personas/atlas /x'), 'trailingDotOrSpace');
    assert.strictEqual(problem('con'), 'reservedName');
    assert.strictEqual(problem('personas/LPT1.md'), 'reservedName');
    assert.strictEqual(problem('x'.repeat(256)), 'tooLong');
    assert.strictEqual(problem('console'), undefined);
  });
});

describe('where a new persona goes', () => {
  it('suggests the folder the other personas share', () => {
    assert.strictEqual(suggestPersonaParent(['personas/a', 'personas/b']), 'personas/');
    assert.strictEqual(suggestPersonaParent(['agents/team/a']), 'agents/team/');
  });

  it('suggests nothing when they differ or sit at the root', () => {
    assert.strictEqual(suggestPersonaParent([]), '');
    assert.strictEqual(suggestPersonaParent(['personas/a', 'other/b']), '');
    assert.strictEqual(suggestPersonaParent(['a', 'b']), '');
    assert.strictEqual(suggestPersonaParent(['.']), '');
  });
});
