// The host the skill fixtures' golden outputs were made on: HOME /home/user, a PATH holding
// only the fixtures' executables, the fixtures' variables set. Shared by the skills golden tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SkillCase {
  name: string;
  plugins?: boolean;
  tools?: 'read';
  all?: boolean;
}

export const fixtures = require('../fixtures/openclaw-skills/cases.cjs') as {
  FIXTURES: string;
  BINS: string[];
  ENV: string[];
  CASES: SkillCase[];
  materialize(name: string, workspace: string): SkillCase;
  expectedFile(name: string, part: string): string;
};

/** The fixed fake home and workspace path the golden outputs were made for. */
export const HOME = '/home/user';
export const SHOWN = '/home/user/.openclaw/workspace';

/** Runs `fn` with HOME, PATH (only the fixtures' executables) and the fixtures' variables set. */
export function withFixtureHost<T>(fn: () => T): T {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'skills-bin-'));
  for (const name of fixtures.BINS) fs.writeFileSync(path.join(bin, name), '#!/bin/sh\n', { mode: 0o755 });
  const saved = { HOME: process.env.HOME, PATH: process.env.PATH, ...Object.fromEntries(fixtures.ENV.map((name) => [name, process.env[name]])) };
  Object.assign(process.env, { HOME, PATH: bin }, Object.fromEntries(fixtures.ENV.map((name) => [name, '1'])));
  try {
    return fn();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    fs.rmSync(bin, { recursive: true, force: true });
  }
}

/** Runs `fn` as withFixtureHost does, the host kept until its answer is in. */
export async function withFixtureHostAsync<T>(fn: () => Promise<T>): Promise<T> {
  let settle!: () => void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  let result!: Promise<T>;
  withFixtureHost(() => {
    result = fn();
    // The host stays set until the answer is in: `check` reads skills and scans secrets after an await.
    void result.finally(settle);
  });
  await done;
  return result;
}

export function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `${at}: got ${JSON.stringify(a.slice(Math.max(0, at - 30), at + 40))}, want ${JSON.stringify(b.slice(Math.max(0, at - 30), at + 40))}`;
}
