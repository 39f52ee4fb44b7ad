// Commands on a persona's composed soul: preview it, copy it, export it, refresh.
// Copy and export take exactly the text the chosen runtime injects, after asking when it
// holds a secret: the masked text, or the text as sent.
import * as vscode from 'vscode';
import { composeHeartwood, formatCount, RUNTIME_NAMES, utf8Length } from '../../core';

import { Measurements } from '../model/measurements';
import type { Secrets } from '../model/secrets';
import { Persona } from '../model/personaWorkspace';
import type { CommandContext, CommandHandlers } from './context';
import { resolvePersona, saidNoFolder } from './pickPersona';

/**
 * What a persona sends under its runtime (after asking, when it sends a secret: masked or
 * as sent), or for a Heartwood-only persona its identity section.
 */
async function composedText(
  measurements: Measurements,
  secrets: Secrets,
  persona: Persona,
  exporting: boolean,
): Promise<{ text: string; what: string; note?: string } | undefined> {
  const composition = await measurements.composition(persona.uri);
  if (composition.found.length > 0) {
    const what = composition.runtime === 'toolnexus' ? vscode.l10n.t('composed soul') : vscode.l10n.t('{0} context', RUNTIME_NAMES[composition.runtime]);
    const linked = await secrets.linkedShare(measurements.linkedOutside(persona.uri), composition, what, persona.label, exporting);
    if (!linked.proceed) return undefined;
    const text = await secrets.shareText(persona.uri, persona.label, composition, what, exporting);
    return text === undefined ? undefined : { text, what, note: linked.note };
  }
  const measure = await measurements.heartwood(persona.uri);
  const heartwood = measure ? composeHeartwood(measure.text, measure.caps) : null;
  if (heartwood !== null) return { text: heartwood, what: vscode.l10n.t('Heartwood identity section') };
  // Its only files may be links held back: the message names them.
  const held = secrets.heldBackNote(measurements.linkedOutside(persona.uri), composition);
  void vscode.window.showInformationMessage(`${vscode.l10n.t('{0} has no bootstrap file yet: its soul is empty.', persona.label)} ${held}`.trim());
  return undefined;
}

export function soulCommands({ personas, measurements, previews, secrets }: CommandContext): CommandHandlers {
  const pick = (target: unknown) => resolvePersona(personas, target, vscode.l10n.t('Choose a persona'));
  return {
    'personaStudio.openPreview': async (target?: unknown) => {
      const persona = await pick(target);
      if (persona) await previews.open(persona);
    },
    'personaStudio.openPreviewToSide': async (target?: unknown) => {
      const persona = await pick(target);
      if (persona) await previews.open(persona, { toSide: true });
    },
    'personaStudio.copySoul': async (target?: unknown) => {
      const persona = await pick(target);
      const composed = persona && (await composedText(measurements, secrets, persona, false));
      if (!persona || !composed) return;
      const { text } = composed;
      await vscode.env.clipboard.writeText(text);
      const copied = vscode.l10n.t('Copied the {0} of {1}: {2} bytes.', composed.what, persona.label, formatCount(utf8Length(text)));
      void vscode.window.showInformationMessage(composed.note ? `${copied} ${composed.note}` : copied);
    },
    'personaStudio.exportSoul': async (target?: unknown) => {
      const persona = await pick(target);
      const composed = persona && (await composedText(measurements, secrets, persona, true));
      if (!persona || !composed) return;
      // The save dialog asks before replacing an existing file; the user chose the path.
      const uri = await vscode.window.showSaveDialog({
        defaultUri: vscode.Uri.joinPath(persona.uri, 'soul.txt'),
        filters: { [vscode.l10n.t('Text')]: ['txt'], [vscode.l10n.t('All files')]: ['*'] },
        saveLabel: vscode.l10n.t('Export'),
        title: vscode.l10n.t('Export the {0} of {1}', composed.what, persona.label),
      });
      if (!uri) return;
      const bytes = new TextEncoder().encode(composed.text);
      try {
        await vscode.workspace.fs.writeFile(uri, bytes);
      } catch (error) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not export to {0}: {1}', uri.fsPath || uri.toString(), error instanceof Error ? error.message : String(error)));
        return;
      }
      const open = vscode.l10n.t('Open');
      const exported = vscode.l10n.t('Exported the {0} of {1} ({2} bytes) to {3}.', composed.what, persona.label, formatCount(bytes.byteLength), uri.fsPath || uri.toString());
      const answer = await vscode.window.showInformationMessage(composed.note ? `${exported} ${composed.note}` : exported, open);
      if (answer === open) await vscode.window.showTextDocument(uri);
    },
    'personaStudio.toggleDroppedText': () => previews.toggleDropped(),
    'personaStudio.revealSecrets': () => previews.revealSecrets(),
    'personaStudio.toggleAfterDoctor': () => {
      if (previews.toggleAfterDoctor() === undefined)
        void vscode.window.showInformationMessage(vscode.l10n.t('Open a soul preview first: the prompt after openclaw doctor --fix is shown there.'));
    },
    'personaStudio.refresh': async () => {
      if (saidNoFolder(vscode.l10n.t('Open a folder first: Persona Studio finds the personas inside it.'))) return;
      await personas.refresh();
      previews.refresh();
    },
  };
}
