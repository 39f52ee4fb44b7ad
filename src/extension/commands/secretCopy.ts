// Before a copy or an export of a composed soul that sends a secret, a modal asks: the
// masked text (each secret as `sk-pr…9f2c`), or the text as sent. In the secrets UI's bundle.
import * as vscode from 'vscode';
import type { Composition } from '../../core';
import type { SecretScans } from '../model/secretScans';

/** The composition's text to copy or export; undefined when the user cancels. */
export async function shareText(scans: SecretScans, folder: vscode.Uri, label: string, composition: Composition, what: string, exporting: boolean): Promise<string | undefined> {
  // Scanned now, not at the next pause: the text is about to leave the editor.
  const scan = await scans.now(folder);
  if (scan.sent === 0) return composition.text;
  const maskedText = scan.bundle.maskComposed(
    composition.text,
    scan.files.map((file) => ({ file: file.file, findings: file.findings })),
  );
  const masked = exporting ? vscode.l10n.t('Export masked') : vscode.l10n.t('Copy masked');
  const asSent = exporting ? vscode.l10n.t('Export as sent') : vscode.l10n.t('Copy as sent');
  const question =
    scan.sent === 1
      ? vscode.l10n.t('The {0} of {1} holds a secret the model provider receives.', what, label)
      : vscode.l10n.t('The {0} of {1} holds {2} secrets the model provider receives.', what, label, scan.sent);
  const detail = vscode.l10n.t('Masked, each secret shows only a few characters at its ends; as sent, it is written out whole.');
  const answer = await vscode.window.showWarningMessage(question, { modal: true, detail }, masked, asSent);
  return answer === masked ? maskedText : answer === asSent ? composition.text : undefined;
}
