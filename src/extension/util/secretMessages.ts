// The sentences of the secret, hidden-text and dropped-rule checks (src/core/secrets/messages.ts)
// in the user's language, as coreMessages.ts does the core's: one literal `vscode.l10n.t` call
// per id, the core's English character for character. In the secrets UI's own bundle, loaded
// with the scanner, so activation does not carry them.
import * as vscode from 'vscode';
import type { SecretRender } from '../../core/secrets';
export const localizeSecret: SecretRender = (id, ...args) => {
  switch (id) {
    case 'secretSent':
      return vscode.l10n.t('{0} ({1}) is sent to the model provider on every turn: {2} sends this line of {3}. Keep it in the environment instead, as {4}.', ...args);
    case 'secretNotLoaded':
      return vscode.l10n.t(
        '{0} ({1}) is in {2}, which {3} does not load: it is not sent today, but a file is one setting away from the prompt. Keep it in the environment instead, as {4}.',
        ...args,
      );
    case 'secretDropped':
      return vscode.l10n.t('{0} ({1}) is in text {2} drops from {3}: it is not sent while the file stays past its cap. Keep it in the environment instead, as {4}.', ...args);
    case 'hiddenRun':
      return vscode.l10n.t('{0} invisible characters ({1}): the model reads them, the editor shows nothing.', ...args);
    case 'hiddenOne':
      return vscode.l10n.t('1 invisible character ({0}): the model reads it, the editor shows nothing.', ...args);
    case 'hiddenTags':
      return vscode.l10n.t('tag characters spelling "{0}"', ...args);
    case 'hiddenZeroWidth':
      return vscode.l10n.t('zero-width');
    case 'hiddenBidi':
      return vscode.l10n.t('bidirectional controls, which reorder what is shown');
    case 'hiddenSelectors':
      return vscode.l10n.t('variation selectors, which can carry bytes');
    case 'hiddenComment':
      return vscode.l10n.t('An HTML comment gives an instruction ("{0}"): hidden when the Markdown is rendered, sent to the model as written.', ...args);
    case 'ruleDropped':
      return vscode.l10n.t('{0} drops this rule from {1} (it is past the cap): "{2}"', ...args);
    case 'ruleBlocked':
      return vscode.l10n.t('{0} drops this rule from {1} (its scanner blocks the text that holds it): "{2}"', ...args);
  }
};
