// The skill catalog's shapes: how skill folders are read (a small reader the CLI and the
// extension each implement), and what becomes of each skill in OpenClaw's system prompt.

/** What a folder entry is, as a directory listing says (a link is not followed). */
export type SkillEntryKind = 'directory' | 'file' | 'symlink' | 'other';

export interface SkillDirEntry {
  readonly name: string;
  readonly kind: SkillEntryKind;
}

/** One SKILL.md as read: at most the limit's bytes, and what the file system says of it. */
export type SkillFileRead =
  | {
      readonly kind: 'bytes';
      /** At most `limit` + 1 bytes: enough to tell the file is over the limit. */
      readonly bytes: Uint8Array;
      /** The whole file's size from a stat. */
      readonly size: number;
      /** Hard links to the file (a stat's nlink); OpenClaw refuses a skill file with more than one. */
      readonly links: number;
    }
  /** Not a regular file (a folder, a FIFO): OpenClaw says "path does not have the required file type". */
  | { readonly kind: 'notFile' }
  | { readonly kind: 'missing' }
  | { readonly kind: 'unreadable'; readonly reason: string };

/**
 * Synchronous, bounded access to the folders OpenClaw scans. Paths are absolute, with `/`
 * separators; the reader maps them to its own file system.
 */
export interface SkillReader {
  /**
   * A folder's entries in the order the file system lists them, at most `limit` of them
   * (`truncated` when more were there); `missing` when there is no such folder.
   */
  list(dir: string, limit: number): { readonly entries: readonly SkillDirEntry[]; readonly truncated: boolean } | 'missing' | { readonly error: string };
  /** What `path` leads to, links followed: `error` for a broken chain or a loop. */
  stat(path: string): 'directory' | 'file' | 'other' | 'missing' | { readonly error: string };
  /** Whether a name exists there at all, links not followed (a broken link exists). */
  exists(path: string): boolean | { readonly error: string };
  /** `path` with every link resolved; undefined when it cannot be (absent, a loop). */
  realPath(path: string): string | undefined;
  /** At most `limit` + 1 bytes of a regular file, links followed. */
  readFile(path: string, limit: number): SkillFileRead;
}

/** Why a SKILL.md found is not a skill OpenClaw loads. */
export type SkipReason =
  | { readonly kind: 'noDescription' }
  | { readonly kind: 'noName' }
  | { readonly kind: 'frontmatter'; readonly message: string; readonly line?: number }
  | { readonly kind: 'tooLarge'; readonly size: number; readonly limit: number }
  | { readonly kind: 'hardlinked' }
  | { readonly kind: 'notFile' }
  | { readonly kind: 'unreadable'; readonly reason: string }
  | { readonly kind: 'outsideRoot'; readonly target?: string }
  | { readonly kind: 'shadowed'; readonly by: string }
  /** Found after its root's first 200 skills: never read. */
  | { readonly kind: 'rootLimit'; readonly limit: number };

/** What becomes of one skill in the prompt. */
export type SkillState =
  /** Listed with its whole description. */
  | 'inPrompt'
  /** Listed, its description shortened to `shortenedTo` chars (compact format). */
  | 'shortened'
  /** Listed by name and location only (compact format, descriptions omitted). */
  | 'descriptionOmitted'
  /** Loaded and eligible, but the 150-skill or 18,000-char budget left it out. */
  | 'leftOut'
  /** `disable-model-invocation`: loaded, never listed for the model. */
  | 'hidden'
  /** Its `metadata.openclaw` asks for an OS, executable, variable or setting not there. */
  | 'gated'
  /** Found, but not loaded: see `reason`. */
  | 'skipped';

/**
 * Where a skill comes from, in OpenClaw's order of precedence (a later one wins a name):
 * skills.load.extraDirs, the stock plugins, the bundled skills, ~/.openclaw/skills, ~/.agents/skills,
 * then the workspace's `.agents/skills` and `skills`.
 */
export type SkillSource = 'extra' | 'plugin' | 'bundled' | 'managed' | 'personal' | 'agents' | 'workspace';

export interface SkillMeasure {
  readonly name: string;
  /** The SKILL.md's path, absolute (`/`-separated), as read. */
  readonly path: string;
  /** The path the catalog shows: under HOME written `~/…`. */
  readonly location: string;
  readonly source: SkillSource;
  readonly state: SkillState;
  /** The description as OpenClaw holds it (trimmed), in UTF-16 code units; 0 when skipped. */
  readonly descriptionChars: number;
  /** For `shortened`: the description's length limit in the compact format. */
  readonly shortenedTo?: number;
  /** For `skipped`, and for `gated` (what is missing). */
  readonly reason?: SkipReason | { readonly kind: 'gated'; readonly missing: string; readonly ifEnv?: string };
  /** The block this skill adds to the catalog ('' when it is not listed). */
  readonly block: string;
}

/** One complaint of the discovery itself (a folder that cannot be listed, a budget reached). */
export interface SkillNotice {
  readonly path: string;
  readonly message: string;
}

export interface SkillsReport {
  /** The `## Skills` section exactly as OpenClaw sends it, no trailing newline; '' when none is sent. */
  readonly section: string;
  /** The catalog inside it (what OpenClaw calls the skills prompt), '' when none. */
  readonly catalog: string;
  /** Every skill found, sorted by name as OpenClaw sorts them, then the skipped ones by path. */
  readonly skills: readonly SkillMeasure[];
  readonly format: 'full' | 'compact';
  /** In the compact format: the description limit found by the search (0 = omitted). */
  readonly descriptionMaxChars?: number;
  /** The limit note the catalog starts with, when there is one. */
  readonly limitNote?: string;
  readonly budget: { readonly chars: number; readonly maxChars: number; readonly skills: number; readonly maxSkills: number };
  readonly notices: readonly SkillNotice[];
}
