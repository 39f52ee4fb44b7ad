// Entry of the desktop suite, called by VS Code's extension host (see ../run.mjs): runs
// the checks with mocha and rejects when any fails.
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: true, timeout: 30_000 });
  // Give the check files mocha's globals (describe, it) before they load.
  mocha.suite.emit('pre-require', globalThis, 'desktop', mocha);
  require('./extension.check');
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} desktop checks failed`)) : resolve()));
  });
}
