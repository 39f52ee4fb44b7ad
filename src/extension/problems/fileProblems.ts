// The diagnostics a persona file deserves, from its live content: near or over its
// cap under the folder's runtime (one entry per span the runtime drops; HEARTWOOD.md in
// characters against its own caps), or named with the wrong case. Ranges come from the open editor when there is one, so they
// land exactly on the cut; a closed file is located from its bytes.
import * as vscode from 'vscode';
import {
  effectiveHeartwoodCap,
  HEARTWOOD_FILE,
  heartwoodCapProblem,
  isBootstrapName,
  lineAndColumn,
  measureCapProblem,
  miscasedBootstrapName,
  miscasedMessage,
  OPENCLAW_LINK_NOT_FOLLOWED,
  OPENCLAW_LINK_REFUSED,
} from '../../core';
import { heartwoodCaps, warnAt } from '../model/config';
import { localize } from '../util/coreMessages';
import { Measurements } from '../model/measurements';
import { folderOf, Persona, PersonaWorkspace } from '../model/personaWorkspace';
import { expectFileSystemError } from '../util/log';
import { loadHermesEditor } from '../hermes/load';

export const DIAGNOSTIC_SOURCE = 'Persona Studio';

export const DiagnosticCode = {
  near: 'cap-near',
  over: 'cap-over',
  miscased: 'miscased-name',
  link: 'link-not-read',
  blocked: 'scanner-blocks',
} as const;

/** The editor changed while the content was being read: a newer pass is on its way. */
export const STALE = Symbol('stale');

const BOM = '\uFEFF';

/** A file of the persona folder, or below it (`memories/MEMORY.md`); one not among the seven gets only its scanner's Errors. */
export async function diagnoseFile(personas: PersonaWorkspace, measurements: Measurements, persona: Persona, uri: vscode.Uri): Promise<vscode.Diagnostic[] | typeof STALE> {
  const name = uri.path.slice(persona.uri.path.length + 1);
  const intended = miscasedBootstrapName(name);
  if (intended) {
    const document = personas.openDocument(uri);
    if (!document && !persona.miscased.includes(name)) return [];
    const range = document ? document.lineAt(0).range : new vscode.Range(0, 0, 0, 0);
    return [diagnostic(range, miscasedMessage(name, intended, localize), vscode.DiagnosticSeverity.Warning, DiagnosticCode.miscased)];
  }
  if (name === HEARTWOOD_FILE) return diagnoseHeartwood(personas, measurements, uri);
  const bootstrap = isBootstrapName(name);

  const document = personas.openDocument(uri);
  const version = document?.version;
  const [measure, composition] = await Promise.all([measurements.file(uri, persona.uri), measurements.composition(persona.uri)]);
  if (isStale(document, version)) return STALE;
  if (!measure) return [];
  // A bootstrap file the runtime does not read because it is a link: said in its words, on the file.
  if (measure.status === 'unreadable' && measure.note && (measure.note === OPENCLAW_LINK_REFUSED || measure.note.startsWith(OPENCLAW_LINK_NOT_FOLLOWED))) {
    const sent = measure.marker ? vscode.l10n.t('{0} is sent in its place.', measure.marker) : vscode.l10n.t('Nothing of it is sent.');
    return [diagnostic(new vscode.Range(0, 0, 0, 0), `${name}: ${measure.note}. ${sent}`, vscode.DiagnosticSeverity.Error, DiagnosticCode.link)];
  }
  const locate = locator(document, measure.text);
  // What the runtime's scanner blocks (Hermes): an Error on each matching range, with its quick fixes, from a bundle of their own.
  const blocked = measure.blocks?.length
    ? loadHermesEditor().scannerDiagnostics(uri, measure, locate.at, (range, message) => diagnostic(range, message, vscode.DiagnosticSeverity.Error, DiagnosticCode.blocked))
    : [];
  // A file blocked whole is not "over a cap": its Errors say why nothing of it is sent.
  const problem = bootstrap && !measure.blocks?.some((block) => block.scope === 'file') && measureCapProblem(measure, composition.runtime, composition.unit, localize);
  if (!problem) return blocked;
  if (problem.kind === 'over') {
    // One entry per dropped span, over exactly the text the runtime does not send.
    return [
      ...blocked,
      ...problem.spans.map((span) => {
        const end = span.end >= measure.text.length ? locate.end() : locate.at(span.end);
        return diagnostic(new vscode.Range(locate.at(span.start), end), problem.message, vscode.DiagnosticSeverity.Error, DiagnosticCode.over);
      }),
    ];
  }
  return [...blocked, diagnostic(locate.lastLine(), problem.message, vscode.DiagnosticSeverity.Warning, DiagnosticCode.near)];
}

/** HEARTWOOD.md keeps its own caps, in characters, whatever the runtime. */
async function diagnoseHeartwood(personas: PersonaWorkspace, measurements: Measurements, uri: vscode.Uri): Promise<vscode.Diagnostic[] | typeof STALE> {
  const document = personas.openDocument(uri);
  const threshold = warnAt(uri);
  // A closed file's size on disk bounds its characters: most are far from the cap and need not be read.
  if (!document && !(await mayBeNear(uri, effectiveHeartwoodCap(heartwoodCaps(uri)) * threshold))) return [];
  const version = document?.version;
  const measure = await measurements.heartwood(folderOf(uri));
  if (isStale(document, version)) return STALE;
  const problem = measure && heartwoodCapProblem(measure.report, localize);
  if (!problem || !measure) return [];
  const text = measure.text;
  const locate = locator(document?.isDirty ? document : undefined, text);
  if (problem.kind === 'over' && problem.cutIndex !== undefined) {
    return [diagnostic(new vscode.Range(locate.at(problem.cutIndex), locate.end()), problem.message, vscode.DiagnosticSeverity.Error, DiagnosticCode.over)];
  }
  return [diagnostic(locate.lastLine(), problem.message, vscode.DiagnosticSeverity.Warning, DiagnosticCode.near)];
}

/**
 * Positions for indexes of the measured text: a dirty editor's own, else counted in the
 * text read from disk (which an open, unmodified editor shows line for line), ending
 * where the editor ends when one is open (the disk text may be only the part read).
 */
export function locator(document: vscode.TextDocument | undefined, text: string): Locator {
  if (document?.isDirty) return documentLocator(document, text);
  const fromText = textLocator(text);
  if (!document) return fromText;
  return { ...fromText, end: () => document.lineAt(document.lineCount - 1).range.end };
}

async function mayBeNear(uri: vscode.Uri, threshold: number): Promise<boolean> {
  try {
    return (await vscode.workspace.fs.stat(uri)).size >= threshold;
  } catch (error) {
    expectFileSystemError(error); // Gone or unreadable: nothing near a cap.
    return false;
  }
}

function isStale(document: vscode.TextDocument | undefined, version: number | undefined): boolean {
  return document !== undefined && (document.isClosed || document.version !== version);
}

function diagnostic(range: vscode.Range, message: string, severity: vscode.DiagnosticSeverity, code: string): vscode.Diagnostic {
  const result = new vscode.Diagnostic(range, message, severity);
  result.source = DIAGNOSTIC_SOURCE;
  result.code = code;
  return result;
}

/** Turns indexes of the reported text into editor positions. */
export interface Locator {
  at(index: number): vscode.Position;
  end(): vscode.Position;
  /** The last line holding text: where a growing file grows. */
  lastLine(): vscode.Range;
}

function documentLocator(document: vscode.TextDocument, source: string): Locator {
  // The reported text carries the BOM the editor hides but would save back.
  const shift = source.startsWith(BOM) && !document.lineAt(0).text.startsWith(BOM) ? 1 : 0;
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
    // The editor's lines (CRLF, LF or a lone CR), as lineAndColumn counts them.
    const { line, column } = lineAndColumn(body, Math.max(0, index));
    return new vscode.Position(line, column);
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
