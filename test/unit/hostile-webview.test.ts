// A webview's word about its persona, checked against the workspace; previews that follow renames.
import assert from 'node:assert';
import { checkedMessage, renamedKey, trustedPersonaKey } from '../../src/extension/preview/trustedPersona';

const known = ['file:///w/ava', 'file:///w/agents/bo'];

describe('hostile input: a persona named by a webview', () => {
  it('counts only a persona folder of the workspace, exactly', () => {
    assert.strictEqual(trustedPersonaKey('file:///w/ava', known), 'file:///w/ava');
    for (const hostile of ['file:///etc', 'file:///w/ava/../..', 'file:///w/ava/', 'FILE:///w/ava', 'command:workbench.action.quit', '', 42, null, {}, 'x'.repeat(10_000)]) {
      assert.strictEqual(trustedPersonaKey(hostile, known), undefined, String(hostile).slice(0, 40));
    }
  });

  it('a ready message naming a folder outside the workspace loses the folder, and keeps the rest', () => {
    assert.deepStrictEqual(checkedMessage({ type: 'ready', state: { persona: 'file:///home/u/.ssh', scrollTop: 10 } }, known), {
      type: 'ready',
      state: { persona: undefined, scrollTop: 10 },
    });
    const good = { type: 'ready', state: { persona: 'file:///w/agents/bo' } };
    assert.deepStrictEqual(checkedMessage(good, known), good);
    const ack = { type: 'ack', seq: 3 };
    assert.strictEqual(checkedMessage(ack, known), ack);
  });

  it('a preview of a renamed folder, or of one inside it, follows the new name', () => {
    assert.strictEqual(renamedKey('file:///w/ava', 'file:///w/ava', 'file:///w/eve'), 'file:///w/eve');
    assert.strictEqual(renamedKey('file:///w/agents/bo', 'file:///w/agents', 'file:///w/team'), 'file:///w/team/bo');
    assert.strictEqual(renamedKey('file:///w/avatar', 'file:///w/ava', 'file:///w/eve'), undefined);
    assert.strictEqual(renamedKey('file:///w/ava', 'file:///w/bo', 'file:///w/eve'), undefined);
  });
});
