import assert from 'node:assert';
import fc from 'fast-check';
import { BOOTSTRAP_ORDER, BootstrapName, HEARTWOOD_FILE, RUNTIME_IDS, runtimeProfile } from '../../src/core';
import { fileRows, readIfPresent } from '../../src/extension/tree/rows';

const someFiles = fc.subarray([...BOOTSTRAP_ORDER]) as fc.Arbitrary<BootstrapName[]>;

describe('tree rows of a persona', () => {
  it('folds a Heartwood-only persona into HEARTWOOD.md and one "add bootstrap files" row', () => {
    assert.deepStrictEqual(fileRows({ heartwood: true, files: [] }), { names: [HEARTWOOD_FILE], addBootstrap: true });
  });

  it('keeps the seven rows, HEARTWOOD.md first, once one bootstrap file exists beside it', () => {
    assert.deepStrictEqual(fileRows({ heartwood: true, files: ['SOUL.md'] }), { names: [HEARTWOOD_FILE, ...BOOTSTRAP_ORDER], addBootstrap: false });
  });

  it('shows the seven in bootstrap order for a persona without HEARTWOOD.md, whatever is on disk', () => {
    fc.assert(
      fc.property(someFiles, (files) => {
        assert.deepStrictEqual(fileRows({ heartwood: false, files }), { names: BOOTSTRAP_ORDER, addBootstrap: false });
      }),
    );
  });

  it('never hides a bootstrap file that is on disk', () => {
    fc.assert(
      fc.property(fc.boolean(), someFiles, (heartwood, files) => {
        const rows = fileRows({ heartwood, files });
        for (const name of files) assert.ok(rows.names.includes(name), `${name} has a row`);
        assert.equal(rows.addBootstrap, heartwood && files.length === 0);
        assert.equal(rows.names.includes(HEARTWOOD_FILE), heartwood);
      }),
    );
  });
});

describe('bootstrap files a runtime would read if present', () => {
  const heartwoodOnly = { dir: '/p', files: new Map([[HEARTWOOD_FILE, { kind: 'text' as const, text: 'You are Atlas.\n' }]]) };
  const readBy = (id: (typeof RUNTIME_IDS)[number]) => readIfPresent(runtimeProfile(id).compose(heartwoodOnly).files);

  it('are all seven for toolnexus', () => {
    assert.deepStrictEqual(readBy('toolnexus'), BOOTSTRAP_ORDER);
  });

  it('are AGENTS.md alone for Codex', () => {
    assert.deepStrictEqual(readBy('codex'), ['AGENTS.md']);
  });

  it('leave out what a runtime does not load, in bootstrap order', () => {
    assert.deepStrictEqual(
      readIfPresent([
        { name: 'MEMORY.md', status: 'notLoaded' },
        { name: 'SOUL.md', status: 'absent' },
        { name: '../AGENTS.md', status: 'notLoaded' },
      ]),
      ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'TOOLS.md', 'HEARTBEAT.md'],
    );
  });
});
