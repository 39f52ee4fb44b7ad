// Mocha's spec reporter plus one closing line, "N passed, N failed", that any CI can read.
// A test that passed only on a second try is named, with its first failure, and counted.
const Mocha = require('mocha');

class SpecWithTotals extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const retried = [];
    runner.on(Mocha.Runner.constants.EVENT_TEST_RETRY, (test, error) => {
      const first = String(error?.message ?? error).split('\n')[0];
      retried.push(test.fullTitle());
      console.log(`      ↻ failed once, trying again: ${first}`);
    });
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = runner.stats;
      const label = process.env.PERSONA_STUDIO_SUITE || 'tests';
      if (retried.length > 0) console.log(`\n  Failed once before the outcome above:\n${retried.map((title) => `    ${title}`).join('\n')}\n`);
      const again = retried.length ? `, ${retried.length} on a second try` : '';
      console.log(`${label}: ${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}${again}`);
    });
  }
}

module.exports = SpecWithTotals;
