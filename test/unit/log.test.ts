// The log's sink is one for every bundle: the bundles loaded on first use (preview, secrets UI,
// scaffolding) hold their own copy of util/log.ts, and their errors must reach the channel.
import assert from 'node:assert';

describe('the log', () => {
  it('writes from a second copy of its module (another bundle) to the sink the first one set', () => {
    const file = require.resolve('../../src/extension/util/log');
    const first = require(file) as typeof import('../../src/extension/util/log');
    delete require.cache[file];
    const second = require(file) as typeof import('../../src/extension/util/log');
    assert.notStrictEqual(first, second);
    const written: string[] = [];
    const record = (message: string | Error) => void written.push(String(message));
    first.setLogSink({ info: record, warn: record, error: record, debug: record });
    try {
      second.logUnexpected('masking a secret', new Error('boom'));
      assert.match(written.join('\n'), /^masking a secret: Error: boom\n\s+at /);
    } finally {
      first.setLogSink(undefined);
    }
  });
});
