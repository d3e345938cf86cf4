// The settings schema: defaults, normalisation, and one clear line naming the variable for each
// kind of invalid value.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from './config.js';

const CWD = '/srv/palisade';

function rejects(env: Record<string, string>, variable: string, message: RegExp): void {
  assert.throws(
    () => loadConfig(env, CWD),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError, String(error));
      assert.equal(error.variable, variable);
      assert.match(error.message, message);
      assert.ok(error.message.startsWith(`${variable}: `), error.message);
      return true;
    },
  );
}

describe('loadConfig', () => {
  it('gives the documented defaults, frozen', () => {
    const config = loadConfig({}, CWD);
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.baseUrl, 'http://localhost:8080');
    assert.equal(config.dataDir, '/srv/palisade/data');
    assert.equal(config.databaseKind, 'sqlite');
    assert.equal(config.sqlitePath, '/srv/palisade/data/palisade.db');
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.redisKeyPrefix, 'palisade:');
    assert.equal(config.queueSchema, 'palisade_boss');
    assert.deepEqual(config.targetAllowlist, []);
    assert.equal(config.rateLimitPerMinute, 10);
    assert.equal(config.maxUploadBytes, 10_485_760);
    assert.equal(config.workerConcurrency, 4);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.scanMaxAttempts, 3);
    assert.ok(Object.isFrozen(config));
    assert.ok(Object.isFrozen(config.targetAllowlist));
  });

  it('reads, trims and normalises what is given', () => {
    const config = loadConfig(
      {
        PORT: ' 9000 ',
        PALISADE_BASE_URL: 'https://scan.example.com/v1/',
        PALISADE_DATABASE_URL: 'postgres://u@db/palisade',
        PALISADE_REDIS_URL: 'redis://cache:6379',
        PALISADE_TARGET_ALLOWLIST: '127.0.0.1/32, 10.0.0.0/8,',
        PALISADE_RATE_LIMIT_PER_MINUTE: '60',
        PALISADE_LOG_LEVEL: 'debug',
        HOST: '',
      },
      CWD,
    );
    assert.equal(config.port, 9000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.baseUrl, 'https://scan.example.com');
    assert.equal(config.databaseKind, 'postgres');
    assert.equal(config.sqlitePath, undefined);
    assert.equal(config.redisUrl, 'redis://cache:6379');
    assert.deepEqual(config.targetAllowlist, ['127.0.0.1/32', '10.0.0.0/8']);
    assert.equal(config.rateLimitPerMinute, 60);
    assert.equal(config.logLevel, 'debug');
    assert.equal(loadConfig({ NODE_ENV: 'test' }, CWD).logLevel, 'silent');
  });

  it('names the variable and says what is wrong', () => {
    rejects({ PORT: 'eighty' }, 'PORT', /must be a whole number, got "eighty"/);
    rejects({ PORT: '70000' }, 'PORT', /must be between 0 and 65535, got 70000/);
    rejects({ PALISADE_WORKER_CONCURRENCY: '0' }, 'PALISADE_WORKER_CONCURRENCY', /between 1/);
    rejects({ PALISADE_BASE_URL: 'ftp://x' }, 'PALISADE_BASE_URL', /must be an http\(s\) URL/);
    rejects(
      { PALISADE_DATABASE_URL: 'mysql://x' },
      'PALISADE_DATABASE_URL',
      /must start with sqlite: or postgres:\/\//,
    );
    rejects({ PALISADE_DATABASE_URL: 'sqlite:' }, 'PALISADE_DATABASE_URL', /needs a file path/);
    rejects({ PALISADE_REDIS_URL: 'http://x' }, 'PALISADE_REDIS_URL', /redis:\/\/ or rediss:/);
    rejects({ PALISADE_REDIS_KEY_PREFIX: 'a b' }, 'PALISADE_REDIS_KEY_PREFIX', /visible ASCII/);
    rejects({ PALISADE_QUEUE_SCHEMA: 'Boss' }, 'PALISADE_QUEUE_SCHEMA', /lower-case PostgreSQL/);
    rejects(
      { PALISADE_TARGET_ALLOWLIST: '127.0.0.1/32,example.com' },
      'PALISADE_TARGET_ALLOWLIST',
      /"example\.com" is not a CIDR/,
    );
    rejects({ PALISADE_MASTER_KEY: 'c2hvcnQ=' }, 'PALISADE_MASTER_KEY', /32 bytes, base64/);
    rejects({ PALISADE_LOG_LEVEL: 'loud' }, 'PALISADE_LOG_LEVEL', /must be one of fatal, error/);
  });
});
