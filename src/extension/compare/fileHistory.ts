// Where a file is heading: its size in the runtime's unit at each commit of the last 90 days
// that changed it (read through the Git extension's API), a sparkline, and for a growing file
// when the runtime starts cutting it. Computed when a tooltip asks, once per file per commit.
import * as vscode from 'vscode';
import { FileContent, forecastGrowth, formatForecast, measureFileSize, RUNTIME_NAMES, SizePoint, sparkline } from '../../core';
import type { CompositionInputs } from '../model/measurements';
import type { GitRepository } from './gitApi';
import { HISTORY_BLOB_LIMIT } from './revisionInput';

export const HISTORY_DAYS = 90;
export const HISTORY_MAX_COMMITS = 100;
const DAY = 24 * 60 * 60 * 1000;

export interface FileTrend {
  readonly points: readonly SizePoint[];
  /** The sizes at each commit, then now. */
  readonly sparkline: string;
  /** "MEMORY.md grew 410 chars a day over 30 days; at this rate OpenClaw starts cutting it in about 12 days"; absent when not growing or too short. */
  readonly forecast?: string;
}

export class FileHistories {
  /** By folder, file, HEAD commit and runtime options: a file's trend is read once per commit. */
  private readonly trends = new Map<string, Promise<FileTrend | undefined>>();
  /** A blob's size in the runtime's unit, by object id and runtime options. */
  private readonly sizes = new Map<string, number | undefined>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The file's trend; undefined with fewer than two commits in the window or without a HEAD. */
  trend(repository: GitRepository, folder: vscode.Uri, name: string, inputs: CompositionInputs): Promise<FileTrend | undefined> {
    const head = repository.state.HEAD?.commit;
    if (!head) return Promise.resolve(undefined);
    const key = JSON.stringify([folder.toString(), name, head, inputs.profile.id, inputs.options]);
    let trend = this.trends.get(key);
    if (!trend) {
      trend = this.read(repository, folder, name, inputs);
      this.trends.set(key, trend);
      // A failed read is not kept: the next hover tries again.
      trend.catch(() => this.trends.delete(key));
    }
    return trend;
  }

  private async read(repository: GitRepository, folder: vscode.Uri, name: string, inputs: CompositionInputs): Promise<FileTrend | undefined> {
    const uri = vscode.Uri.joinPath(folder, name);
    const root = repository.rootUri.path.replace(/\/$/, '');
    if (!uri.path.startsWith(`${root}/`)) return undefined;
    const path = uri.path.slice(root.length + 1);
    const now = this.now();
    const commits = (await repository.log({ path: uri.fsPath, maxEntries: HISTORY_MAX_COMMITS }))
      .map((commit) => ({ hash: commit.hash, date: (commit.commitDate ?? commit.authorDate)?.getTime() }))
      .filter((commit): commit is { hash: string; date: number } => commit.date !== undefined && commit.date >= now - HISTORY_DAYS * DAY)
      .sort((a, b) => a.date - b.date);
    const points: SizePoint[] = [];
    const options = JSON.stringify([inputs.profile.id, inputs.options]);
    for (const commit of commits) {
      const size = await this.sizeAt(repository, commit.hash, path, folder, name, inputs, options);
      if (size !== undefined) points.push({ date: commit.date, size });
    }
    if (points.length < 2) return undefined;
    const file = inputs.composition.files.find((measure) => measure.name === name);
    const current = file?.size;
    const forecast = forecastGrowth(points, { now, cap: file?.effectiveCap ?? file?.cap, current });
    return {
      points,
      sparkline: sparkline([...points.map((point) => point.size), ...(current === undefined ? [] : [current])]),
      forecast: forecast && formatForecast(name, forecast, inputs.composition.unit, RUNTIME_NAMES[inputs.composition.runtime]),
    };
  }

  private async sizeAt(
    repository: GitRepository,
    commit: string,
    path: string,
    folder: vscode.Uri,
    name: string,
    inputs: CompositionInputs,
    options: string,
  ): Promise<number | undefined> {
    let found;
    try {
      found = await repository.getObjectDetails(commit, path);
    } catch (error) {
      // Deleted at this commit: no point.
      if ((error as { gitErrorCode?: unknown }).gitErrorCode === 'UnknownPath') return undefined;
      throw error;
    }
    if (found.mode !== '100644' && found.mode !== '100755') return undefined;
    const key = `${found.object}\u0000${options}`;
    if (this.sizes.has(key)) return this.sizes.get(key);
    let size: number | undefined;
    if (found.size <= HISTORY_BLOB_LIMIT) {
      const bytes = await repository.buffer(commit, path);
      const content: FileContent = {
        kind: 'bytes',
        bytes: bytes.subarray(0, Math.min(inputs.profile.readLimitFor?.(inputs.options) ?? inputs.profile.readLimit, bytes.byteLength)),
        size: found.size,
      };
      size = measureFileSize(inputs.profile, inputs.options, folder.fsPath, name, content);
    }
    this.sizes.set(key, size);
    return size;
  }
}

/** The tooltip's lines: the sparkline with its span, then the forecast. */
export function trendLines(trend: FileTrend): string[] {
  const lines = [vscode.l10n.t('Last {0} commits: {1}', trend.points.length, trend.sparkline)];
  if (trend.forecast) lines.push(trend.forecast);
  return lines;
}
