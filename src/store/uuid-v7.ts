// UUID version 7 (RFC 9562): 48-bit Unix milliseconds, then random bits. Ids sort by creation
// time, which keeps history pages and the queue order cheap to index.

import { randomBytes } from 'node:crypto';

export function uuidV7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  // 48-bit big-endian timestamp: bytes 0..5.
  bytes.writeUIntBE(Math.max(0, Math.floor(now)) % 2 ** 48, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70; // version 7
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
