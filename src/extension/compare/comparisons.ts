// "Compare Soul with HEAD/Revision": the composed prompt at a revision against the composed
// prompt now (unsaved editors included), under the folder's runtime, release and session,
// in VS Code's diff editor. Old files come through the Git extension's API only.
import * as vscode from 'vscode';
import { Composition, hasOwnSkills, withSkillsEntry } from '../../core';
import type { SkillsReport } from '../../core/skills/types';
import type { Measurements } from '../model/measurements';
import type { PersonaTokens } from '../tokens/personaTokens';
import { pathExistsNow } from '../platform';
import { Disposable } from '../util/disposable';
import { logUnexpected, log } from '../util/log';
import { ComparisonDocuments, comparisonUris } from './compareDocuments';
import { compareSides, CompositionTokenCounts, lensLines, placedLenses } from './compareText';
import { GitExtensionSource, GitRepository, realGitExtension, repositoryOf } from './gitApi';
import { readInputAtRevision, RevisionInput } from './revisionInput';
import { FileHistories, FileTrend, trendLines } from './fileHistory';
import { skillFileAt, walkSkillRootsAt } from './revisionSkills';

/** One open comparison: what the left side was read from, to recompose it when the runtime changes. */
interface Comparison {
  readonly folder: vscode.Uri;
  readonly label: string;
  readonly ref: string;
  readonly commit: string;
  readonly revision: RevisionInput;
  /** OpenClaw's skill catalog at the commit, read once. */
  readonly skills?: SkillsReport;
  readonly uris: ReturnType<typeof comparisonUris>;
}

/** What the comparison reads of Measurements: the inputs, and for OpenClaw the skill catalog now and its bundle. */
export type ComparedMeasurements = Pick<Measurements, 'inputs' | 'onDidChange'> & Partial<Pick<Measurements, 'skills' | 'skillsAt'>>;

/** What a comparison opened: the texts, the title and the lens lines (for tests and the log). */
export interface ComparisonShown {
  readonly before: Composition;
  readonly after: Composition;
  readonly title: string;
  readonly lines: readonly string[];
  readonly uris: ReturnType<typeof comparisonUris>;
}

export class Comparisons extends Disposable {
  readonly documents = this.register(new ComparisonDocuments());
  private readonly open = new Map<string, Comparison>();
  private readonly histories: FileHistories;

  constructor(
    private readonly measurements: ComparedMeasurements,
    private readonly tokens?: Pick<PersonaTokens, 'countOther' | 'counts'>,
    private readonly git: GitExtensionSource = realGitExtension,
    now: () => number = Date.now,
  ) {
    super();
    this.histories = new FileHistories(now);
    // The right side follows the editors: an edit recomposes it (and the lens) at once.
    this.register(measurements.onDidChange(({ folder }) => void this.refresh(folder)));
    this.register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        for (const [key, comparison] of this.open) {
          if (document.uri.toString() !== comparison.uris.after.toString()) continue;
          this.open.delete(key);
          this.documents.forget(comparison.uris.before);
          this.documents.forget(comparison.uris.after);
        }
      }),
    );
  }

  /** The repository of a folder, or one line saying why comparing is not available here. */
  async repository(folder: vscode.Uri, open = true): Promise<GitRepository | string> {
    if (!pathExistsNow) return vscode.l10n.t('Comparing with a revision is not available in the browser: it needs the Git extension of a desktop or remote VS Code.');
    return repositoryOf(folder, this.git, open);
  }

  /** A file's sparkline and forecast lines, from the history of a repository the Git extension has open; undefined without one. */
  async history(folder: vscode.Uri, name: string): Promise<readonly string[] | undefined> {
    const trend = await this.trend(folder, name);
    return trend && trendLines(trend);
  }

  /** A file's sizes over its commits (read once per file per commit), where the Git extension has the repository open. */
  async trend(folder: vscode.Uri, name: string): Promise<FileTrend | undefined> {
    const repository = await this.repository(folder, false);
    if (typeof repository === 'string') return undefined;
    return this.histories.trend(repository, folder, name, await this.measurements.inputs(folder));
  }

  /**
   * Opens the diff of `folder`'s composed prompt at `ref` against now; says why not in one
   * line (no git, no such revision, no commits yet) and answers undefined.
   */
  async compare(folder: vscode.Uri, label: string, ref: string): Promise<ComparisonShown | undefined> {
    const repository = await this.repository(folder);
    if (typeof repository === 'string') return this.say(repository);
    const found = await commitOf(repository, ref);
    if (typeof found === 'string') return this.say(found);
    const commit = found.hash;
    const inputs = await this.measurements.inputs(folder);
    const revision = await readInputAtRevision(repository, commit, folder, inputs.names, inputs.profile.readLimitFor?.(inputs.options) ?? inputs.profile.readLimit);
    for (const note of revision.notes) log.info(`comparing ${label} with ${ref}: ${note}`);
    const skills = inputs.profile.id === 'openclaw' ? await this.skillsAt(repository, commit, folder) : undefined;
    const comparison: Comparison = { folder, label, ref, commit, revision, skills, uris: comparisonUris(folder, ref) };
    this.open.set(comparison.uris.after.toString(), comparison);
    const shown = await this.show(comparison);
    await vscode.commands.executeCommand('vscode.diff', comparison.uris.before, comparison.uris.after, shown.title, { preview: false });
    return shown;
  }

  /** Composes both sides under the folder's runtime now and sets the documents. */
  private async show(comparison: Comparison): Promise<ComparisonShown> {
    const { folder, ref, commit, revision, uris } = comparison;
    const inputs = await this.measurements.inputs(folder);
    const context = { before: inputs.profile.compose(revision.input, inputs.options), after: inputs.composed };
    // OpenClaw's `## Skills` section before the Project Context at both sides, as `compose --part all`
    // prints it, when the persona has skills of its own at either (the stock plugins' alone are every persona's).
    const now = comparison.skills && (await this.measurements.skills?.(folder))?.report;
    const catalogs = comparison.skills && now && (hasOwnSkills(comparison.skills) || hasOwnSkills(now)) ? { before: comparison.skills, after: now } : undefined;
    const workspacePath = inputs.options.workspacePath ?? (folder.fsPath || folder.path);
    const before = catalogs ? withSkillsEntry(context.before, catalogs.before.section, workspacePath) : context.before;
    const after = catalogs ? withSkillsEntry(context.after, catalogs.after.section, workspacePath) : context.after;
    const tokens = await this.countTokens(folder, before, after);
    const delta = compareSides(before, after, tokens, catalogs);
    const since = `${ref} (${commit.slice(0, 7)})`;
    const lines = lensLines(delta, since, revision.notes);
    this.documents.set(uris.before, before.text, placedLenses(delta, since, revision.notes, before));
    this.documents.set(uris.after, after.text, placedLenses(delta, since, revision.notes, after));
    const title = vscode.l10n.t('{0}: {1} at {2} ↔ now ({3})', comparison.label, inputs.profile.labelFor?.(inputs.options) ?? inputs.profile.label, since, lines[0]);
    return { before, after, title, lines, uris };
  }

  /** The skill catalog at `commit` as the persona's is composed now (release, settings, allowlist); undefined outside the repository. */
  private async skillsAt(repository: GitRepository, commit: string, folder: vscode.Uri): Promise<SkillsReport | undefined> {
    const composeAt = this.measurements.skillsAt?.bind(this.measurements);
    const tree = composeAt && (await walkSkillRootsAt(repository, commit, folder));
    return tree && composeAt(folder, tree, (path) => skillFileAt(repository, commit, folder, path));
  }

  private async countTokens(folder: vscode.Uri, before: Composition, after: Composition): Promise<{ before?: CompositionTokenCounts; after?: CompositionTokenCounts } | undefined> {
    if (!this.tokens) return undefined;
    try {
      const live = this.tokens.counts(folder);
      const [was, is] = await Promise.all([this.tokens.countOther(folder, 'revision', before), live?.composition === after ? live : this.tokens.countOther(folder, 'now', after)]);
      return { before: was, after: is };
    } catch (error) {
      // The sizes still compare; the log says why the tokens do not.
      logUnexpected('counting the tokens of a comparison', error);
      return undefined;
    }
  }

  private async refresh(folder: vscode.Uri): Promise<void> {
    for (const comparison of this.open.values()) {
      if (comparison.folder.toString() !== folder.toString()) continue;
      try {
        await this.show(comparison);
      } catch (error) {
        logUnexpected('refreshing a comparison', error);
      }
    }
  }

  private say(message: string): undefined {
    void vscode.window.showInformationMessage(message);
    return undefined;
  }
}

/** The commit `ref` names, or one line saying why there is none. */
async function commitOf(repository: GitRepository, ref: string): Promise<{ readonly hash: string } | string> {
  try {
    return { hash: (await repository.getCommit(ref)).hash };
  } catch (error) {
    log.info(`no commit for ${ref}: ${error instanceof Error ? error.message : String(error)}`);
    if (!repository.state.HEAD?.commit) return vscode.l10n.t('The repository has no commits yet: there is no {0} to compare with.', ref);
    return vscode.l10n.t('{0}: no such revision in this repository (in a shallow clone, fetch more of its history).', ref);
  }
}
