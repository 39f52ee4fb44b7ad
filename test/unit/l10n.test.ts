// Localization: `npm run l10n` (l10n-dev's export over src) gives exactly the committed bundle;
// every runtime string reaches it, because `vscode.l10n.t` is only ever called, with a literal;
// the core's sentences read in VS Code as the CLI writes them, and follow a loaded bundle.
import { loadBundle } from './vscodeL10n';
import assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { CORE_MESSAGES, CoreMessageId, english, fileCapProblem, reportFile } from '../../src/core';
import { localize } from '../../src/extension/util/coreMessages';
import { totalsText } from '../../src/extension/preview/soulModel';

const repoRoot = path.resolve(__dirname, '../..');
const BUNDLE = path.join(repoRoot, 'l10n', 'bundle.l10n.json');
/** Distinct messages of the direct `vscode.l10n.t` calls in src when the bundle was made. */
const DIRECT_MESSAGES = 270;

interface Call {
  readonly where: string;
  readonly key?: string;
  readonly problem?: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function isL10n(node: ts.Node): node is ts.PropertyAccessExpression {
  return ts.isPropertyAccessExpression(node) && node.name.text === 'l10n' && ts.isIdentifier(node.expression) && node.expression.text === 'vscode';
}

function literalText(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

/** The bundle key of a `vscode.l10n.t(…)` call, as the extractor forms it, or why it has none. */
function callKey(call: ts.CallExpression): { key?: string; problem?: string } {
  const first = call.arguments[0];
  const message = literalText(first);
  if (message !== undefined) return { key: message };
  if (first && ts.isObjectLiteralExpression(first)) {
    const property = (name: string) =>
      first.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name)?.initializer;
    const text = literalText(property('message'));
    const comment = property('comment');
    const comments = comment && ts.isArrayLiteralExpression(comment) ? comment.elements.map(literalText) : [literalText(comment)];
    // Without a comment the extractor skips the object form.
    if (text !== undefined && comment && comments.every((c) => c !== undefined)) return { key: `${text}/${comments.join('')}` };
  }
  return { problem: `vscode.l10n.t called without a literal message: ${call.getText().slice(0, 80)}` };
}

/** Every use of `vscode.l10n.t` in src: the bundle key of each call, or what is wrong with it. */
function l10nCalls(): Call[] {
  const calls: Call[] = [];
  for (const file of sourceFiles(path.join(repoRoot, 'src'))) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (isL10n(node)) {
        const where = `${path.relative(repoRoot, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        const parent = node.parent;
        const used = ts.isPropertyAccessExpression(parent) && parent.expression === node ? parent.name.text : undefined;
        if (used === 't') {
          const call = parent.parent;
          if (ts.isCallExpression(call) && call.expression === parent) calls.push({ where, ...callKey(call) });
          else calls.push({ where, problem: `vscode.l10n.t used as a value: ${call.getText().slice(0, 80)}` });
        } else if (used !== 'bundle' && used !== 'uri') {
          calls.push({ where, problem: `vscode.l10n used as a value: ${parent.getText().slice(0, 80)}` });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return calls;
}

/** What `npm run l10n` writes, written into a fresh folder instead. */
function exportBundle(): Record<string, unknown> {
  const script: string = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts.l10n;
  const args = script.split(/\s+/);
  assert.deepStrictEqual(args.slice(0, 2), ['vscode-l10n-dev', 'export']);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-l10n-'));
  const at = args.indexOf('--outDir');
  assert.ok(at > 0, 'npm run l10n names its --outDir');
  args[at + 1] = outDir;
  const cli = path.join(path.dirname(require.resolve('@vscode/l10n-dev')), 'cli.js');
  execFileSync(process.execPath, [cli, ...args.slice(1)], { cwd: repoRoot, stdio: 'pipe' });
  return JSON.parse(fs.readFileSync(path.join(outDir, 'bundle.l10n.json'), 'utf8'));
}

describe('Localization bundle', function () {
  this.timeout(120_000);

  it('is what `npm run l10n` exports from src now', () => {
    const committed = JSON.parse(fs.readFileSync(BUNDLE, 'utf8'));
    assert.deepStrictEqual(exportBundle(), committed, 'l10n/bundle.l10n.json is stale: run npm run l10n');
  });

  it('holds the message of every vscode.l10n.t call, which is only ever called, with a literal message', () => {
    const calls = l10nCalls();
    assert.deepStrictEqual(
      calls.filter((call) => call.problem).map((call) => `${call.where}: ${call.problem}`),
      [],
    );
    const keys = [...new Set(calls.map((call) => call.key!))].sort();
    const bundle = JSON.parse(fs.readFileSync(BUNDLE, 'utf8'));
    assert.deepStrictEqual(Object.keys(bundle).sort(), keys);
    assert.ok(keys.length >= DIRECT_MESSAGES, `${keys.length} messages, fewer than the ${DIRECT_MESSAGES} the bundle had`);
  });

  it('is declared in package.json', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    assert.strictEqual(manifest.l10n, './l10n');
    assert.ok(manifest.devDependencies['@vscode/l10n-dev']);
  });
});

describe('Core messages in VS Code', () => {
  afterEach(() => loadBundle(undefined));

  it('read, without a translation, exactly as the core writes them in English', () => {
    for (const id of Object.keys(CORE_MESSAGES) as CoreMessageId[]) {
      assert.strictEqual(localize(id), CORE_MESSAGES[id], id);
      assert.strictEqual(localize(id, 'a', 2, 'c', 4, 'e', 6), english(id, 'a', 2, 'c', 4, 'e', 6), id);
    }
  });

  it("follow a loaded bundle, as do the extension's own words", () => {
    loadBundle({
      [CORE_MESSAGES.fileNear]: '{0} : {2} / {3} octets ({1}), {4} restants.',
      'Soul: empty (no bootstrap file)': 'Âme : vide',
    });
    const problem = fileCapProblem(reportFile('SOUL.md', 'a'.repeat(2_000_000)), undefined, localize);
    assert.strictEqual(problem?.message, 'SOUL.md : 2,000,000 / 2,097,152 octets (95.4 %), 97,152 restants.');
    assert.strictEqual(totalsText(0, 0), 'Âme : vide');
    assert.strictEqual(localize('shareOf', 1, 2), '1 of 2');
  });
});
