// The sentences of the secret, hidden-text and dropped-rule checks, by id with their
// English text, rendered as the core's own (messages.ts): English for the CLI and the
// tests, `vscode.l10n.t` once the extension maps these ids.
import { fillPlaceholders, MessageArg } from '../messages';

export const SECRET_MESSAGES = {
  secretSent: '{0} ({1}) is sent to the model provider on every turn: {2} sends this line of {3}. Keep it in the environment instead, as {4}.',
  secretNotLoaded:
    '{0} ({1}) is in {2}, which {3} does not load: it is not sent today, but a file is one setting away from the prompt. Keep it in the environment instead, as {4}.',
  secretDropped: '{0} ({1}) is in text {2} drops from {3}: it is not sent while the file stays past its cap. Keep it in the environment instead, as {4}.',
  hiddenRun: '{0} invisible characters ({1}): the model reads them, the editor shows nothing.',
  hiddenOne: '1 invisible character ({0}): the model reads it, the editor shows nothing.',
  hiddenTags: 'tag characters spelling "{0}"',
  hiddenZeroWidth: 'zero-width',
  hiddenBidi: 'bidirectional controls, which reorder what is shown',
  hiddenSelectors: 'variation selectors, which can carry bytes',
  hiddenComment: 'An HTML comment gives an instruction ("{0}"): hidden when the Markdown is rendered, sent to the model as written.',
  ruleDropped: '{0} drops this rule from {1} (it is past the cap): "{2}"',
  ruleBlocked: '{0} drops this rule from {1} (its scanner blocks the text that holds it): "{2}"',
} as const;

export type SecretMessageId = keyof typeof SECRET_MESSAGES;

/** A sentence by id in some language; `englishSecrets` unless the caller localizes. */
export type SecretRender = (id: SecretMessageId, ...args: MessageArg[]) => string;

export const englishSecrets: SecretRender = (id, ...args) => fillPlaceholders(SECRET_MESSAGES[id], args);
