// Checking the folder name a user types for a new persona, before anything is created.
// Names are relative to a workspace folder and may nest (`personas/atlas`); they must be
// portable, since persona folders travel between systems in repositories.

export type FolderNameProblem = 'empty' | 'absolute' | 'dotSegment' | 'illegalCharacter' | 'trailingDotOrSpace' | 'reservedName' | 'tooLong';

export type FolderNameCheck = { readonly ok: true; readonly segments: readonly string[] } | { readonly ok: false; readonly problem: FolderNameProblem; readonly detail?: string };

// Characters Windows forbids in names, plus control characters; `\` because the
// separator is `/` everywhere in a repository.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const illegal = /[\\:*?"<>|\u0000-\u001f]/;
const reserved = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const MAX_SEGMENT = 255;

export function checkPersonaFolderName(input: string): FolderNameCheck {
  const name = input.trim();
  if (name === '') return { ok: false, problem: 'empty' };
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return { ok: false, problem: 'absolute' };
  const segments = name.replace(/\/+$/, '').split(/\/+/);
  for (const segment of segments) {
    if (segment === '.' || segment === '..') return { ok: false, problem: 'dotSegment', detail: segment };
    const bad = illegal.exec(segment);
    if (bad) return { ok: false, problem: 'illegalCharacter', detail: bad[0] };
    if (/[. ]$/.test(segment) || /^ /.test(segment)) return { ok: false, problem: 'trailingDotOrSpace', detail: segment };
    if (reserved.test(segment)) return { ok: false, problem: 'reservedName', detail: segment };
    if (segment.length > MAX_SEGMENT) return { ok: false, problem: 'tooLong', detail: segment };
  }
  return { ok: true, segments };
}

/**
 * Where a new persona probably goes: the folder that already holds the other personas
 * of a workspace folder (`personas/` when they are `personas/a` and `personas/b`),
 * else nothing. Paths are relative to the workspace folder, `.` for its root.
 */
export function suggestPersonaParent(personaPaths: readonly string[]): string {
  const parents = new Set(personaPaths.map((path) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')));
  if (parents.size !== 1) return '';
  const [parent] = parents;
  return parent ? `${parent}/` : '';
}
