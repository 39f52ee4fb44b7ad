// What a webview says about the persona it shows, checked against the workspace's
// persona folders. Pure (no VS Code), so the rule is tested on its own.

/** Longer than any real folder URI: such a string is not considered at all. */
const MAX_URI_LENGTH = 8192;

/** `raw` when it is exactly the URI of one of the `known` persona folders; otherwise undefined. */
export function trustedPersonaKey(raw: unknown, known: Iterable<string>): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URI_LENGTH) return undefined;
  for (const key of known) if (key === raw) return raw;
  return undefined;
}

/** A `ready` message naming a persona the workspace does not hold loses it; any other message is as it came. */
export function checkedMessage(raw: unknown, known: Iterable<string>): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const message = raw as { type?: unknown; state?: unknown };
  if (message.type !== 'ready' || !message.state || typeof message.state !== 'object') return raw;
  const state = message.state as { persona?: unknown };
  if (state.persona === undefined) return raw;
  return { ...message, state: { ...state, persona: trustedPersonaKey(state.persona, known) } };
}

/** Folder URI `folder` after `from` was renamed to `to`: the same place under the new name, or undefined when outside `from`. */
export function renamedKey(folder: string, from: string, to: string): string | undefined {
  const old = from.replace(/\/+$/, '');
  const renamed = to.replace(/\/+$/, '');
  if (folder === old) return renamed;
  return folder.startsWith(`${old}/`) ? renamed + folder.slice(old.length) : undefined;
}
