// Opening .zip and .tar.gz uploads without trusting them. Two readers share one set of rules:
// a synchronous one for submission-time inspection (inflateRawSync / gunzipSync with
// maxOutputLength, so a bomb stops at the cap) and a streaming one for the scan itself (yauzl and
// tar-stream) that counts bytes as they inflate. Declared sizes are only ever a first filter.

import { gunzip, gunzipSync, inflateRawSync } from 'node:zlib';
import { Readable } from 'node:stream';
import * as tarStream from 'tar-stream';
import yauzl from 'yauzl';
import { isArchiveName, type ArchiveFormat } from './classify.js';
import { INPUT_LIMITS } from './limits.js';

export type ArchiveErrorCode = 'invalid_archive' | 'payload_too_large';

export class ArchiveError extends Error {
  constructor(
    readonly code: ArchiveErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ArchiveError';
  }
}

export interface ArchiveEntryFile {
  /** Path inside the archive, forward slashes, no leading `./`. */
  path: string;
  bytes: Uint8Array;
}

export interface SkippedEntry {
  path: string;
  reason: string;
}

export interface ExpandedArchive {
  files: ArchiveEntryFile[];
  skipped: SkippedEntry[];
}

/** Shared across every archive of one upload: the caps are per upload, not per archive. */
export interface InflateBudget {
  remainingBytes: number;
  remainingEntries: number;
}

export function newInflateBudget(): InflateBudget {
  return {
    remainingBytes: INPUT_LIMITS.maxTotalInflatedBytes,
    remainingEntries: INPUT_LIMITS.maxArchiveEntries,
  };
}

export type EntryType = 'file' | 'directory' | 'symlink' | 'hardlink' | 'device' | 'other';

/** Why an entry path is unsafe to use, or undefined. Zip-slip and friends refuse the archive. */
export function unsafeEntryPath(name: string): string | undefined {
  if (name.length === 0) return 'an entry has an empty name';
  if (name.includes('\0')) return `entry "${printable(name)}" has a NUL byte in its name`;
  if (name.includes('\\')) return `entry "${printable(name)}" uses backslashes in its path`;
  if (name.startsWith('/')) return `entry "${printable(name)}" has an absolute path`;
  if (/^[A-Za-z]:/.test(name)) return `entry "${printable(name)}" has a drive letter`;
  if (name.split('/').includes('..')) return `entry "${printable(name)}" escapes the archive (..)`;
  return undefined;
}

function printable(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
}

function normaliseEntryPath(name: string): string {
  return name.replace(/^(?:\.\/)+/, '');
}

/** What to do with one entry before reading its bytes. Throws for entries that condemn the archive. */
function admitEntry(
  archiveName: string,
  name: string,
  type: EntryType,
  budget: InflateBudget,
  skipped: SkippedEntry[],
): boolean {
  const unsafe = unsafeEntryPath(name);
  if (unsafe) throw new ArchiveError('invalid_archive', `archive ${archiveName}: ${unsafe}`);
  budget.remainingEntries -= 1;
  if (budget.remainingEntries < 0) {
    throw new ArchiveError(
      'payload_too_large',
      `archive ${archiveName}: more than ${INPUT_LIMITS.maxArchiveEntries} entries`,
    );
  }
  const path = normaliseEntryPath(name);
  if (type === 'directory') return false;
  if (type !== 'file') {
    skipped.push({ path, reason: `${type} entries are not followed` });
    return false;
  }
  if (isArchiveName(path)) {
    skipped.push({ path, reason: 'archives inside archives are not scanned' });
    return false;
  }
  return true;
}

function checkEntrySize(
  archiveName: string,
  path: string,
  inflatedBytes: number,
  compressedBytes: number | undefined,
  budget: InflateBudget,
): void {
  if (inflatedBytes > INPUT_LIMITS.maxEntryInflatedBytes) {
    throw new ArchiveError(
      'payload_too_large',
      `archive ${archiveName}: entry ${path} inflates beyond ${mb(INPUT_LIMITS.maxEntryInflatedBytes)}`,
    );
  }
  if (inflatedBytes > budget.remainingBytes) {
    throw new ArchiveError(
      'payload_too_large',
      `archive ${archiveName}: the upload inflates beyond ${mb(INPUT_LIMITS.maxTotalInflatedBytes)} in total`,
    );
  }
  if (
    compressedBytes !== undefined &&
    inflatedBytes > INPUT_LIMITS.ratioCheckMinBytes &&
    inflatedBytes > compressedBytes * INPUT_LIMITS.maxCompressionRatio
  ) {
    throw new ArchiveError(
      'invalid_archive',
      `archive ${archiveName}: entry ${path} has a compression ratio above ${INPUT_LIMITS.maxCompressionRatio}:1 (zip bomb?)`,
    );
  }
}

function mb(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

// ---------------------------------------------------------------------------------------------
// Synchronous zip reader (inspection). Reads the central directory, then inflates each admitted
// entry with a hard output cap.

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

function findEndOfCentralDirectory(buf: Buffer, archiveName: string): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  }
  throw new ArchiveError('invalid_archive', `archive ${archiveName}: not a zip file`);
}

function zipEntryType(versionMadeBy: number, externalAttributes: number, name: string): EntryType {
  if (name.endsWith('/')) return 'directory';
  const hostIsUnix = versionMadeBy >>> 8 === 3;
  if (!hostIsUnix) return 'file';
  const kind = (externalAttributes >>> 16) & 0o170000;
  if (kind === 0 || kind === 0o100000) return 'file';
  if (kind === 0o040000) return 'directory';
  if (kind === 0o120000) return 'symlink';
  return 'device';
}

function readZipSync(
  archiveName: string,
  bytes: Uint8Array,
  budget: InflateBudget,
): ExpandedArchive {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 22)
    throw new ArchiveError('invalid_archive', `archive ${archiveName}: too short`);
  const eocd = findEndOfCentralDirectory(buf, archiveName);
  const entryCount = buf.readUInt16LE(eocd + 10);
  const directoryOffset = buf.readUInt32LE(eocd + 16);
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) {
    throw new ArchiveError(
      'invalid_archive',
      `archive ${archiveName}: zip64 archives are not supported`,
    );
  }
  if (entryCount > INPUT_LIMITS.maxArchiveEntries) {
    throw new ArchiveError(
      'payload_too_large',
      `archive ${archiveName}: ${entryCount} entries, more than ${INPUT_LIMITS.maxArchiveEntries}`,
    );
  }
  const files: ArchiveEntryFile[] = [];
  const skipped: SkippedEntry[] = [];
  let offset = directoryOffset;
  for (let i = 0; i < entryCount; i++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== CENTRAL_SIGNATURE) {
      throw new ArchiveError(
        'invalid_archive',
        `archive ${archiveName}: corrupt central directory`,
      );
    }
    const versionMadeBy = buf.readUInt16LE(offset + 4);
    const flags = buf.readUInt16LE(offset + 8);
    const method = buf.readUInt16LE(offset + 10);
    const compressedSize = buf.readUInt32LE(offset + 20);
    const declaredSize = buf.readUInt32LE(offset + 24);
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    const externalAttributes = buf.readUInt32LE(offset + 38);
    const localOffset = buf.readUInt32LE(offset + 42);
    const rawName = buf.subarray(offset + 46, offset + 46 + nameLength);
    const name = rawName.toString(flags & 0x800 ? 'utf8' : 'latin1');
    offset += 46 + nameLength + extraLength + commentLength;

    const type = zipEntryType(versionMadeBy, externalAttributes, name);
    if (!admitEntry(archiveName, name, type, budget, skipped)) continue;
    const path = normaliseEntryPath(name);
    if (flags & 0x1) {
      skipped.push({ path, reason: 'encrypted entries are not scanned' });
      continue;
    }
    if (method !== 0 && method !== 8) {
      skipped.push({ path, reason: `compression method ${method} is not supported` });
      continue;
    }
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff) {
      throw new ArchiveError(
        'invalid_archive',
        `archive ${archiveName}: zip64 entries are not supported`,
      );
    }
    // The declared size is a first, cheap filter; the real check happens while inflating.
    checkEntrySize(archiveName, path, declaredSize, compressedSize, budget);
    const data = readLocalData(buf, localOffset, compressedSize, archiveName, path);
    const inflated = inflateEntry(data, method, archiveName, path, budget);
    checkEntrySize(archiveName, path, inflated.length, compressedSize, budget);
    budget.remainingBytes -= inflated.length;
    files.push({ path, bytes: inflated });
  }
  return { files, skipped };
}

function readLocalData(
  buf: Buffer,
  localOffset: number,
  compressedSize: number,
  archiveName: string,
  path: string,
): Buffer {
  if (localOffset + 30 > buf.length || buf.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) {
    throw new ArchiveError(
      'invalid_archive',
      `archive ${archiveName}: corrupt local header for ${path}`,
    );
  }
  const start =
    localOffset + 30 + buf.readUInt16LE(localOffset + 26) + buf.readUInt16LE(localOffset + 28);
  const end = start + compressedSize;
  if (end > buf.length) {
    throw new ArchiveError('invalid_archive', `archive ${archiveName}: entry ${path} is truncated`);
  }
  return buf.subarray(start, end);
}

function inflateEntry(
  data: Buffer,
  method: number,
  archiveName: string,
  path: string,
  budget: InflateBudget,
): Buffer {
  if (method === 0) return Buffer.from(data);
  const capBytes = Math.min(INPUT_LIMITS.maxEntryInflatedBytes, budget.remainingBytes);
  try {
    return inflateRawSync(data, { maxOutputLength: capBytes + 1 });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new ArchiveError(
        'payload_too_large',
        `archive ${archiveName}: entry ${path} inflates beyond the ${mb(capBytes)} left under the caps`,
      );
    }
    throw new ArchiveError('invalid_archive', `archive ${archiveName}: entry ${path} is corrupt`);
  }
}

// ---------------------------------------------------------------------------------------------
// Synchronous tar.gz reader (inspection).

function tarEntryType(flag: string): EntryType {
  if (flag === '0' || flag === '\0' || flag === '7' || flag === '') return 'file';
  if (flag === '5') return 'directory';
  if (flag === '2') return 'symlink';
  if (flag === '1') return 'hardlink';
  if (flag === '3' || flag === '4' || flag === '6') return 'device';
  return 'other';
}

function tarString(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? field.length : end).toString('utf8');
}

function tarSize(block: Buffer, archiveName: string): number {
  // Sizes above 8 GB use base-256; nothing that large is admitted.
  if ((block[124]! & 0x80) !== 0) {
    throw new ArchiveError(
      'payload_too_large',
      `archive ${archiveName}: an entry is larger than 8 GB`,
    );
  }
  const text = tarString(block, 124, 12).trim();
  const size = text === '' ? 0 : parseInt(text, 8);
  if (!Number.isFinite(size) || size < 0) {
    throw new ArchiveError('invalid_archive', `archive ${archiveName}: corrupt tar header`);
  }
  return size;
}

function paxPath(data: Buffer): string | undefined {
  const text = data.toString('utf8');
  const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(text);
  return match?.[1];
}

function gunzipCapped(archiveName: string, bytes: Uint8Array, budget: InflateBudget): Buffer {
  const capBytes = budget.remainingBytes;
  try {
    return gunzipSync(bytes, { maxOutputLength: capBytes + 1 });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new ArchiveError(
        'payload_too_large',
        `archive ${archiveName}: inflates beyond the ${mb(capBytes)} left under the caps`,
      );
    }
    throw new ArchiveError('invalid_archive', `archive ${archiveName}: not a valid gzip stream`);
  }
}

function readTarGzSync(
  archiveName: string,
  bytes: Uint8Array,
  budget: InflateBudget,
): ExpandedArchive {
  const tar = gunzipCapped(archiveName, bytes, budget);
  checkWholeArchiveRatio(archiveName, tar.length, bytes.length);
  const files: ArchiveEntryFile[] = [];
  const skipped: SkippedEntry[] = [];
  let offset = 0;
  let longName: string | undefined;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const size = tarSize(header, archiveName);
    const flag = String.fromCharCode(header[156]!);
    const dataStart = offset + 512;
    const dataEnd = dataStart + size;
    if (dataEnd > tar.length) {
      throw new ArchiveError('invalid_archive', `archive ${archiveName}: truncated tar entry`);
    }
    offset = dataStart + Math.ceil(size / 512) * 512;
    const data = tar.subarray(dataStart, dataEnd);
    if (flag === 'x' || flag === 'L') {
      longName = flag === 'x' ? paxPath(data) : tarString(data, 0, data.length);
      continue;
    }
    if (flag === 'g') continue;
    const isUstar = tarString(header, 257, 5) === 'ustar';
    const prefix = isUstar ? tarString(header, 345, 155) : '';
    const shortName = tarString(header, 0, 100);
    const name = longName ?? (isUstar && prefix ? `${prefix}/${shortName}` : shortName);
    longName = undefined;
    if (!admitEntry(archiveName, name, tarEntryType(flag), budget, skipped)) continue;
    const path = normaliseEntryPath(name);
    checkEntrySize(archiveName, path, size, undefined, budget);
    budget.remainingBytes -= size;
    files.push({ path, bytes: Buffer.from(data) });
  }
  return { files, skipped };
}

function checkWholeArchiveRatio(
  archiveName: string,
  inflatedBytes: number,
  compressedBytes: number,
): void {
  if (
    inflatedBytes > INPUT_LIMITS.ratioCheckMinBytes &&
    inflatedBytes > compressedBytes * INPUT_LIMITS.maxCompressionRatio
  ) {
    throw new ArchiveError(
      'invalid_archive',
      `archive ${archiveName}: compression ratio above ${INPUT_LIMITS.maxCompressionRatio}:1 (gzip bomb?)`,
    );
  }
}

/** Reads an archive synchronously under the caps: for submission-time inspection. */
export function readArchiveSync(
  archiveName: string,
  format: ArchiveFormat,
  bytes: Uint8Array,
  budget: InflateBudget,
): ExpandedArchive {
  return format === 'zip'
    ? readZipSync(archiveName, bytes, budget)
    : readTarGzSync(archiveName, bytes, budget);
}

// ---------------------------------------------------------------------------------------------
// Streaming readers (the scan). yauzl and tar-stream parse the containers; every byte is counted
// as it inflates and the stream is destroyed the moment a cap is passed.

async function collectCapped(
  stream: AsyncIterable<unknown> & { destroy(error?: Error): unknown },
  archiveName: string,
  path: string,
  compressedBytes: number | undefined,
  budget: InflateBudget,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const piece = chunk as Buffer;
    total += piece.length;
    try {
      checkEntrySize(archiveName, path, total, compressedBytes, budget);
    } catch (error) {
      stream.destroy();
      throw error;
    }
    chunks.push(piece);
  }
  budget.remainingBytes -= total;
  return Buffer.concat(chunks, total);
}

function openZip(bytes: Uint8Array, archiveName: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: true },
      (error, zipfile) => {
        if (error)
          reject(new ArchiveError('invalid_archive', `archive ${archiveName}: ${error.message}`));
        else resolve(zipfile);
      },
    );
  });
}

function openEntryStream(zipfile: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zipfile.openReadStream(entry, (error, stream) => {
      if (error) reject(error);
      else resolve(stream);
    });
  });
}

async function readZip(
  archiveName: string,
  bytes: Uint8Array,
  budget: InflateBudget,
): Promise<ExpandedArchive> {
  const zipfile = await openZip(bytes, archiveName);
  if (zipfile.entryCount > INPUT_LIMITS.maxArchiveEntries) {
    zipfile.close();
    throw new ArchiveError(
      'payload_too_large',
      `archive ${archiveName}: ${zipfile.entryCount} entries, more than ${INPUT_LIMITS.maxArchiveEntries}`,
    );
  }
  const files: ArchiveEntryFile[] = [];
  const skipped: SkippedEntry[] = [];
  try {
    for (;;) {
      const entry = await nextZipEntry(zipfile, archiveName);
      if (!entry) break;
      const type = zipEntryType(entry.versionMadeBy, entry.externalFileAttributes, entry.fileName);
      if (!admitEntry(archiveName, entry.fileName, type, budget, skipped)) continue;
      const path = normaliseEntryPath(entry.fileName);
      if (entry.isEncrypted()) {
        skipped.push({ path, reason: 'encrypted entries are not scanned' });
        continue;
      }
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
        skipped.push({
          path,
          reason: `compression method ${entry.compressionMethod} is not supported`,
        });
        continue;
      }
      checkEntrySize(archiveName, path, entry.uncompressedSize, entry.compressedSize, budget);
      const stream = await openEntryStream(zipfile, entry);
      const data = await collectCapped(stream, archiveName, path, entry.compressedSize, budget);
      files.push({ path, bytes: data });
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(
      'invalid_archive',
      `archive ${archiveName}: ${(error as Error).message}`,
    );
  } finally {
    zipfile.close();
  }
  return { files, skipped };
}

function nextZipEntry(
  zipfile: yauzl.ZipFile,
  archiveName: string,
): Promise<yauzl.Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      zipfile.removeListener('entry', onEntry);
      zipfile.removeListener('end', onEnd);
      zipfile.removeListener('error', onError);
    };
    const onEntry = (entry: yauzl.Entry): void => {
      cleanup();
      resolve(entry);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(undefined);
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(new ArchiveError('invalid_archive', `archive ${archiveName}: ${error.message}`));
    };
    zipfile.once('entry', onEntry);
    zipfile.once('end', onEnd);
    zipfile.once('error', onError);
    zipfile.readEntry();
  });
}

function tarStreamType(type: tarStream.Header['type']): EntryType {
  switch (type) {
    case 'file':
    case 'contiguous-file':
    case null:
    case undefined:
      return 'file';
    case 'directory':
      return 'directory';
    case 'symlink':
      return 'symlink';
    case 'link':
      return 'hardlink';
    case 'character-device':
    case 'block-device':
    case 'fifo':
      return 'device';
    default:
      return 'other';
  }
}

async function gunzipCappedAsync(
  archiveName: string,
  bytes: Uint8Array,
  budget: InflateBudget,
): Promise<Buffer> {
  const capBytes = budget.remainingBytes;
  return new Promise((resolve, reject) => {
    // zlib counts the output and stops at maxOutputLength: the declared sizes in tar headers are
    // never what bounds memory.
    gunzip(bytes, { maxOutputLength: capBytes + 1 }, (error, result) => {
      if (!error) resolve(result);
      else if (
        error instanceof RangeError ||
        (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
      )
        reject(
          new ArchiveError(
            'payload_too_large',
            `archive ${archiveName}: inflates beyond the ${mb(capBytes)} left under the caps`,
          ),
        );
      else
        reject(
          new ArchiveError('invalid_archive', `archive ${archiveName}: not a valid gzip stream`),
        );
    });
  });
}

async function readTarGz(
  archiveName: string,
  bytes: Uint8Array,
  budget: InflateBudget,
): Promise<ExpandedArchive> {
  const tar = await gunzipCappedAsync(archiveName, bytes, budget);
  checkWholeArchiveRatio(archiveName, tar.length, bytes.length);
  const files: ArchiveEntryFile[] = [];
  const skipped: SkippedEntry[] = [];
  const extract = tarStream.extract();
  extract.end(tar);
  try {
    for await (const entry of extract) {
      const header = entry.header;
      if (!admitEntry(archiveName, header.name, tarStreamType(header.type), budget, skipped)) {
        entry.resume();
        continue;
      }
      const path = normaliseEntryPath(header.name);
      checkEntrySize(archiveName, path, header.size ?? 0, undefined, budget);
      const data = await collectCapped(entry, archiveName, path, undefined, budget);
      files.push({ path, bytes: data });
    }
  } catch (error) {
    extract.destroy();
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(
      'invalid_archive',
      `archive ${archiveName}: ${(error as Error).message}`,
    );
  }
  return { files, skipped };
}

/** Reads an archive as a stream under the caps: for the scan. */
export async function readArchive(
  archiveName: string,
  format: ArchiveFormat,
  bytes: Uint8Array,
  budget: InflateBudget,
): Promise<ExpandedArchive> {
  return format === 'zip'
    ? readZip(archiveName, bytes, budget)
    : readTarGz(archiveName, bytes, budget);
}
