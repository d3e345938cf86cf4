import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { decryptSecret, encryptSecret, loadMasterKey, SecretError } from './encryption-at-rest.js';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'palisade-secrets-'));
  dirs.push(dir);
  return dir;
}

describe('secrets', () => {
  const key = randomBytes(32);

  it('round-trip through the versioned format, with a fresh IV each time', () => {
    const a = encryptSecret('tok_live_123', key);
    const b = encryptSecret('tok_live_123', key);
    assert.match(a, /^v1:[\w-]+:[\w-]+:[\w-]+$/);
    assert.notEqual(a, b);
    assert.ok(!a.includes('tok_live_123'));
    assert.equal(decryptSecret(a, key), 'tok_live_123');
    assert.equal(decryptSecret(encryptSecret('', key), key), '');
    assert.equal(decryptSecret(encryptSecret('ünïcødé ✓', key), key), 'ünïcødé ✓');
  });

  it('detect tampering and wrong keys', () => {
    const sealed = encryptSecret('secret value', key);
    const [v, iv, tag, ct] = sealed.split(':') as [string, string, string, string];
    const flip = (s: string): string => {
      const bytes = Buffer.from(s, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const bad of [
      [v, iv, tag, flip(ct)].join(':'),
      [v, iv, flip(tag), ct].join(':'),
      [v, flip(iv), tag, ct].join(':'),
      ['v2', iv, tag, ct].join(':'),
      'not a secret',
    ]) {
      assert.throws(() => decryptSecret(bad, key), SecretError);
    }
    assert.throws(
      () => decryptSecret(sealed, randomBytes(32)),
      (e: unknown) => {
        return e instanceof SecretError && !String(e.message).includes('secret value');
      },
    );
  });

  it('generate the master key once into the data dir, owner-only', () => {
    const dataDir = join(tempDir(), 'nested');
    const first = loadMasterKey({ masterKey: undefined, dataDir });
    const second = loadMasterKey({ masterKey: undefined, dataDir });
    assert.equal(first.length, 32);
    assert.deepEqual(first, second);
    const file = join(dataDir, 'master.key');
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').length, 32);
  });

  it('prefer the configured master key and validate it', () => {
    const configured = randomBytes(32);
    const dataDir = tempDir();
    assert.deepEqual(
      loadMasterKey({ masterKey: configured.toString('base64'), dataDir }),
      configured,
    );
    assert.throws(
      () => loadMasterKey({ masterKey: randomBytes(16).toString('base64'), dataDir }),
      /PALISADE_MASTER_KEY/,
    );
  });
});
