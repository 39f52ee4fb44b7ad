// The commands "Compare Soul with HEAD…" and "Compare Soul with Revision…" (which picks
// a branch, a tag or a recent commit).
import * as vscode from 'vscode';
import { resolvePersona } from '../commands/pickPersona';
import type { PersonaWorkspace } from '../model/personaWorkspace';
import { logUnexpected } from '../util/log';
import type { Comparisons } from './comparisons';
import type { GitRepository } from './gitApi';

/** What the two commands run, on a tree row, a URI or nothing (the active editor's persona). */
export function compareCommands(
  personas: PersonaWorkspace,
  comparisons: Comparisons,
): { compareWithHead(target: unknown): Promise<void>; compareWithRevision(target: unknown): Promise<void> } {
  const run = async (target: unknown, choose: (repository: GitRepository) => Promise<string | undefined>) => {
    const persona = await resolvePersona(personas, target, vscode.l10n.t('Choose a persona to compare'));
    if (!persona) return;
    try {
      const repository = await comparisons.repository(persona.uri);
      if (typeof repository === 'string') {
        void vscode.window.showInformationMessage(repository);
        return;
      }
      const ref = await choose(repository);
      if (ref !== undefined) await comparisons.compare(persona.uri, persona.label, ref);
    } catch (error) {
      logUnexpected('comparing with a revision', error);
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not compare {0}: {1}', persona.label, error instanceof Error ? error.message : String(error)));
    }
  };
  return {
    compareWithHead: (target) => run(target, async () => 'HEAD'),
    compareWithRevision: (target) => run(target, pickRevision),
  };
}

interface RevisionItem extends vscode.QuickPickItem {
  readonly ref?: string;
}

const RECENT_COMMITS = 30;

/** HEAD, the branches (local then remote), then the recent commits. */
async function pickRevision(repository: GitRepository): Promise<string | undefined> {
  const [branches, commits] = await Promise.all([
    repository.getBranches ? repository.getBranches({ remote: true, sort: 'committerdate' }) : Promise.resolve([]),
    repository.log({ maxEntries: RECENT_COMMITS }),
  ]);
  const short = (hash?: string) => hash?.slice(0, 7) ?? '';
  const items: RevisionItem[] = [
    { label: 'HEAD', description: short(repository.state.HEAD?.commit), ref: 'HEAD' },
    { label: vscode.l10n.t('Branches'), kind: vscode.QuickPickItemKind.Separator },
    ...branches.filter((branch) => branch.name).map((branch) => ({ label: `$(git-branch) ${branch.name!}`, description: short(branch.commit), ref: branch.name! })),
    { label: vscode.l10n.t('Recent commits'), kind: vscode.QuickPickItemKind.Separator },
    ...commits.map((commit) => ({
      label: `$(git-commit) ${short(commit.hash)}`,
      description: commit.message.split('\n')[0],
      detail: (commit.commitDate ?? commit.authorDate)?.toLocaleString(),
      ref: commit.hash,
    })),
  ];
  const picked = await vscode.window.showQuickPick(items, { placeHolder: vscode.l10n.t('Compare the composed prompt now with…'), matchOnDescription: true });
  return picked?.ref;
}
