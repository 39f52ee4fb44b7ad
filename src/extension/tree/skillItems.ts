// The tree's Skills node of an OpenClaw persona and its rows: the catalog's size against
// OpenClaw's 18,000-char budget, and each SKILL.md's state. Part of the skills bundle.
import * as vscode from 'vscode';
import { formatCount } from '../../core';
import { describeSkill, sourceLabel } from '../../core/skills';
import type { SkillMeasure } from '../../core/skills';
import type { SkillsMeasure } from '../model/skillTypes';
import { budgetChars, offeredCount, skillAssumptions, skillState } from '../util/skillMessages';

/** The Skills node: `tokens`, the section's count as sent ("1.2K tokens"), once counted. */
export function skillsItem(measure: SkillsMeasure | undefined, tokens?: string): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Skills'), vscode.TreeItemCollapsibleState.Collapsed);
  item.contextValue = 'skills';
  item.iconPath = new vscode.ThemeIcon('tools');
  if (!measure) return item;
  const { report } = measure;
  const listed = report.budget.skills;
  const offered = offeredCount(report);
  const section = report.section.length;
  item.description =
    vscode.l10n.t('{0} / {1} chars · {2} of {3} skills listed', formatCount(report.budget.chars), budgetChars(report.budget.maxChars), formatCount(listed), formatCount(offered)) +
    (tokens ? ` · ${tokens}` : '');
  const lines = [
    vscode.l10n.t('The `## Skills` section OpenClaw sends on every turn, before the Project Context: {0} chars.', formatCount(section)),
    vscode.l10n.t(
      'Its catalog: {0} of {1} chars, {2} of {3} skills listed ({4} format).',
      formatCount(report.budget.chars),
      budgetChars(report.budget.maxChars),
      formatCount(listed),
      formatCount(offered),
      report.format,
    ),
    ...(report.limitNote ? [report.limitNote] : []),
    skillAssumptions(measure),
    ...conditional(report.skills),
    // The other roots OpenClaw reads compete for the same budget: counted when read, else said.
    skillRoots(measure),
    ...report.notices.slice(0, 5).map((notice) => `${notice.path}: ${notice.message}`),
  ];
  item.tooltip = new vscode.MarkdownString(lines.map((line) => line.replace(/[\\*_[\]<>]/g, '\\$&')).join('\n\n'));
  if (report.skills.some((skill) => skill.state === 'leftOut' || skill.state === 'skipped'))
    item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
  return item;
}

/** Which of OpenClaw's skill roots the catalog counts, and which it does not read. */
function skillRoots(measure: SkillsMeasure): string {
  if (measure.machine)
    return measure.pluginSkills
      ? vscode.l10n.t(
          "Counted: this workspace's skills, the stock plugins', and this machine's: OpenClaw's bundled skills, ~/.openclaw/skills, ~/.agents/skills and skills.load.extraDirs (personaStudio.openclaw.machineSkills), each row saying where it comes from. Not read: an agent's workshop-skills and the owner agent's custodian-skills.",
        )
      : vscode.l10n.t(
          "Counted: this workspace's skills and this machine's: OpenClaw's bundled skills, ~/.openclaw/skills, ~/.agents/skills and skills.load.extraDirs (personaStudio.openclaw.machineSkills), each row saying where it comes from. Not read: an agent's workshop-skills and the owner agent's custodian-skills.",
        );
  const why = measure.machineUnread ?? vscode.l10n.t('not read here');
  return measure.pluginSkills
    ? vscode.l10n.t(
        "The catalog shows this workspace's skills (and the stock plugins') only: OpenClaw's bundled skills, ~/.openclaw/skills, ~/.agents/skills and skills.load.extraDirs, which it lists too, are not read ({0}).",
        why,
      )
    : vscode.l10n.t(
        "The catalog shows this workspace's skills only: OpenClaw's bundled skills, ~/.openclaw/skills, ~/.agents/skills and skills.load.extraDirs, which it lists too, are not read ({0}).",
        why,
      );
}

/** The skills that wait for a variable of the gateway's environment: how they count. */
function conditional(skills: readonly SkillMeasure[]): string[] {
  const count = skills.filter((skill) => skill.reason?.kind === 'gated' && skill.reason.ifEnv).length;
  return count === 0
    ? []
    : [
        vscode.l10n.t(
          "{0} skills are listed only if a variable is set in the gateway's environment, which is not known here: they are not counted in this catalog, and each row says which variable.",
          count,
        ),
      ];
}

/** Where a skill from outside the workspace comes from, in the row's words; undefined for the workspace's own. */
function sourceWords(skill: SkillMeasure): string | undefined {
  switch (skill.source) {
    case 'plugin':
      return vscode.l10n.t('stock plugin');
    case 'bundled':
      return vscode.l10n.t('bundled');
    case 'extra':
      return vscode.l10n.t('extra dir');
    case 'managed':
    case 'personal':
      return sourceLabel(skill.source);
    default:
      return undefined;
  }
}

const ICONS: Record<SkillMeasure['state'], string> = {
  inPrompt: 'pass',
  shortened: 'fold',
  descriptionOmitted: 'fold',
  leftOut: 'warning',
  hidden: 'eye-closed',
  gated: 'circle-slash',
  skipped: 'error',
};

export function skillItem(folder: vscode.Uri, path: string, measure: SkillsMeasure | undefined): vscode.TreeItem {
  const skill = measure?.report.skills.find((candidate) => candidate.path === path);
  const item = new vscode.TreeItem(skill?.name ?? path.slice(path.lastIndexOf('/', path.length - 10) + 1), vscode.TreeItemCollapsibleState.None);
  item.contextValue = 'skill';
  if (!skill && measure?.linksOutside?.includes(path)) {
    // A link OpenClaw may follow on its own disk; here it leads outside the workspace, so it is never read.
    item.label = path.slice(path.lastIndexOf('/') + 1);
    item.description = vscode.l10n.t('links outside the workspace: not read');
    item.tooltip = vscode.l10n.t('{0} is a link to a folder outside the workspace: its skills are not read, and not counted.', path);
    item.iconPath = new vscode.ThemeIcon('link-external');
    return item;
  }
  if (!skill) return item;
  const from = sourceWords(skill);
  item.description = from ? `${skillState(skill)} · ${from}` : skillState(skill);
  item.tooltip = `${skill.location}\n${describeSkill(skill)}${skill.descriptionChars ? `\n${vscode.l10n.t('description: {0} chars', formatCount(skill.descriptionChars))}` : ''}`;
  item.iconPath = new vscode.ThemeIcon(ICONS[skill.state]);
  if (skill.source !== 'plugin') {
    const uri = folder.with({ path: skill.path });
    item.resourceUri = uri;
    item.command = { command: 'vscode.open', title: vscode.l10n.t('Open SKILL.md'), arguments: [uri] };
  }
  return item;
}
