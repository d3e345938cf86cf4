// Secrets at rest: API key copies (to sign webhooks) and MCP auth tokens (while a scan runs) are
// encrypted with AES-256-GCM under the master key. Format: `v1:<iv>:<tag>:<ciphertext>`, each part
// base64url, so the scheme can change later without ambiguity.

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';
export const MASTER_KEY_FILE = 'master.key';

export class SecretError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SecretError';
  }
}

function parseKey(base64: string, source: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new SecretError(`${source} must hold ${KEY_BYTES} bytes, base64-encoded`);
  }
  return key;
}

/**
 * The configured master key (PALISADE_MASTER_KEY), or the one in `<dataDir>/master.key`, created
 * with mode 0600 on first start. The key is written to a private temp file and then hard-linked
 * into place: the link either appears complete or fails with EEXIST, so two processes starting
 * together agree on one key and neither can read a half-written file.
 */
export function loadMasterKey(config: { masterKey: string | undefined; dataDir: string }): Buffer {
  if (config.masterKey !== undefined) return parseKey(config.masterKey, 'PALISADE_MASTER_KEY');
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const path = join(config.dataDir, MASTER_KEY_FILE);
  if (!existsSync(path)) {
    const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(temp, randomBytes(KEY_BYTES).toString('base64') + '\n', {
      mode: 0o600,
      flag: 'wx',
    });
    try {
      linkSync(temp, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }
  }
  // The umask may have widened the mode on some systems; the key must be owner-only.
  chmodSync(path, 0o600);
  return parseKey(readFileSync(path, 'utf8'), path);
}

export function encryptSecret(plaintext: string, masterKey: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':');
}

/** Throws SecretError (never revealing the content) if the value is malformed or was altered. */
export function decryptSecret(encoded: string, masterKey: Buffer): string {
  const parts = encoded.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new SecretError('Stored secret has an unknown format');
  }
  const [, ivText = '', tagText = '', ciphertextText = ''] = parts;
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretError('Stored secret has an unknown format');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', masterKey, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    const plaintext = Buffer.concat([
      decipher.update(Buffer.from(ciphertextText, 'base64url')),
      decipher.final(),
    ]);
    return plaintext.toString('utf8');
  } catch (cause) {
    throw new SecretError(
      'Stored secret could not be decrypted (altered, or a different master key)',
      { cause },
    );
  }
}
