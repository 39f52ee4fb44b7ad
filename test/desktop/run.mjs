// npm run test:desktop: runs the in-extension-host suite (test/desktop/suite) in a desktop
// VS Code that is already installed, through @vscode/test-electron. It downloads nothing:
// the executable must be given.
//
//   VSCODE_EXECUTABLE=/usr/share/code/code npm run test:desktop
//   npm run test:desktop -- --vscode "/Applications/Visual Studio Code.app/Contents/MacOS/Electron"
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argv = process.argv.slice(2);
const flag = argv.indexOf('--vscode');
const executable = flag >= 0 ? argv[flag + 1] : process.env.VSCODE_EXECUTABLE;

if (!executable) {
  console.error(
    'test:desktop needs a desktop VS Code and downloads none.\n' +
      'Give its executable: VSCODE_EXECUTABLE=/path/to/code npm run test:desktop, or npm run test:desktop -- --vscode /path/to/code.\n' +
      '(Without a desktop VS Code, npm run test:e2e runs the extension in code-server instead.)',
  );
  process.exit(2);
}
if (!fs.existsSync(executable)) {
  console.error(`test:desktop: no VS Code executable at ${executable}`);
  process.exit(2);
}

// The extension, and the suite bundled for the extension host (which runs plain JavaScript).
execFileSync(process.execPath, [path.join(repo, 'scripts/build.mjs')], { cwd: repo, stdio: 'inherit' });
const suiteDir = path.join(repo, '.cache', 'desktop-suite');
const esbuild = await import('esbuild');
await esbuild.build({
  entryPoints: [path.join(repo, 'test/desktop/suite/index.ts')],
  outfile: path.join(suiteDir, 'index.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  external: ['vscode', 'mocha'],
  logLevel: 'warning',
});

const { runTests } = await import('@vscode/test-electron');
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'persona-studio-desktop-'));
try {
  const code = await runTests({
    vscodeExecutablePath: executable,
    extensionDevelopmentPath: repo,
    extensionTestsPath: path.join(suiteDir, 'index.js'),
    extensionTestsEnv: { PERSONA_STUDIO_EXAMPLES: path.join(repo, 'examples') },
    launchArgs: [path.join(repo, 'examples'), '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes', '--user-data-dir', userDataDir],
  });
  process.exitCode = code;
} catch (error) {
  console.error(`test:desktop failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
