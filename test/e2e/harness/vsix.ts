// The VSIX the end-to-end tests install: built once per run with `npm run package` (the
// release's own command), or one given in PERSONA_STUDIO_E2E_VSIX, so what is tested is
// what ships.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { outputDir, repoRoot } from './paths';

/** Where a run's VSIX is kept (git-ignored), for a look at what was tested. */
export const vsixOutputDir = path.join(outputDir, 'vsix');

/** Packages the extension into .test-output/vsix/ and returns the VSIX's path. */
export function packageVsix(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const vsix = path.join(vsixOutputDir, `${manifest.name}-${manifest.version}.vsix`);
  fs.rmSync(vsixOutputDir, { recursive: true, force: true });
  fs.mkdirSync(vsixOutputDir, { recursive: true });
  try {
    execFileSync('npm', ['run', '--silent', 'package', '--', '--out', vsix], { cwd: repoRoot, stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run package failed:\n${stdout}${stderr}`);
  }
  return vsix;
}

/** The VSIX to test: PERSONA_STUDIO_E2E_VSIX if set (it must exist), else a fresh package. */
export function vsixUnderTest(): string {
  const given = process.env.PERSONA_STUDIO_E2E_VSIX;
  if (!given) return packageVsix();
  const vsix = path.resolve(given);
  if (!fs.existsSync(vsix)) throw new Error(`PERSONA_STUDIO_E2E_VSIX names ${vsix}, which does not exist.`);
  return vsix;
}
