// `vscode.l10n` for unit tests of the extension's view models, outside VS Code: `t` as VS Code
// runs it (placeholders filled, the message looked up in the loaded bundle, English without one).
// Importing this file first makes `require('vscode')` resolve to the in-memory VS Code of
// fake/vscode.ts, whose `l10n` is this one.
import Module from 'node:module';
import path from 'node:path';

type Args = Array<string | number | boolean> | Record<string, unknown>;
interface Options {
  readonly message: string;
  readonly args?: Args;
  readonly comment: string | string[];
}

let bundle: Record<string, string> | undefined;

/** VS Code's `format2`: `{0}` or `{name}` from the arguments; an unknown one stays as it is. */
function format(template: string, args: Args): string {
  const values = args as Record<string, unknown>;
  if (Object.keys(values).length === 0) return template;
  return template.replace(/\{([^}]+)\}/g, (match, key: string) => {
    const value = values[key];
    return value === undefined ? match : String(value);
  });
}

function t(first: string | Options, ...rest: unknown[]): string {
  if (typeof first === 'string') {
    const args = rest.length === 1 && typeof rest[0] === 'object' && rest[0] !== null ? (rest[0] as Args) : (rest as Args);
    return format(bundle?.[first] ?? first, args);
  }
  const key = `${first.message}/${Array.isArray(first.comment) ? first.comment.join('') : first.comment}`;
  return format(bundle?.[key] ?? first.message, first.args ?? []);
}

export const l10n = {
  t,
  get bundle() {
    return bundle;
  },
};

/** Loads a translation bundle (a `bundle.l10n.<locale>.json`'s contents); undefined for English. */
export function loadBundle(contents: Record<string, string> | undefined): void {
  bundle = contents;
}

const FAKE_VSCODE = path.join(__dirname, 'fake', 'vscode.ts');

const hooked = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolve = hooked._resolveFilename;
hooked._resolveFilename = function (request: string, ...rest: unknown[]) {
  return request === 'vscode' ? FAKE_VSCODE : resolve.call(this, request, ...rest);
};
