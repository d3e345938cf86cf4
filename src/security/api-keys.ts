// API keys (DESIGN.md §1): `pal_` + 40 random base62 characters + a 6-character base62 CRC32 of
// everything before it. The checksum lets us reject typos and garbage before touching the
// database (and lets secret scanners recognise a real key); it is not a security boundary; the
// 238 bits of randomness are. Only the SHA-256 of a key is used for lookup.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const API_KEY_PREFIX = 'pal_';
const RANDOM_LENGTH = 40;
const CHECKSUM_LENGTH = 6;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const API_KEY_RE = new RegExp(
  `^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH}}[0-9A-Za-z]{${CHECKSUM_LENGTH}}$`,
);

/** Uniform base62 characters: bytes >= 248 are rejected so no character is more likely. */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** CRC32 as exactly 6 base62 digits (62^6 > 2^32), left-padded with '0'. */
function checksum(text: string): string {
  let value = crc32(Buffer.from(text, 'utf8'));
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

export function generateApiKey(): string {
  const body = API_KEY_PREFIX + randomBase62(RANDOM_LENGTH);
  return body + checksum(body);
}

/** Shape and checksum only: cheap enough to run on every request before any lookup. */
export function isWellFormedApiKey(key: string): boolean {
  if (!API_KEY_RE.test(key)) return false;
  const body = key.slice(0, -CHECKSUM_LENGTH);
  return constantTimeEqual(checksum(body), key.slice(-CHECKSUM_LENGTH));
}

/** SHA-256 hex: the lookup index. Keys are high-entropy, so no salt or slow hash is needed. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The shortened display form, e.g. `pal_abcd…wxyz`. */
export function apiKeyHint(key: string): string {
  const random = key.slice(API_KEY_PREFIX.length);
  return `${API_KEY_PREFIX}${random.slice(0, 4)}…${random.slice(-4)}`;
}

/** Compares two strings without leaking where they differ through timing. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  // timingSafeEqual needs equal lengths; comparing against itself keeps the time independent of
  // the content when lengths differ (lengths are not secret here).
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}
