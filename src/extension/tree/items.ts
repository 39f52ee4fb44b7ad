// How each tree element looks: label, size in the runtime's unit against its cap there,
// state icon, tooltip, click.
import * as vscode from 'vscode';
import {
  agentLabel,
  capShare,
  CapState,
  FileMeasure,
  FileStatus,
  DISCOVERY_MAX_DEPTH,
  escapeControls,
  escapeMarkdown,
  filePurpose,
  formatCount,
  formatMeasure,
  formatMeasureExact,
  formatPercent,
  HEARTWOOD_FILE,
  isBootstrapName,
  editorLineAndColumn,
  MAX_FILE_BYTES,
  miscasedBootstrapName,
  OpenClawAgent,
  RUNTIME_NAMES,
  RuntimeProfile,
  totalText,
  utf8Length,
} from '../../core';
import { AddBootstrapNode, FileNode, HeartwoodPartNode, MiscasedNode, PersonaNode } from './nodes';
import { readIfPresent } from './rows';
import { FileStats, HeartwoodStats, PersonaStats } from './stats';
import { localize } from '../util/coreMessages';
import { missingUri } from './missingDecorations';
import { loadAgents } from '../agents/load';
import { runtimeOptions } from '../model/config';

const stateIcon: Record<Exclude<CapState, 'missing'>, vscode.ThemeIcon> = {
  ok: new vscode.ThemeIcon('pass', new vscode.ThemeColor('charts.green')),
  near: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  over: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
};
const missingIcon = new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'));

function markdown(text: string): vscode.MarkdownString {
  const tooltip = new vscode.MarkdownString(text, true);
  tooltip.isTrusted = false;
  return tooltip;
}

export interface PersonaItemOptions {
  readonly multiRoot: boolean;
  readonly expanded: boolean;
  /** The soul's tokens, when counted ("12.4K tokens"). */
  readonly tokens?: string;
  /** The OpenClaw agent whose workspace it is: the row is labelled by it. */
  readonly agent?: OpenClawAgent;
}

/** A persona row; without stats (a collapsed persona not measured yet) it shows no sizes until expanded. */
export function personaItem(node: PersonaNode, stats: PersonaStats | undefined, options: PersonaItemOptions): vscode.TreeItem {
  const { persona } = node;
  const { agent } = options;
  const label = agent ? agentLabel(agent) : persona.label;
  const item = new vscode.TreeItem(escapeControls(label), options.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `persona:${persona.uri.toString()}`;
  item.contextValue = persona.heartwood ? 'persona.heartwood' : 'persona';
  // Across several roots, say which one; a root's own persona is already labelled by its name.
  const root = persona.workspaceFolder;
  const isRoot = root !== undefined && root.uri.toString() === persona.uri.toString();
  const where = options.multiRoot && root && !isRoot ? root.name : undefined;
  if (!stats) {
    item.description = where ?? '';
    item.iconPath = new vscode.ThemeIcon('person');
    item.tooltip = markdown(`**${escapeMarkdown(label)}** · \`${persona.uri.fsPath || persona.uri.path}\``);
    return item;
  }
  const { composition, profile } = stats;
  const sizes: string[] = [];
  if (stats.present > 0) sizes.push(totalText(composition, localize));
  if (stats.heartwood?.report.present) sizes.push(vscode.l10n.t('{0} chars', formatCount(stats.heartwood.report.chars)));
  if (options.tokens && stats.present > 0) sizes.push(options.tokens);
  const size = sizes.length ? sizes.join(' · ') : vscode.l10n.t('empty');
  item.description = where ? `${where} · ${size}` : size;
  item.iconPath = stats.state === 'over' || stats.state === 'near' ? new vscode.ThemeIcon('person', stateIcon[stats.state].color) : new vscode.ThemeIcon('person');
  // Names come from the disk: escaped, so none can start a link, an image, HTML or an icon.
  const lines = [`**${escapeMarkdown(label)}** · ${escapeMarkdown(persona.uri.fsPath || persona.uri.path)}`, ''];
  if (composition.runtime === 'toolnexus') {
    lines.push(vscode.l10n.t('{0} of 7 bootstrap files present · soul {1} bytes', stats.present, formatCount(composition.total.size)));
  } else {
    const total =
      composition.total.cap === undefined
        ? formatMeasureExact(composition.total.size, composition.unit, localize)
        : vscode.l10n.t(
            '{0} of its {1} budget ({2})',
            formatCount(composition.total.size),
            formatMeasureExact(composition.total.cap, composition.unit, localize),
            formatPercent(composition.total.size / composition.total.cap),
          );
    lines.push(vscode.l10n.t('{0} of 7 bootstrap files present · {1} injects {2}', stats.present, profile.label, total));
  }
  if (stats.runtimeWhy) lines.push(vscode.l10n.t('Runtime {0}: {1}', RUNTIME_NAMES[profile.id], escapeMarkdown(stats.runtimeWhy)));
  if (agent && profile.id === 'openclaw') lines.push(...loadAgents().agentLines(agent, runtimeOptions(persona.uri, 'openclaw')));
  if (stats.clamped)
    lines.push(
      '',
      vscode.l10n.t(
        'No .git in the workspace: {0} reads AGENTS.md files up to the project root, which may lie above the workspace folder. Folders above it are not read or shown.',
        profile.label,
      ),
    );
  if (stats.heartwood)
    lines.push('', vscode.l10n.t('Heartwood identity: {0} of {1} characters', formatCount(stats.heartwood.report.chars), formatCount(stats.heartwood.report.cap)));
  if (stats.state === 'over') lines.push('', `$(error) ${vscode.l10n.t('{0} cuts or drops a file.', RUNTIME_NAMES[profile.id])}`);
  else if (stats.state === 'near') lines.push('', `$(warning) ${vscode.l10n.t('A file is near its cap.')}`);
  item.tooltip = markdown(lines.join('  \n'));
  return item;
}

export function bootstrapFileItem(node: FileNode, stats: FileStats): vscode.TreeItem {
  const { measure, profile } = stats;
  const runtime = RUNTIME_NAMES[profile.id];
  const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.None);
  item.id = node.uri.toString();
  if (!stats.present) return missingItem(item, node, measure.status, runtime);
  const unit = profile.unit;
  const unsaved = stats.unsaved ? ' ●' : '';
  item.resourceUri = node.uri;
  item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [node.uri] };
  const lines = [`**${node.name}** — ${isBootstrapName(node.name) ? filePurpose(node.name, localize) : ''}`, ''];
  const share = capShare(measure);
  const size = formatMeasure(measure.size, unit, localize);
  const cap = measure.effectiveCap ?? measure.cap;
  switch (measure.status) {
    case 'notLoaded': {
      item.contextValue = 'bootstrapFile.notLoaded';
      // Why, when the runtime's rules say it of a file it finds (Hermes: "not read: .hermes.md wins").
      const why = measure.note?.startsWith('not read') ? measure.note : undefined;
      item.description = [why?.replace(/ \(.*\)$/, '') ?? vscode.l10n.t('not loaded by {0}', runtime), stats.doctor?.description].filter(Boolean).join(' · ') + unsaved;
      item.iconPath = missingIcon;
      lines.push(vscode.l10n.t('{0} does not load {1}: nothing of it is sent.', profile.label, node.name), ...(why ? [why] : []), ...(stats.doctor?.tooltip ?? []));
      break;
    }
    case 'unreadable':
      item.contextValue = 'bootstrapFile.unreadable';
      item.description = vscode.l10n.t('unreadable') + unsaved;
      item.iconPath = stateIcon.near;
      if (measure.note) lines.push(measure.note);
      lines.push(measure.marker ? vscode.l10n.t('{0} sends {1} in its place.', runtime, measure.marker) : vscode.l10n.t('{0} cannot read it and leaves it out.', runtime));
      break;
    case 'dropped':
      item.contextValue = 'bootstrapFile.over';
      item.description = `${size} · ${vscode.l10n.t('dropped')}${unsaved}`;
      item.iconPath = stateIcon.over;
      lines.push(`$(error) ${vscode.l10n.t("{0}'s total budget is spent before {1}: none of it is sent.", runtime, node.name)}`);
      break;
    default: {
      const state = measure.state === 'missing' ? 'ok' : measure.state;
      item.contextValue = `bootstrapFile.${state}`;
      item.description = `${share === undefined ? size : `${size} · ${formatPercent(share)}`}${unsaved}`;
      item.iconPath = stateIcon[state];
      lines.push(...fileLines(measure, profile, cap));
    }
  }
  if (stats.foreignEncoding) lines.push('', `$(warning) ${vscode.l10n.t('The editor saves this file as {0}; {1} reads it as UTF-8.', stats.foreignEncoding, runtime)}`);
  if (stats.unsaved) lines.push('', `_${vscode.l10n.t('Counts unsaved changes.')}_`);
  item.tooltip = markdown(lines.join('  \n'));
  return item;
}

/** The tooltip of a file the runtime sends, whole or in part. */
function fileLines(measure: FileMeasure, profile: RuntimeProfile, cap: number | undefined): string[] {
  const runtime = RUNTIME_NAMES[profile.id];
  const lines: string[] = [];
  if (profile.id === 'toolnexus') {
    lines.push(
      vscode.l10n.t('{0} of {1} bytes ({2})', formatCount(measure.size), formatCount(MAX_FILE_BYTES), formatPercent(measure.size / MAX_FILE_BYTES)),
      vscode.l10n.t('Adds {0} bytes to the soul.', formatCount(utf8Length(measure.section))),
    );
    const cut = measure.dropped[0];
    if (measure.status === 'cut' && cut) {
      const { line, column } = editorLineAndColumn(measure.text, cut.start);
      lines.push(
        '',
        `$(error) ${vscode.l10n.t(
          'Over the cap by {0} bytes: the runtime keeps the first {1} bytes and cuts from line {2}, column {3}, then appends the truncation notice.',
          formatCount(measure.droppedSize),
          formatCount(MAX_FILE_BYTES),
          line + 1,
          column + 1,
        )}`,
      );
    } else if (measure.state === 'near') {
      lines.push('', `$(warning) ${vscode.l10n.t('Near the cap: {0} bytes left before the runtime cuts it.', formatCount(MAX_FILE_BYTES - measure.size))}`);
    }
    return lines;
  }
  const unit = profile.unit;
  lines.push(
    cap === undefined
      ? vscode.l10n.t('{0} in {1}', formatMeasureExact(measure.size, unit, localize), profile.label)
      : vscode.l10n.t('{0} of {1} ({2}) in {3}', formatCount(measure.size), formatMeasureExact(cap, unit, localize), formatPercent(measure.size / cap), profile.label),
  );
  if (measure.status === 'empty') lines.push(vscode.l10n.t('White space only: {0} sends nothing of it.', runtime));
  if (measure.status === 'cut')
    lines.push(
      '',
      `$(error) ${measure.note ?? vscode.l10n.t('{0} keeps {1} of {2}', runtime, formatCount(measure.keptSize), formatMeasureExact(measure.size, unit, localize))}. ${vscode.l10n.t('The dimmed text in the editor is not sent.')}`,
    );
  else if (measure.state === 'near' && cap !== undefined)
    lines.push('', `$(warning) ${vscode.l10n.t('Near the cap: {0} left before {1} cuts it.', formatMeasureExact(Math.max(0, cap - measure.size), unit, localize), runtime)}`);
  // Doctor's own words (near from 85 %), beside ours.
  if (measure.doctorNote) lines.push('', vscode.l10n.t('`openclaw doctor` says: {0}', escapeMarkdown(measure.doctorNote)));
  return lines;
}

function missingItem(item: vscode.TreeItem, node: FileNode, status?: FileStatus, runtime?: string): vscode.TreeItem {
  // A URI of our own scheme: the decoration that dims the label applies here only.
  item.resourceUri = missingUri(node.uri);
  item.contextValue = 'bootstrapFile.missing';
  const purpose = `**${node.name}** — ${filePurpose(node.name, localize)}`;
  let what = vscode.l10n.t('Missing: the runtime leaves it out of the soul. Click to create it from a template.');
  item.description = vscode.l10n.t('missing');
  if (status === 'missing' && runtime) {
    item.description = vscode.l10n.t('missing · marker sent');
    what = vscode.l10n.t('Missing: {0} sends a marker in its place ("[MISSING] Expected at: …"). Click to create it from a template.', runtime);
  } else if (status === 'notLoaded' && runtime) {
    item.description = vscode.l10n.t('missing · not loaded by {0}', runtime);
    what = vscode.l10n.t('Missing, and {0} does not load it anyway. Click to create it from a template.', runtime);
  }
  item.iconPath = missingIcon;
  item.tooltip = markdown([purpose, '', what].join('  \n'));
  item.command = { command: 'personaStudio.createFile', title: vscode.l10n.t('Create'), arguments: [node, { ask: true }] };
  return item;
}

/** A Heartwood-only persona's bootstrap files, absent by design: one dimmed row whose click scaffolds them. */
export function addBootstrapItem(node: AddBootstrapNode, stats: PersonaStats): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Add bootstrap files…'), vscode.TreeItemCollapsibleState.None);
  item.id = `addBootstrap:${node.persona.uri.toString()}`;
  // The persona folder under the missing scheme: dimmed like a missing file's row.
  item.resourceUri = missingUri(node.persona.uri);
  item.contextValue = 'bootstrapFiles.add';
  item.iconPath = new vscode.ThemeIcon('add', missingIcon.color);
  const runtime = RUNTIME_NAMES[stats.profile.id];
  const read = readIfPresent(stats.composition.files);
  const names = read.join(', ');
  const what =
    read.length === 7
      ? vscode.l10n.t('{0} would also read the seven bootstrap files if they were present: {1}.', runtime, names)
      : read.length > 0
        ? vscode.l10n.t('{0} would also read these bootstrap files if they were present: {1}.', runtime, names)
        : vscode.l10n.t('{0} reads none of the seven bootstrap files.', runtime);
  item.tooltip = markdown(
    [vscode.l10n.t('This persona is one HEARTWOOD.md.'), what, '', vscode.l10n.t('Click to choose which to create from templates; existing files are never touched.')].join('  \n'),
  );
  item.command = { command: 'personaStudio.scaffoldMissing', title: vscode.l10n.t('Add bootstrap files…'), arguments: [node] };
  return item;
}

export function heartwoodItem(node: FileNode, stats: HeartwoodStats): vscode.TreeItem {
  const { report } = stats;
  const hasParts = report.present;
  const item = new vscode.TreeItem(HEARTWOOD_FILE, hasParts ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
  item.id = node.uri.toString();
  if (!stats.present) return missingItem(item, node);
  item.resourceUri = node.uri;
  item.contextValue = `heartwoodFile.${report.state}`;
  item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [node.uri] };
  const unsaved = stats.unsaved ? ' ●' : '';
  if (!report.present) {
    item.description = vscode.l10n.t('empty: no identity') + unsaved;
    item.iconPath = new vscode.ThemeIcon('circle-large-outline');
  } else {
    item.description = `${vscode.l10n.t('{0} chars', formatCount(report.chars))} · ${formatPercent(report.fraction)}${unsaved}`;
    item.iconPath = stateIcon[report.state as Exclude<CapState, 'missing'>];
  }
  const lines = [
    `**${HEARTWOOD_FILE}** — ${filePurpose(HEARTWOOD_FILE, localize)}`,
    '',
    vscode.l10n.t('{0} of {1} characters ({2})', formatCount(report.chars), formatCount(report.cap), formatPercent(report.fraction)),
    vscode.l10n.t('Cap: loader maxChars {0}, route ceiling {1}; the lower one applies.', formatCount(report.maxChars), formatCount(report.ceiling)),
  ];
  if (report.cut) {
    lines.push(
      '',
      `$(error) ${vscode.l10n.t('Over the cap by {0} characters: the runtime cuts from line {1}, column {2}.', formatCount(report.cut.droppedChars), report.cut.line + 1, report.cut.column + 1)}`,
    );
  } else if (report.state === 'near') {
    lines.push('', `$(warning) ${vscode.l10n.t('Near the cap: {0} characters left.', formatCount(report.cap - report.chars))}`);
  }
  if (stats.unsaved) lines.push('', `_${vscode.l10n.t('Counts unsaved changes.')}_`);
  item.tooltip = markdown(lines.join('  \n'));
  return item;
}

export function heartwoodPartItem(node: HeartwoodPartNode, stats: HeartwoodStats): vscode.TreeItem {
  const { report } = stats;
  const identity = node.part === 'identity';
  const label = identity ? vscode.l10n.t('Identity') : vscode.l10n.t('Voice & Tone');
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.id = `${node.parent.uri.toString()}#${node.part}`;
  item.contextValue = `heartwoodPart.${node.part}`;
  const chars = identity ? report.identityChars : report.voiceChars;
  // The identity leads, so the cut falls in it when it alone passes the cap.
  const cutHere =
    report.cut !== undefined &&
    (identity ? stats.voiceIndex === undefined || report.cut.index < stats.voiceIndex : stats.voiceIndex !== undefined && report.cut.index >= stats.voiceIndex);
  const dropped = !identity && report.cut !== undefined && stats.voiceIndex !== undefined && report.cut.index < stats.voiceIndex;
  item.description = `${vscode.l10n.t('{0} chars', formatCount(chars))}${cutHere ? ` · ${vscode.l10n.t('cut')}` : dropped ? ` · ${vscode.l10n.t('dropped')}` : ''}`;
  item.iconPath = cutHere || dropped ? new vscode.ThemeIcon(identity ? 'person' : 'mic', stateIcon.over.color) : new vscode.ThemeIcon(identity ? 'person' : 'mic');
  const purpose = identity ? vscode.l10n.t('Who the agent is: this leads the identity section.') : vscode.l10n.t('How the agent sounds: follows the identity.');
  const lines = [`**${label}** — ${purpose}`, '', vscode.l10n.t('{0} characters; the whole section may hold {1}.', formatCount(chars), formatCount(report.cap))];
  if (cutHere) lines.push('', `$(error) ${vscode.l10n.t('The cap cuts this part.')}`);
  if (dropped) lines.push('', `$(error) ${vscode.l10n.t('The cap falls before this part: the runtime drops all of it.')}`);
  item.tooltip = markdown(lines.join('  \n'));
  const index = identity ? stats.identityIndex : (stats.voiceIndex ?? 0);
  item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [node.parent.uri, { selection: rangeAt(stats.text, index) }] };
  return item;
}

/** A position in the editor for an index into the text as read (which may begin with a BOM). */
function rangeAt(text: string, index: number): vscode.Range {
  const { line, column } = editorLineAndColumn(text, index);
  const position = new vscode.Position(line, column);
  return new vscode.Range(position, position);
}

export function miscasedItem(node: MiscasedNode): vscode.TreeItem {
  const intended = miscasedBootstrapName(node.name);
  const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.None);
  item.id = node.uri.toString();
  item.resourceUri = node.uri;
  item.contextValue = 'bootstrapFile.miscased';
  item.description = intended ? vscode.l10n.t('the runtime reads only {0}', intended) : vscode.l10n.t('not read by the runtime');
  item.iconPath = stateIcon.near;
  item.tooltip = markdown(
    intended && isBootstrapName(intended)
      ? vscode.l10n.t(
          'Named {0}: the runtime reads only {1} (names match exactly, case included), so this file is left out of the soul. Rename it to {1}.',
          escapeMarkdown(node.name),
          intended,
        )
      : vscode.l10n.t('The runtime does not read this file.'),
  );
  item.command = { command: 'vscode.open', title: vscode.l10n.t('Open'), arguments: [node.uri] };
  return item;
}

/** The line above the tree when a bound stopped discovery: some personas may be missing. */
export function discoveryStopMessage(stop: { by: 'folders' | 'depth'; folders: number } | undefined): string | undefined {
  if (!stop) return undefined;
  return stop.by === 'folders'
    ? vscode.l10n.t('Discovery stopped at {0} folders: personas in the folders not read are not shown. Name them in personaStudio.folders.', formatCount(stop.folders))
    : vscode.l10n.t('Discovery stopped {0} folders deep: personas deeper are not shown. Name them in personaStudio.folders.', DISCOVERY_MAX_DEPTH);
}

/**
 * The line above the tree: Restricted Mode, when it limits what is shown (the
 * workspace's own personaStudio.folders waits for trust), then what stopped discovery.
 */
export function treeMessage(stop: { by: 'folders' | 'depth'; folders: number } | undefined): string | undefined {
  const restricted = vscode.workspace.isTrusted ? undefined : vscode.l10n.t("Restricted Mode: this workspace's personaStudio.folders is not used until you trust it.");
  const stopped = discoveryStopMessage(stop);
  return restricted && stopped ? `${restricted} ${stopped}` : (restricted ?? stopped);
}

/** A persona file that is a link leading outside the workspace folder: said in its row and tooltip. */
export function markLinkOutside(item: vscode.TreeItem, name: string, target: string): vscode.TreeItem {
  item.description = `${item.description ?? ''} · ${vscode.l10n.t('link outside')}`;
  const warning = `$(warning) ${vscode.l10n.t('{0} is a link to {1}, outside the workspace folder: the runtime would send that file to the model.', name, escapeMarkdown(target))}`;
  const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip : markdown(typeof item.tooltip === 'string' ? escapeMarkdown(item.tooltip) : '');
  tooltip.appendMarkdown(`  \n\n${warning}`);
  item.tooltip = tooltip;
  return item;
}
