// The newest run report in an OpenClaw agent's session store
// (`<state>/agents/<agent>/agent/openclaw-agent.sqlite`, table `session_nodes`), read
// read-only with Node's own SQLite (`node:sqlite`, Node 22.5+): a WAL-mode store's newest
// rows may sit in its `-wal` file, which only a real SQLite reads. Never written, never locked
// for writing: a query in a read-only connection, closed at once.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findSystemPromptReport, SystemPromptReport } from './runtimes/openclawLastRun';

export interface StoredReport {
  readonly store: string;
  readonly sessionKey: string;
  readonly report: SystemPromptReport;
  /** The skills prompt OpenClaw kept beside it (`skillsSnapshot.prompt`), when there. */
  readonly skillsPrompt?: string;
}

interface SqliteModule {
  DatabaseSync: new (
    file: string,
    options: { readOnly: boolean },
  ) => {
    prepare(sql: string): { all(): Record<string, unknown>[] };
    close(): void;
  };
}

/** The agent's session store in a state folder. */
export function sessionStorePath(stateDir: string, agentId: string): string {
  return path.join(stateDir, 'agents', agentId, 'agent', 'openclaw-agent.sqlite');
}

function sqlite(): SqliteModule {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('node:sqlite') as SqliteModule;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_BUILTIN_MODULE' && !String(error).includes('node:sqlite')) throw error;
    throw new Error(`reading OpenClaw's session store needs Node 22.5 or later (node:sqlite); this is Node ${process.versions.node}: give the report with --last-run FILE instead`);
  }
}

/** The newest report of the agent's runs; undefined when the store holds none. Throws one line when the store cannot be read. */
export function readNewestReport(stateDir: string, agentId: string): StoredReport | undefined {
  const store = sessionStorePath(stateDir, agentId);
  if (!fs.existsSync(store)) throw new Error(`${store}: no such session store (is ${agentId} the agent, and ${stateDir} OpenClaw's state folder?)`);
  const { DatabaseSync } = sqlite();
  const db = new DatabaseSync(store, { readOnly: true });
  let rows: Record<string, unknown>[];
  try {
    rows = db.prepare('SELECT session_key, entry_json, updated_at FROM session_nodes ORDER BY updated_at DESC').all();
  } finally {
    db.close();
  }
  for (const row of rows) {
    let entry: unknown;
    try {
      entry = JSON.parse(String(row.entry_json));
    } catch (error) {
      if (error instanceof SyntaxError) continue;
      throw error;
    }
    const report = findSystemPromptReport(entry);
    if (!report) continue;
    const snapshot = (entry as { skillsSnapshot?: { prompt?: unknown } }).skillsSnapshot;
    return { store, sessionKey: String(row.session_key), report, ...(typeof snapshot?.prompt === 'string' && { skillsPrompt: snapshot.prompt }) };
  }
  return undefined;
}
