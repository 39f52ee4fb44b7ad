// Which OpenClaw is installed, found as the extension finds it for `auto`: the package the
// `openclaw` command on PATH belongs to, read without running anything.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { releaseFromPackageJson } from '../../src/core';
import { installedOpenClaw } from '../../src/extension/platform';
import { personaFolder } from './helpers';

/** A global npm prefix holding openclaw at `version`, with npm's link in bin/. */
function prefixWith(version: string): string {
  const prefix = personaFolder();
  const pkg = path.join(prefix, 'lib', 'node_modules', 'openclaw');
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'openclaw', version, bin: { openclaw: 'openclaw.mjs' } }));
  fs.writeFileSync(path.join(pkg, 'openclaw.mjs'), '#!/usr/bin/env node\n');
  fs.mkdirSync(path.join(prefix, 'bin'));
  fs.symlinkSync('../lib/node_modules/openclaw/openclaw.mjs', path.join(prefix, 'bin', 'openclaw'));
  return prefix;
}

describe('the installed OpenClaw (auto release)', () => {
  const saved = process.env.PATH;
  afterEach(() => (process.env.PATH = saved));

  it('is the package the openclaw command on PATH belongs to', async () => {
    const prefix = prefixWith('2026.7.35');
    process.env.PATH = [path.join(personaFolder(), 'empty'), path.join(prefix, 'bin')].join(path.delimiter);
    const found = await installedOpenClaw!();
    assert.ok(found, 'found');
    assert.strictEqual(releaseFromPackageJson(found.manifest), '2026.7.35');
    assert.strictEqual(fs.realpathSync(found.where), fs.realpathSync(path.join(prefix, 'lib', 'node_modules', 'openclaw')));
  });

  it('is nothing when no openclaw is on PATH or in the global folders', async function () {
    // A machine with OpenClaw installed globally answers with it, rightly.
    if (['/usr/local/lib/node_modules/openclaw', '/usr/lib/node_modules/openclaw'].some((dir) => fs.existsSync(dir))) this.skip();
    process.env.PATH = path.join(personaFolder(), 'bin');
    assert.strictEqual(await installedOpenClaw!(), undefined);
  });
});
