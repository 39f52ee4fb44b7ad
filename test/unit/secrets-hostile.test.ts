// The detectors on hostile text: a megabyte of one pattern over and over, the shapes that
// make a regular expression backtrack (a lazy run before a keyword once took 40 s on
// 200 KB of `a.a.a.…`). Each must finish well within the test's time, and find nothing.
import assert from 'node:assert';
import { findHiddenInstructions } from '../../src/core/secrets';
import { detectSecrets } from '../../src/core/secrets/detect';

const UNITS = ['a.', 'x.key', 'key=', 'token: ', 'a://b:c', 'Bearer ', '1234567:', '<!--', 'sk-', `M${'a'.repeat(24)}.`, 'AIza', 'mongodb://a:b@', 'https://a:'];

describe('Secrets: hostile text', function () {
  this.timeout(20_000);

  for (const unit of UNITS) {
    it(`a megabyte of ${JSON.stringify(unit)}`, async () => {
      const text = unit.repeat(Math.ceil(1_000_000 / unit.length));
      const kinds = (await detectSecrets(text)).map((finding) => finding.kind);
      // A megabyte of one pattern holds no secret: at most one key-shaped run at an edge.
      assert.ok(kinds.length <= 1, `${kinds.length} findings`);
      assert.ok(findHiddenInstructions(text).length <= 1);
    });
  }
});
