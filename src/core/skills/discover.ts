// Where OpenClaw 2026.9.6 finds SKILL.md files under one skill root: the root itself when
// it holds one, else its child folders (dot folders and node_modules skipped), and folders
// of grouped skills up to 6 levels down, all within budgets that bound a huge or looping
// tree. A folder whose real path leaves the root is refused.
import type { SkillNotice, SkillReader, SkipReason } from './types';

export const MAX_CANDIDATES_PER_ROOT = 300;
export const MAX_SKILLS_LOADED_PER_ROOT = 200;
export const MAX_SKILL_FILE_BYTES = 256_000;
export const MAX_GROUPED_DEPTH = 6;
/** Entries one listing reads at most: between 1,000 and 10,000, ten per candidate. */
const RAW_ENTRIES_PER_LISTING = Math.min(10_000, Math.max(1_000, MAX_CANDIDATES_PER_ROOT * 10));

export interface Candidate {
  /** The skill's folder, as reached (links not resolved). */
  readonly dir: string;
  readonly realDir: string;
  /** Its path under the root (`group/one`): the order candidates are loaded in. */
  readonly name: string;
}

/** A SKILL.md found but refused before it is read. */
export interface Refused {
  readonly file: string;
  readonly reason: SkipReason;
}

export interface Discovery {
  readonly candidates: readonly Candidate[];
  /** The root itself is a skill (then only it is loaded). */
  readonly rootIsSkill: boolean;
  /** The configured root's own SKILL.md when the scan went into its `skills` folder. */
  readonly rootCandidate?: Candidate;
  readonly refused: readonly Refused[];
  readonly notices: readonly SkillNotice[];
}

interface Budget {
  scans: number;
  rawEntries: number;
  truncated: boolean;
}

const newBudget = (): Budget => ({ scans: MAX_CANDIDATES_PER_ROOT * MAX_GROUPED_DEPTH, rawEntries: RAW_ENTRIES_PER_LISTING * (MAX_CANDIDATES_PER_ROOT + 1), truncated: false });

export const joinPath = (dir: string, name: string): string => (dir.endsWith('/') ? dir + name : `${dir}/${name}`);
export const baseName = (file: string): string => file.slice(file.lastIndexOf('/') + 1);
export const isInside = (root: string, candidate: string): boolean => candidate === root || candidate.startsWith(root.endsWith('/') ? root : root + '/');
const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

class Scan {
  readonly notices: SkillNotice[] = [];
  readonly refused: Refused[] = [];
  constructor(readonly reader: SkillReader) {}

  /** A SKILL.md stands in `dir` (any kind of entry; an error other than absence counts). */
  hasSkillFile(dir: string): boolean {
    const found = this.reader.exists(joinPath(dir, 'SKILL.md'));
    return found !== false;
  }

  /** The child folders of `dir` (links to folders too, unless `skipLinks`), in listing order. */
  childDirs(dir: string, budget: Budget | undefined, skipLinks = false): string[] {
    if (budget && (budget.scans <= 0 || budget.rawEntries <= 0)) {
      budget.truncated = true;
      return [];
    }
    if (budget) budget.scans--;
    const limit = budget ? Math.min(RAW_ENTRIES_PER_LISTING, budget.rawEntries) : RAW_ENTRIES_PER_LISTING;
    if (this.reader.realPath(dir) === undefined) {
      if (this.reader.stat(dir) !== 'missing') this.notices.push({ path: dir, message: 'cannot be listed' });
      return [];
    }
    const listing = this.reader.list(dir, limit);
    if (listing === 'missing') return [];
    if ('error' in listing) {
      this.notices.push({ path: dir, message: listing.error });
      return [];
    }
    const dirs: string[] = [];
    for (const entry of listing.entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (entry.kind === 'directory') dirs.push(entry.name);
      else if (entry.kind === 'symlink' && !skipLinks) {
        const target = this.reader.stat(joinPath(dir, entry.name));
        if (target === 'directory') dirs.push(entry.name);
        else if (typeof target === 'object') this.notices.push({ path: joinPath(dir, entry.name), message: target.error });
      }
    }
    if (budget) {
      budget.rawEntries = Math.max(0, budget.rawEntries - listing.entries.length);
      budget.truncated ||= listing.truncated;
    }
    return dirs;
  }

  /** Whether a SKILL.md lies in some folder below `dir` (not `dir` itself), links not followed. */
  containsSkill(dir: string, skipTop: string): boolean {
    const budget = newBudget();
    const queue = [{ dir, depth: 0 }];
    for (const item of queue) {
      if (item.depth > 0 && this.hasSkillFile(item.dir)) return true;
      if (item.depth >= MAX_GROUPED_DEPTH) continue;
      if (this.hasLinkChild(item.dir, item.depth === 0 ? skipTop : undefined)) return true;
      for (const child of this.childDirs(item.dir, budget, true).sort(byName).slice(0, MAX_CANDIDATES_PER_ROOT)) {
        if (item.depth === 0 && child === skipTop) continue;
        queue.push({ dir: joinPath(item.dir, child), depth: item.depth + 1 });
      }
    }
    return false;
  }

  hasLinkChild(dir: string, skip: string | undefined): boolean {
    const listing = this.reader.list(dir, RAW_ENTRIES_PER_LISTING);
    if (listing === 'missing' || 'error' in listing) return false;
    return listing.entries.some((entry) => entry.name !== skip && !entry.name.startsWith('.') && entry.name !== 'node_modules' && entry.kind === 'symlink');
  }

  /** `dir/skills` when the skills live there rather than in `dir`. */
  nestedRoot(dir: string): string {
    const nested = joinPath(dir, 'skills');
    if (this.reader.stat(nested) !== 'directory') return dir;
    if (!this.hasSkillFile(dir) && this.containsSkill(dir, 'skills')) return dir;
    const budget = newBudget();
    const queue = [{ dir: nested, depth: 0 }];
    for (const item of queue) {
      if (this.hasSkillFile(item.dir)) return nested;
      if (item.depth >= MAX_GROUPED_DEPTH) continue;
      for (const child of this.childDirs(item.dir, budget, true).sort(byName).slice(0, MAX_CANDIDATES_PER_ROOT))
        queue.push({ dir: joinPath(item.dir, child), depth: item.depth + 1 });
    }
    return dir;
  }

  /** `candidate`'s real path when it stays inside `rootReal`; else a refusal, and undefined. */
  contained(candidate: string, rootReal: string, file?: string): string | undefined {
    const real = this.reader.realPath(candidate);
    if (real === undefined) {
      this.notices.push({ path: candidate, message: 'Could not resolve skill path.' });
      return undefined;
    }
    if (isInside(rootReal, real)) return real;
    // A skill that leads outside is refused; a folder of groups that does is only noted.
    if (file !== undefined || this.hasSkillFile(candidate)) this.refused.push({ file: file ?? joinPath(candidate, 'SKILL.md'), reason: { kind: 'outsideRoot', target: real } });
    else this.notices.push({ path: candidate, message: 'Skill path resolves outside its configured root.' });
    return undefined;
  }

  /** Whether the SKILL.md of a folder may be read: absent targets pass (the read then finds nothing). */
  fileAllowed(dir: string, realDir: string): boolean {
    const file = joinPath(dir, 'SKILL.md');
    if (this.reader.realPath(file) === undefined) return true;
    return this.contained(file, realDir, file) !== undefined;
  }
}

/** The SKILL.md candidates of one skill root, in the order OpenClaw loads them. */
export function discoverSkills(reader: SkillReader, root: string): Discovery {
  const scan = new Scan(reader);
  const done = (candidates: Candidate[], rootIsSkill: boolean, rootCandidate?: Candidate): Discovery => ({
    candidates,
    rootIsSkill,
    rootCandidate,
    refused: scan.refused,
    notices: scan.notices,
  });
  const rootReal = reader.realPath(root);
  if (rootReal === undefined) {
    if (reader.stat(root) !== 'missing') scan.notices.push({ path: root, message: 'cannot be read' });
    return done([], false);
  }
  const base = scan.nestedRoot(root);
  const baseReal = scan.contained(base, rootReal);
  if (baseReal === undefined) return done([], false);
  if (scan.hasSkillFile(base)) {
    return done(scan.fileAllowed(base, baseReal) ? [{ dir: base, realDir: baseReal, name: baseName(base) }] : [], true);
  }
  const budget = newBudget();
  const children = scan.childDirs(base, budget).sort(byName);
  budget.truncated ||= children.length > MAX_CANDIDATES_PER_ROOT;
  const limited = children.slice(0, MAX_CANDIDATES_PER_ROOT);
  if (children.includes('skills') && !limited.includes('skills')) limited.push('skills');
  let rootCandidate: Candidate | undefined;
  if (base !== root && scan.hasSkillFile(root) && scan.fileAllowed(root, rootReal)) rootCandidate = { dir: root, realDir: rootReal, name: baseName(root) };
  const candidates: Candidate[] = [];
  const queue = limited.map((name) => ({ dir: joinPath(base, name), name, depth: name === 'skills' && !scan.hasSkillFile(joinPath(base, name)) ? 0 : 1 }));
  for (const item of queue) {
    const realDir = scan.contained(item.dir, baseReal);
    if (realDir === undefined) continue;
    if (scan.hasSkillFile(item.dir)) {
      if (scan.fileAllowed(item.dir, realDir)) candidates.push({ dir: item.dir, realDir, name: item.name });
      continue;
    }
    if (item.depth >= MAX_GROUPED_DEPTH) continue;
    const nested = scan.childDirs(item.dir, budget);
    budget.truncated ||= nested.length > MAX_CANDIDATES_PER_ROOT;
    for (const child of nested.sort(byName).slice(0, MAX_CANDIDATES_PER_ROOT)) queue.push({ dir: joinPath(item.dir, child), name: `${item.name}/${child}`, depth: item.depth + 1 });
  }
  if (budget.truncated) scan.notices.push({ path: root, message: 'Skill inventory reached its discovery limit; inspect the remaining skills separately.' });
  candidates.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return done(candidates, false, rootCandidate);
}
