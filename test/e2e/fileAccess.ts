// Who reads the test's files: every open and every read call on the files of some folders
// (Linux inotify, through Python's ctypes: no package to install), and the bytes the
// window's extension host has read in all (/proc/<pid>/io).
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';

export interface Access {
  readonly folder: string;
  readonly name: string;
  readonly kind: 'open' | 'read';
}

const WATCHER = `
import ctypes, json, os, struct, sys
libc = ctypes.CDLL('libc.so.6', use_errno=True)
IN_ACCESS, IN_OPEN, IN_ISDIR = 0x1, 0x20, 0x40000000
fd = libc.inotify_init1(0)
folders = {}
for folder in sys.argv[1:]:
    folders[libc.inotify_add_watch(fd, folder.encode(), IN_ACCESS | IN_OPEN)] = folder
print('ready', flush=True)
while True:
    buffer = os.read(fd, 65536)
    offset = 0
    while offset < len(buffer):
        wd, mask, cookie, length = struct.unpack_from('iIII', buffer, offset)
        name = buffer[offset + 16:offset + 16 + length].rstrip(b'\\0').decode()
        offset += 16 + length
        if name and not mask & IN_ISDIR:
            print(json.dumps([folders[wd], name, 'open' if mask & IN_OPEN else 'read']), flush=True)
`;

/** Records opens and reads of the files in `folders` (not of the folders themselves) until stopped. */
export async function watchAccess(folders: string[]): Promise<{ accesses(): Access[]; stop(): void }> {
  const child: ChildProcess = spawn('python3', ['-c', WATCHER, ...folders], { stdio: ['ignore', 'pipe', 'inherit'] });
  const accesses: Access[] = [];
  let pending = '';
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the inotify watcher exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') resolve();
        else {
          const [folder, name, kind] = JSON.parse(line) as [string, string, Access['kind']];
          accesses.push({ folder, name, kind });
        }
      }
    });
  });
  return {
    accesses: () => [...accesses],
    stop: () => {
      child.removeAllListeners('exit');
      child.kill();
    },
  };
}

function stat(pid: number): { ppid: number; start: number } | undefined {
  try {
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { ppid: Number(fields[1]), start: Number(fields[19]) };
  } catch {
    return undefined;
  }
}

/** The newest extension host started (at any depth) by the server: the latest window's. */
export function extensionHostPid(serverPid: number): number | undefined {
  let newest: { pid: number; start: number } | undefined;
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let cmdline = '';
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!cmdline.includes('--type=extensionHost')) continue;
    const own = stat(pid);
    if (!own) continue;
    for (let parent = own.ppid, depth = 0; parent > 1 && depth < 10; parent = stat(parent)?.ppid ?? 0, depth++) {
      if (parent !== serverPid) continue;
      if (!newest || own.start > newest.start) newest = { pid, start: own.start };
      break;
    }
  }
  return newest?.pid;
}

/** Bytes the process has read so far through read calls of every kind (files, pipes, sockets). */
export function bytesRead(pid: number): number {
  return Number(/^rchar: (\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? NaN);
}
