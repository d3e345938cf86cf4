// Finds base64 and hex payloads inside text and decodes them, so detectors can re-scan what a
// model would decode. Only decodings that read as text are returned: random ids and hashes decode
// to bytes and are dropped.
import { CJK_LETTERS, FIELD_SCAN_MAX_CHARS, isMostlyPrintable } from './unicode.js';

export interface DecodedPayload {
  encoding: 'base64' | 'hex';
  encoded: string;
  decoded: string;
}

// Bounded quantifiers keep the scan linear; 24 base64 chars = 18 bytes, shorter is rarely a payload.
const BASE64_RE = /[A-Za-z0-9+/_-]{24,8192}={0,2}/g;
const HEX_RE = /\b(?:[0-9a-fA-F]{2}){16,4096}\b/g;
const MAX_PAYLOADS = 16;

function decodeBase64(candidate: string): string | undefined {
  // Words, paths and identifiers also match the alphabet; a payload mixes cases and digits.
  if (!/[a-z]/.test(candidate) || !/[A-Z]/.test(candidate) || !/[0-9+/=]/.test(candidate))
    return undefined;
  const decoded = Buffer.from(candidate.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString(
    'utf8',
  );
  return decoded.length >= 8 && isMostlyPrintable(decoded) && readsAsWords(decoded)
    ? decoded
    : undefined;
}

/** Text spaces its words, or is Chinese, Japanese or Korean, which do not. */
const CJK_CHARS_RE = new RegExp(`[${CJK_LETTERS}]{4}`, 'u');
const readsAsWords = (decoded: string): boolean => /\s/.test(decoded) || CJK_CHARS_RE.test(decoded);

function decodeHex(candidate: string): string | undefined {
  const decoded = Buffer.from(candidate, 'hex').toString('utf8');
  return isMostlyPrintable(decoded) && readsAsWords(decoded) ? decoded : undefined;
}

/** The shortest text either pattern matches (base64's 24 characters; hex needs 32). */
const PAYLOAD_CHARS_MIN = 24;

export function findEncodedPayloads(text: string): DecodedPayload[] {
  const out: DecodedPayload[] = [];
  // Most fields (names, enum values, short descriptions) are too short to hold one.
  if (text.length < PAYLOAD_CHARS_MIN) return out;
  const bounded = text.slice(0, FIELD_SCAN_MAX_CHARS);
  // exec on the shared patterns, not matchAll, which copies them for every field of a scan;
  // neither matches the empty string, so each loop ends.
  HEX_RE.lastIndex = 0;
  for (let m = HEX_RE.exec(bounded); m !== null; m = HEX_RE.exec(bounded)) {
    const decoded = decodeHex(m[0]);
    if (decoded) out.push({ encoding: 'hex', encoded: m[0], decoded });
    if (out.length >= MAX_PAYLOADS) return out;
  }
  BASE64_RE.lastIndex = 0;
  for (let m = BASE64_RE.exec(bounded); m !== null; m = BASE64_RE.exec(bounded)) {
    if (/^[0-9a-fA-F]+$/.test(m[0])) continue;
    const decoded = decodeBase64(m[0]);
    if (decoded) out.push({ encoding: 'base64', encoded: m[0], decoded });
    if (out.length >= MAX_PAYLOADS) return out;
  }
  return out;
}
