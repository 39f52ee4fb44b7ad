import assert from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  agentsFromConfig,
  costPerDay,
  cronJobsFromStore,
  cronRunsPerDay,
  editCacheWrite,
  isTrajectoryExport,
  OPENCLAW_HEARTBEAT_PROMPT,
  openclawWorkspaceOf,
  parseOpenClawConfigObject,
  runsPerDay,
} from '../../src/core';
import { runCliAsync } from './helpers';

describe('OpenClaw sessions and cost per day', () => {
  it("counts a cron expression's runs a day (5 or 6 fields, names, steps, ranges) and refuses what it cannot read", () => {
    assert.strictEqual(cronRunsPerDay('*/15 * * * *'), 96);
    assert.strictEqual(cronRunsPerDay('0 9,17 * * *'), 2);
    assert.strictEqual(cronRunsPerDay('30 0 */2 * * *'), 12);
    assert.strictEqual(cronRunsPerDay('0 9 * * MON-FRI'), 262 / 366);
    assert.strictEqual(cronRunsPerDay('0 0 1 * *'), 12 / 366);
    assert.strictEqual(cronRunsPerDay('every day'), undefined);
    assert.strictEqual(cronRunsPerDay('61 * * * *'), undefined);
  });

  it('reads the cron store: enabled jobs, their agent, target, message and light context', () => {
    const jobs = cronJobsFromStore({
      jobs: [
        { id: 'a', agentId: 'Ops', schedule: { kind: 'every', everyMs: 3_600_000 }, payload: { kind: 'agentTurn', message: 'hi', lightContext: true } },
        { id: 'b', enabled: false, schedule: { kind: 'every', everyMs: 60_000 } },
        { id: 'c', schedule: { kind: 'at', at: '2026-12-24T10:00:00Z' }, sessionTarget: 'main', payload: { kind: 'systemEvent', text: 'wake' } },
      ],
    });
    assert.deepStrictEqual(
      jobs.map((job) => [job.id, job.agentId, job.runsPerDay, job.target, job.lightContext]),
      [
        ['a', 'ops', 24, 'cron', true],
        ['c', undefined, 0, 'main', false],
      ],
    );
  });

  it("turns heartbeat interval, cron jobs and chat turns into runs a day, the heartbeat's prompt as its user message", () => {
    const [main] = agentsFromConfig(parseOpenClawConfigObject(`{ agents: { defaults: { heartbeat: { every: '20m' } }, list: [ { id: 'main' } ] } }`), { home: '/h' });
    const runs = runsPerDay(main, cronJobsFromStore([{ id: 'x', schedule: { kind: 'cron', expr: '0 * * * *' }, payload: { message: 'Check.' } }]), 30);
    const by = Object.fromEntries(runs.map((run) => [run.kind, run]));
    assert.strictEqual(by.main.runsPerDay, 30);
    assert.strictEqual(by.heartbeat.runsPerDay, 72);
    assert.strictEqual(by.heartbeat.userMessageChars, OPENCLAW_HEARTBEAT_PROMPT.length);
    assert.strictEqual(by.cron.runsPerDay, 24);
    assert.strictEqual(by.cron.userMessageChars, 6);
    assert.strictEqual(by.subagent.runsPerDay, 0);
  });

  it('multiplies tokens by runs, and prices the prefix as a cache write when runs are further apart than the cache lives', () => {
    const cost = costPerDay({
      runs: [
        { kind: 'heartbeat', runsPerDay: 48, from: 'hb', userMessageChars: 400 },
        { kind: 'cron', runsPerDay: 24 * 60, from: 'every minute' },
        { kind: 'cron', runsPerDay: 10, from: 'light', lightContext: true, userMessageChars: 40 },
      ],
      promptTokens: { main: 20_000, cron: 1000 },
      prices: { input: 3, cacheWrite: 3.75, cacheRead: 0.3 },
    });
    const [heartbeat, often, light] = cost.sessions;
    assert.deepStrictEqual([heartbeat.tokens, heartbeat.tokensPerDay, heartbeat.cache], [20_100, 964_800, 'write']);
    assert.strictEqual(heartbeat.dollarsPerDay, (48 * (20_000 * 3.75 + 100 * 3)) / 1e6);
    assert.strictEqual(often.cache, 'read');
    assert.deepStrictEqual([light.promptTokens, light.tokens], [0, 10]);
    assert.strictEqual(cost.perDay.tokens, 964_800 + 1_440_000 + 100);
    assert.ok(cost.leavesOut.includes('tool schemas') && cost.leavesOut.includes('conversation history') && cost.leavesOut.includes('output tokens'));
    assert.strictEqual(costPerDay({ runs: [{ kind: 'main', runsPerDay: 2, from: '' }], promptTokens: { main: 10 } }).perDay.dollars, undefined);
  });

  it('check --json reports sessions and perDay with --turns-per-day and prices', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cost-cli-'));
    const ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    fs.writeFileSync(path.join(ws, 'AGENTS.md'), 'Rules.\n');
    fs.writeFileSync(path.join(ws, 'MEMORY.md'), 'Private.\n');
    fs.writeFileSync(path.join(root, 'openclaw.json'), `{ agents: { defaults: { heartbeat: { every: '1h' } }, entries: { main: { workspace: ${JSON.stringify(ws)} } } } }`);
    const args = [
      'check',
      '--runtime',
      'openclaw',
      '--config',
      path.join(root, 'openclaw.json'),
      '--turns-per-day',
      '10',
      '--price-input',
      '3',
      '--no-plugin-skills',
      '--json',
      ws,
    ];
    const result = await runCliAsync(...args);
    const persona = JSON.parse(result.out).personas[0];
    const by = Object.fromEntries(persona.sessions.map((s: { kind: string }) => [s.kind, s]));
    assert.strictEqual(by.main.runsPerDay, 10);
    assert.strictEqual(by.heartbeat.runsPerDay, 24);
    // MEMORY.md is private to the main session: a cron run sends less.
    assert.ok(by.cron.promptTokens < by.main.promptTokens);
    assert.strictEqual(persona.perDay.tokens, by.main.tokensPerDay + by.heartbeat.tokensPerDay);
    assert.ok(persona.perDay.dollars > 0);
    const bad = await runCliAsync('check', '--runtime', 'codex', '--turns-per-day', '3', ws);
    assert.match(bad.err, /--turns-per-day is for --runtime openclaw/);
  });
});

describe('OpenClaw workspaces, exports, and what an edit costs', () => {
  it("a folder listed as an agent's workspace says whose; one holding the state file says so; others are not", () => {
    const agents = agentsFromConfig(parseOpenClawConfigObject(`{ agents: { entries: { main: { workspace: '/w/a', identity: { name: 'Ava' } } } } }`), { home: '/h' });
    assert.strictEqual(openclawWorkspaceOf('/w/a', agents, false)?.reason, 'OpenClaw workspace of agent Ava (main)');
    assert.strictEqual(openclawWorkspaceOf('/w/b', agents, true)?.reason, 'OpenClaw workspace (it holds .openclaw/workspace-state.json)');
    assert.strictEqual(openclawWorkspaceOf('/w/b', agents, false), undefined);
    assert.ok(isTrajectoryExport('.openclaw/trajectory-exports/openclaw-trajectory-abcd1234-x/manifest.json'));
    assert.ok(!isTrajectoryExport('.openclaw/workspace-state.json'));
  });

  it("an edit makes the next run of each running prompt write it to the cache once (heartbeat shares main's)", () => {
    const cost = costPerDay({
      runs: [
        { kind: 'main', runsPerDay: 10, from: '' },
        { kind: 'heartbeat', runsPerDay: 48, from: '', userMessageChars: 100 },
        { kind: 'cron', runsPerDay: 1, from: '' },
        { kind: 'subagent', runsPerDay: 0, from: '' },
      ],
      promptTokens: { main: 12_000, cron: 2_200, subagent: 900 },
    });
    const edit = editCacheWrite(cost, { input: 3, cacheWrite: 3.75 });
    assert.strictEqual(edit.tokens, 14_200);
    assert.strictEqual(edit.message, 'this edit: next runs write ≈ 14,200 tokens to the cache ≈ $0.05');
    assert.strictEqual(editCacheWrite(cost).message, 'this edit: next runs write ≈ 14,200 tokens to the cache');
  });
});
