// More of a file than its runtime read, for revealing what it drops past a large cut:
// a runtime reads a 2 MB+ file only up to its cap, so its measure holds no dropped text.
// Read again only when the file changes, and never more than the reveal can show.
import * as vscode from 'vscode';
import { Composition, decodeUtf8, utf8Length } from '../../core';
import { readFileStart } from '../platform';
import { readInPart } from './blocks';
import { REVEAL_LIMIT } from './soulModel';
import { expectFileSystemError } from '../util/log';

/** At most this many bytes past what the runtime read (4 per UTF-16 unit shown, at worst). */
const READ_PAST = 4 * REVEAL_LIMIT;

async function readStart(uri: vscode.Uri, bytes: number): Promise<Uint8Array | undefined> {
  try {
    if (uri.scheme === 'file' && readFileStart) return await readFileStart(uri.fsPath, bytes);
    return (await vscode.workspace.fs.readFile(uri)).subarray(0, bytes);
  } catch (error) {
    expectFileSystemError(error); // Gone or unreadable since it was measured: nothing to reveal.
    return undefined;
  }
}

/** Fuller texts of the revealed files read in part, each kept until its measure's text changes. */
export class FullerTexts {
  private readonly held = new Map<string, { readonly from: string; readonly text: string }>();

  async of(folder: vscode.Uri, composition: Composition, revealed: ReadonlySet<string>): Promise<ReadonlyMap<string, string>> {
    const texts = new Map<string, string>();
    for (const file of composition.files) {
      if (!revealed.has(file.name) || !readInPart(file, composition)) continue;
      let held = this.held.get(file.name);
      if (held?.from !== file.text) {
        const uri = vscode.Uri.joinPath(folder, file.name);
        if (!vscode.workspace.getWorkspaceFolder(uri)) continue;
        // The whole start again, not from an offset: the same bytes decode to the same indexes.
        const bytes = await readStart(uri, utf8Length(file.text) + READ_PAST);
        if (!bytes) continue;
        held = { from: file.text, text: decodeUtf8(bytes) };
        this.held.set(file.name, held);
      }
      texts.set(file.name, held.text);
    }
    for (const name of [...this.held.keys()]) if (!revealed.has(name)) this.held.delete(name);
    return texts;
  }
}
