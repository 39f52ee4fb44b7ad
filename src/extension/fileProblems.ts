// The one diagnostic a persona file deserves, if any, from its live content: near or
// over its cap (bootstrap files in bytes, HEARTWOOD.md in characters), or named
// with the wrong case. Ranges come from the open editor when there is one, so they
// land exactly on the cut; a closed file is located from its bytes.
import * as vscode from 'vscode';
import {
  BootstrapSource,
  CapProblem,
  effectiveHeartwoodCap,
  fileCapProblem,
  HEARTWOOD_FILE,
  heartwoodCapProblem,
  isBootstrapName,
  lineAndColumn,
  MAX_FILE_BYTES,
  miscasedBootstrapName,
  miscasedMessage,
  reportFile,
  reportHeartwood,
  decodeUtf8,
} from '../core';
import { heartwoodCaps, warnAt } from './config';
import { baseName, folderOf, Persona, PersonaWorkspace } from './personaWorkspace';

export const DIAGNOSTIC_SOURCE = 'Persona Studio';

export const DiagnosticCode = {
  near: 'cap-near',
  over: 'cap-over',
  miscased: 'miscased-name',
} as const;

/** The editor changed while the content was being read: a newer pass is on its way. */
export const STALE = Symbol('stale');

const BOM = '\uFEFF';
const t = (message: string, ...args: Array<string | number>) => vscode.l10n.t(message, ...args);

export async function diagnoseFile(
  personas: PersonaWorkspace,
  persona: Persona,
  uri: vscode.Uri,
): Promise<vscode.Diagnostic | undefined | typeof STALE> {
  const name = baseName(uri);
  const intended = miscasedBootstrapName(name);
  if (intended) {
    const document = personas.openDocument(uri);
    if (!document && !persona.miscased.includes(name)) return undefined;
    const range = document ? document.lineAt(0).range : new vscode.Range(0, 0, 0, 0);
    return diagnostic(range, miscasedMessage(name, intended, t), vscode.DiagnosticSeverity.Warning, DiagnosticCode.miscased);
  }
  if (!isBootstrapName(name) && name !== HEARTWOOD_FILE) return undefined;

  const document = personas.openDocument(uri);
  const threshold = warnAt(uri);
  // A closed file's size on disk bounds both its bytes and its characters: most
  // files are far from their cap and need not be read at all.
  const cap = isBootstrapName(name) ? MAX_FILE_BYTES : effectiveHeartwoodCap(heartwoodCaps(uri));
  if (!document && !(await mayBeNear(uri, cap * threshold))) return undefined;

  const version = document?.version;
  let problem: CapProblem | undefined;
  let source: BootstrapSource | undefined;
  if (isBootstrapName(name)) {
    source = await personas.source(uri);
    if (isStale(document, version)) return STALE;
    if (source === undefined) return undefined;
    const report = reportFile(name, source, threshold);
    if (report.state !== 'near' && report.state !== 'over') return undefined;
    problem = fileCapProblem(report, report.cut ? textOf(source) : undefined, t);
  } else {
    const text = await personas.heartwoodText(folderOf(uri));
    if (isStale(document, version)) return STALE;
    source = text;
    problem = text === undefined ? undefined : heartwoodCapProblem(reportHeartwood(text, heartwoodCaps(uri), threshold), t);
  }
  if (!problem || source === undefined) return undefined;

  const locate = document ? documentLocator(document, source) : textLocator(textOf(source));
  if (problem.kind === 'over' && problem.cutIndex !== undefined) {
    const range = new vscode.Range(locate.at(problem.cutIndex), locate.end());
    return diagnostic(range, problem.message, vscode.DiagnosticSeverity.Error, DiagnosticCode.over);
  }
  return diagnostic(locate.lastLine(), problem.message, vscode.DiagnosticSeverity.Warning, DiagnosticCode.near);
}

async function mayBeNear(uri: vscode.Uri, threshold: number): Promise<boolean> {
  try {
    return (await vscode.workspace.fs.stat(uri)).size >= threshold;
  } catch {
    return false;
  }
}

function isStale(document: vscode.TextDocument | undefined, version: number | undefined): boolean {
  return document !== undefined && (document.isClosed || document.version !== version);
}

function textOf(source: BootstrapSource): string {
  return typeof source === 'string' ? source : decodeUtf8(source);
}

function diagnostic(range: vscode.Range, message: string, severity: vscode.DiagnosticSeverity, code: string): vscode.Diagnostic {
  const result = new vscode.Diagnostic(range, message, severity);
  result.source = DIAGNOSTIC_SOURCE;
  result.code = code;
  return result;
}

/** Turns indexes of the reported text into editor positions. */
interface Locator {
  at(index: number): vscode.Position;
  end(): vscode.Position;
  /** The last line holding text: where a growing file grows. */
  lastLine(): vscode.Range;
}

function documentLocator(document: vscode.TextDocument, source: BootstrapSource): Locator {
  // The reported text carries the BOM the editor hides but would save back.
  const shift = typeof source === 'string' && source.startsWith(BOM) && !document.lineAt(0).text.startsWith(BOM) ? 1 : 0;
  return {
    at: (index) => document.positionAt(Math.max(0, index - shift)),
    end: () => document.lineAt(document.lineCount - 1).range.end,
    lastLine: () => {
      let line = document.lineCount - 1;
      while (line > 0 && document.lineAt(line).text.length === 0) line--;
      return document.lineAt(line).range;
    },
  };
}

function textLocator(text: string): Locator {
  // An editor opening the file hides its BOM: positions count without it.
  const shift = text.startsWith(BOM) ? 1 : 0;
  const body = shift ? text.slice(1) : text;
  const position = (index: number) => {
    const { line, column } = lineAndColumn(body, Math.max(0, index));
    // A CRLF line's '\r' belongs to the line break, not to the line.
    const atBreak = column > 0 && body[index - 1] === '\r' && (index === body.length || body[index] === '\n');
    return new vscode.Position(line, atBreak ? column - 1 : column);
  };
  return {
    at: (index) => position(index - shift),
    end: () => position(body.length),
    lastLine: () => {
      let end = body.length;
      while (end > 0 && (body[end - 1] === '\n' || body[end - 1] === '\r')) end--;
      const last = position(end);
      return new vscode.Range(last.line, 0, last.line, last.character);
    },
  };
}
