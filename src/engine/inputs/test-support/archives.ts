// Builds zip and tar.gz archives in memory for tests, including hostile ones (lying sizes,
// traversal names, symlinks), which no well-behaved archiver would write.
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import * as tarStream from 'tar-stream';

export interface ZipEntrySpec {
  name: string;
  data?: Buffer | string;
  /** 0 stored, 8 deflate (default). */
  method?: 0 | 8;
  /** Lie about the inflated size in the headers. */
  declaredSize?: number;
  /** Unix mode bits (e.g. 0o120777 for a symlink). */
  unixMode?: number;
}

export function buildZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data ?? '');
    const method = e.method ?? 8;
    const payload = method === 8 ? deflateRawSync(data) : data;
    const name = Buffer.from(e.name, 'utf8');
    const size = e.declaredSize ?? data.length;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(payload.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, payload);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.unixMode !== undefined ? (3 << 8) | 20 : 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(payload.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(e.unixMode !== undefined ? (e.unixMode << 16) >>> 0 : 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + payload.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export interface TarEntrySpec {
  name: string;
  data?: string | Buffer;
  type?: 'file' | 'symlink' | 'link' | 'directory';
  linkname?: string;
}

export async function buildTarGz(entries: TarEntrySpec[]): Promise<Buffer> {
  const pack = tarStream.pack();
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    pack.on('data', (c: unknown) => {
      chunks.push(c as Buffer);
    });
    pack.on('end', resolve);
    pack.on('error', reject);
  });
  for (const e of entries) {
    const header: Partial<tarStream.Header> & { name: string } = {
      name: e.name,
      type: e.type ?? 'file',
    };
    if (e.linkname) header.linkname = e.linkname;
    if ((e.type ?? 'file') === 'file')
      pack.entry(header, Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data ?? ''));
    else pack.entry(header);
  }
  pack.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}
