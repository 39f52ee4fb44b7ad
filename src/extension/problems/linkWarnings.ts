// A persona file that is a link leading outside its workspace folder (`SOUL.md ->
// ~/.ssh/id_rsa` in a cloned repository) gets a warning naming where it leads: the
// runtime would send that file to the model.
import * as vscode from 'vscode';
import { BootstrapName, escapeControls, HEARTWOOD_FILE, mapBounded } from '../../core';
import { linkLeadingOutside } from '../platform';
import { LINK_CHECK_DELAY_MS } from '../util/delays';
import { Disposable } from '../util/disposable';
import { DIAGNOSTIC_SOURCE } from './fileProblems';
import { baseName, ContentChange, Persona, PersonaWorkspace } from '../model/personaWorkspace';
import { Throttle } from '../util/throttle';
import type { Measurements } from '../model/measurements';
import { Latest } from '../util/latest';

export const LINK_OUTSIDE_CODE = 'link-outside';

/** Files checked at once: 500 personas' 3,500 files must not flood the disk at the first walk. */
const FILES_IN_FLIGHT = 8;

export class LinkWarnings extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection(`${DIAGNOSTIC_SOURCE} links`));
  private readonly changeEmitter = this.register(new vscode.EventEmitter<void>());
  /** The set of links leading outside changed. */
  readonly onDidChange = this.changeEmitter.event;
  /** The files whose content changed, the files of personas that came or changed, and personas gone (`all` at start). */
  private readonly checks = this.register(new Throttle<Check>((items) => void this.check(items), { delayMs: LINK_CHECK_DELAY_MS }));
  /** Each pass over every file begins anew: an older pass finishing late must not win, and a pass over a few files yields to one over all. */
  private readonly passes = new Latest<'all'>();
  private targets = new Map<string, string>();

  constructor(
    private readonly personas: PersonaWorkspace,
    measurements: Measurements,
  ) {
    super();
    // Only the personas that came, went or changed files are looked at again.
    this.register(
      personas.onDidChangePersonas(({ folders }) => {
        for (const folder of folders) {
          const persona = personas.find(folder);
          if (!persona) this.checks.add({ gone: folder }, `gone:${folder.toString()}`);
          else for (const name of filesOf(persona)) this.checks.add({ folder, name }, `${folder.toString()}/${name}`);
        }
      }),
    );
    // A file replaced by a link keeps its name: only its content change tells (settings changes, 'all', move no link).
    this.register(
      measurements.onDidChange(({ folder, names }) => {
        if (names !== 'all') for (const name of names) this.checks.add({ folder, name }, `${folder.toString()}/${name}`);
      }),
    );
    void this.check(['all']);
  }

  /** Where a persona file leads outside its workspace folder, if it does. */
  target(uri: vscode.Uri): string | undefined {
    return this.targets.get(uri.toString());
  }

  private async check(items: ReadonlyArray<Check>): Promise<void> {
    const all = items.includes('all');
    const latest = all ? this.passes.begin('all') : this.passes.current('all');
    const files = all
      ? this.personas.personas.flatMap((persona) => filesOf(persona).map((name) => ({ persona, name })))
      : items.flatMap((item) => {
          const persona = item === 'all' || 'gone' in item ? undefined : this.personas.find(item.folder);
          return persona && item !== 'all' && 'name' in item ? [{ persona, name: item.name }] : [];
        });
    const gone = items.flatMap((item) => (item !== 'all' && 'gone' in item ? [`${item.gone.toString()}/`] : []));
    const found = await mapBounded(files, FILES_IN_FLIGHT, async ({ persona, name }) => {
      const uri = vscode.Uri.joinPath(persona.uri, name);
      const root = persona.workspaceFolder?.uri;
      if (!root || root.scheme !== 'file' || persona.uri.scheme !== 'file' || !linkLeadingOutside) return { key: uri.toString(), target: undefined };
      return { key: uri.toString(), target: await linkLeadingOutside(uri.fsPath, root.fsPath) };
    });
    if (this.isDisposed || !latest()) return;
    const targets = new Map(all ? [] : [...this.targets].filter(([key]) => !gone.some((folder) => key.startsWith(folder))));
    for (const { key, target } of found) {
      if (target === undefined) targets.delete(key);
      else targets.set(key, target);
    }
    if (JSON.stringify([...targets]) === JSON.stringify([...this.targets])) return;
    this.targets = targets;
    this.show();
    this.changeEmitter.fire();
  }

  private show(): void {
    this.collection.clear();
    for (const [key, target] of this.targets) {
      const uri = vscode.Uri.parse(key);
      const warning = new vscode.Diagnostic(
        new vscode.Range(0, 0, 0, 0),
        vscode.l10n.t('{0} is a link to {1}, outside the workspace folder: the runtime would send that file to the model.', baseName(uri), escapeControls(target)),
        vscode.DiagnosticSeverity.Warning,
      );
      warning.source = DIAGNOSTIC_SOURCE;
      warning.code = LINK_OUTSIDE_CODE;
      this.collection.set(uri, [warning]);
    }
  }
}

/** What to look at again: every file, one file, or a persona folder that is gone. */
type Check = ContentChange | { readonly gone: vscode.Uri } | 'all';

function filesOf(persona: Persona): Array<BootstrapName | typeof HEARTWOOD_FILE> {
  return persona.heartwood ? [...persona.files, HEARTWOOD_FILE] : [...persona.files];
}
