// The admin commands on a temp data dir: the first ones as an operator runs them (spawned
// processes, real exit codes), the rest through the CLI's library entry, which is much faster.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../config.js';
import { run, type CliContext } from './index.js';
import { decryptSecret, hashApiKey, isWellFormedApiKey, loadMasterKey } from '../security/index.js';
import { createSqliteStore } from '../store/index.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const CLI = join(ROOT, 'src', 'cli', 'index.ts');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function palisade(dataDir: string, args: string[]): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PALISADE_DATA_DIR: dataDir,
      PALISADE_LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** The same commands in this process (fast): `run` is the CLI's library entry. */
async function palisadeInProcess(dataDir: string, args: string[]): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const ctx: CliContext = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env: { PALISADE_DATA_DIR: dataDir, PALISADE_LOG_LEVEL: 'silent' },
    cwd: ROOT,
    exitCode: 0,
  };
  const code = await run(args, ctx);
  return { code, stdout, stderr };
}

async function readAccount(dataDir: string, email: string) {
  const store = await createSqliteStore(join(dataDir, 'palisade.db'));
  try {
    return await store.accounts.findByEmail(email);
  } finally {
    await store.close();
  }
}

describe('admin CLI', () => {
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'palisade-cli-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('accounts create --json creates the schema and prints a working key once', async () => {
    const out = await palisade(dataDir, [
      'accounts',
      'create',
      '--email',
      'Lead@Example.com',
      '--tier',
      'team',
      '--json',
    ]);
    assert.equal(out.code, 0, out.stderr);
    const body = JSON.parse(out.stdout) as Record<string, string>;
    assert.deepEqual(Object.keys(body), ['account_id', 'email', 'tier', 'api_key']);
    assert.equal(body.email, 'lead@example.com');
    assert.equal(body.tier, 'team');
    assert.ok(isWellFormedApiKey(body.api_key!));

    const account = await readAccount(dataDir, 'lead@example.com');
    assert.equal(account?.id, body.account_id);
    assert.equal(account?.apiKeyHash, hashApiKey(body.api_key!));
    const masterKey = loadMasterKey(loadConfig({ PALISADE_DATA_DIR: dataDir }));
    assert.equal(decryptSecret(account.apiKeyCiphertext, masterKey), body.api_key);
    assert.equal(statSync(join(dataDir, 'master.key')).mode & 0o777, 0o600);
    assert.equal(statSync(join(dataDir, 'palisade.db')).mode & 0o777, 0o600);
  });

  it('refuses a duplicate email with a clear message and exit code 1', async () => {
    const out = await palisade(dataDir, [
      'accounts',
      'create',
      '--email',
      'lead@example.com',
      '--tier',
      'pro',
    ]);
    assert.equal(out.code, 1);
    assert.match(out.stderr, /an account with email lead@example\.com already exists/);
    assert.equal(out.stdout, '');
  });

  it('rejects an unknown plan as a usage error', async () => {
    const out = await palisadeInProcess(dataDir, [
      'accounts',
      'create',
      '--email',
      'a@b.c',
      '--tier',
      'gold',
    ]);
    assert.equal(out.code, 2);
    assert.match(out.stderr, /Allowed choices are free, developer, pro, team, enterprise/);
  });

  it('prints a friendly block without --json', async () => {
    const out = await palisadeInProcess(dataDir, [
      'accounts',
      'create',
      '--email',
      'dev@example.com',
      '--tier',
      'developer',
    ]);
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stdout, /Created account dev@example\.com on the developer plan\./);
    assert.match(out.stdout, /API key {5}pal_[0-9A-Za-z]{46}\n/);
    assert.match(out.stdout, /shown only once/);
  });

  it('accounts set changes the plan and the stored variant', async () => {
    const out = await palisadeInProcess(dataDir, [
      'accounts',
      'set',
      '--email',
      'dev@example.com',
      '--tier',
      'enterprise',
      '--variant',
      'a',
    ]);
    assert.equal(out.code, 0, out.stderr);
    let account = await readAccount(dataDir, 'dev@example.com');
    assert.equal(account?.tier, 'enterprise');
    assert.equal(account?.variant, 'A');

    const reset = await palisadeInProcess(dataDir, [
      'accounts',
      'set',
      '--email',
      'dev@example.com',
      '--variant',
      'default',
    ]);
    assert.equal(reset.code, 0, reset.stderr);
    account = await readAccount(dataDir, 'dev@example.com');
    assert.equal(account?.variant, null);
    assert.equal(account?.tier, 'enterprise');

    const missing = await palisadeInProcess(dataDir, [
      'accounts',
      'set',
      '--email',
      'no@example.com',
      '--tier',
      'pro',
    ]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no account with email no@example\.com/);
    const nothing = await palisadeInProcess(dataDir, [
      'accounts',
      'set',
      '--email',
      'dev@example.com',
    ]);
    assert.equal(nothing.code, 1);
    assert.match(nothing.stderr, /nothing to change/);
  });

  it('keys rotate prints a new key and revokes the old one at once', async () => {
    const before = await readAccount(dataDir, 'lead@example.com');
    const out = await palisadeInProcess(dataDir, ['keys', 'rotate', '--email', 'lead@example.com']);
    assert.equal(out.code, 0, out.stderr);
    const key = /New API key for lead@example\.com: (pal_[0-9A-Za-z]{46})/.exec(out.stdout)?.[1];
    assert.ok(key && isWellFormedApiKey(key));
    const after = await readAccount(dataDir, 'lead@example.com');
    assert.equal(after?.apiKeyHash, hashApiKey(key));
    assert.notEqual(after?.apiKeyHash, before?.apiKeyHash);

    const missing = await palisadeInProcess(dataDir, [
      'keys',
      'rotate',
      '--email',
      'nobody@example.com',
    ]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no account with email nobody@example\.com/);
  });

  it('migrate creates the schema in a fresh data dir and is idempotent', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'palisade-cli-'));
    try {
      for (let i = 0; i < 2; i++) {
        const out = await palisadeInProcess(fresh, ['migrate']);
        assert.equal(out.code, 0, out.stderr);
        assert.match(out.stdout, /Database schema is up to date \(SQLite .*palisade\.db\)/);
      }
      const store = await createSqliteStore(join(fresh, 'palisade.db'));
      assert.equal(await store.accounts.count(), 0);
      await store.close();
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('names an invalid setting and exits 1', async () => {
    const bad = spawn(process.execPath, ['--import', 'tsx', CLI, 'migrate'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PALISADE_DATABASE_URL: 'mysql://x' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    bad.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const [code] = (await once(bad, 'exit')) as [number | null];
    assert.equal(code, 1);
    assert.match(stderr, /PALISADE_DATABASE_URL/);
  });
});
