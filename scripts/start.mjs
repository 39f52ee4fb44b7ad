// npm start: runs the extension in a real VS Code (code-server) on the bundled example
// personas and prints the URL to open. Provisions code-server first when needed.
//
//   npm start                       the examples/ folder (Ava, and Atlas in Heartwood)
//   npm start -- path/to/folder     another folder
//   npm start -- --port 8080        a fixed port (default: a free one)
//
// The extension folder is linked, not copied: after a rebuild (npm run watch in another
// terminal), "Developer: Reload Window" in the browser loads the new code.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { require as tsxRequire } from 'tsx/cjs/api';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`[start] ${line}`);

function parseArgs(argv) {
  const options = { folder: path.join(repo, 'examples'), port: 0 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port') options.port = Number(argv[++i]);
    else if (argv[i] === '--help' || argv[i] === '-h') options.help = true;
    else options.folder = path.resolve(argv[i]);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
if (options.help || !Number.isInteger(options.port) || options.port < 0) {
  console.log('Usage: npm start [-- [--port N] [FOLDER]]   (default FOLDER: examples/)');
  process.exit(options.help ? 0 : 2);
}
if (!fs.existsSync(options.folder)) {
  console.error(`[start] No folder ${options.folder}`);
  process.exit(2);
}

// The launcher is the e2e harness's own (TypeScript, loaded through tsx).
const paths = tsxRequire('../test/e2e/harness/paths.ts', import.meta.url);
try {
  paths.codeServerEntry();
} catch {
  say('code-server is not provisioned yet: running scripts/provision.sh');
  const result = spawnSync('bash', [path.join(repo, 'scripts/provision.sh')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

say('building the extension');
execFileSync(process.execPath, [path.join(repo, 'scripts/build.mjs')], { cwd: repo, stdio: 'inherit' });

const { startCodeServer } = tsxRequire('../test/e2e/harness/codeServer.ts', import.meta.url);
const server = await startCodeServer({ folder: options.folder, port: options.port, linkExtension: true });
const url = server.urlFor({ folder: options.folder });

console.log(`
  Persona Studio is running in VS Code (code-server ${paths.CODE_SERVER_VERSION}, PID ${server.pid}).

  Open:  ${url}

  Then click the Persona Studio icon in the activity bar. The server listens on
  127.0.0.1 only; from another machine, forward the port (ssh -L ${new URL(url).port}:127.0.0.1:${new URL(url).port} …).
  User data for this session: ${server.home} (removed on exit). Press Ctrl-C to stop.
`);

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping code-server (PID ${server.pid})`);
  await server.stop();
  say('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGHUP', () => void stop('SIGHUP'));

const outcome = await server.exited;
if (!stopping) {
  console.error(`[start] code-server stopped by itself (${outcome}); its log: ${server.logFile}`);
  await server.stop({ keepHome: true });
  process.exit(1);
}
