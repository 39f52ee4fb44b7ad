// Lists the files of a zip archive (a VSIX) from its central directory and reads one;
// enough for tests.
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** Uncompressed size in bytes. */
  size: number;
  /** The file's bytes, inflated. */
  read(): Buffer;
}

const STORED = 0;
const DEFLATED = 8;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

export function readZipEntries(zip: Buffer): ZipEntry[] {
  // The end record sits in the last 22 bytes plus an optional comment of up to 64 KB.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) throw new Error(`bad central directory entry at ${at}`);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const read = () => {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressedSize);
      if (method === STORED) return Buffer.from(data);
      if (method === DEFLATED) return zlib.inflateRawSync(data);
      throw new Error(`${name}: unsupported zip compression method ${method}`);
    };
    entries.push({ name, size, read });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
