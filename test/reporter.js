// Mocha's spec reporter plus one closing line, "N passed, N failed", that any CI can read.
const Mocha = require('mocha');

class SpecWithTotals extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = runner.stats;
      const label = process.env.PERSONA_STUDIO_SUITE || 'tests';
      console.log(`${label}: ${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}`);
    });
  }
}

module.exports = SpecWithTotals;
