// The settings schema (DESIGN.md §3). loadConfig(env) validates once at start and returns a frozen
// Config; an invalid setting stops the process with one line naming the variable.

import { isAbsolute, join, resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  /** `sqlite:<path>` or `postgres://…` */
  databaseUrl: string;
  databaseKind: 'sqlite' | 'postgres';
  /** For sqlite: the file path. */
  sqlitePath: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key this deployment writes (several deployments may share a Redis). */
  redisKeyPrefix: string;
  /** PostgreSQL schema of the pg-boss job tables (scale-out queue). */
  queueSchema: string;
  targetAllowlist: readonly string[];
  rateLimitPerMinute: number;
  maxUploadBytes: number;
  workerConcurrency: number;
  /** Base64 32-byte key; undefined means "generate into the data dir on first start". */
  masterKey: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** First webhook retry delay; later ones grow exponentially with jitter (tests shorten it). */
  webhookRetryBaseMs: number;
  webhookMaxAttempts: number;
  /** A running scan job whose worker died is retried after this long (pg-boss expiry). */
  scanJobExpireSeconds: number;
  /** Attempts before a scan is marked failed for good. */
  scanMaxAttempts: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function intSetting(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()))
    throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

const CIDR_RE = /^(?:(?:\d{1,3}\.){3}\d{1,3}\/\d{1,2}|[0-9a-fA-F:.]+\/\d{1,3})$/;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Readonly<Config> {
  const port = intSetting(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';

  const baseUrlRaw = env.PALISADE_BASE_URL?.trim() || `http://localhost:${port}`;
  let baseUrl: string;
  try {
    const u = new URL(baseUrlRaw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
    // Accept a base URL given with or without the /v1 suffix; store it without.
    baseUrl = u.toString().replace(/\/+$/, '').replace(/\/v1$/, '');
  } catch {
    throw new ConfigError('PALISADE_BASE_URL', `must be an http(s) URL, got "${baseUrlRaw}"`);
  }

  const dataDirRaw = env.PALISADE_DATA_DIR?.trim() || './data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);

  const databaseUrl = env.PALISADE_DATABASE_URL?.trim() || `sqlite:${join(dataDir, 'palisade.db')}`;
  let databaseKind: Config['databaseKind'];
  let sqlitePath: string | undefined;
  if (databaseUrl.startsWith('sqlite:')) {
    databaseKind = 'sqlite';
    const p = databaseUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!p) throw new ConfigError('PALISADE_DATABASE_URL', 'sqlite: needs a file path');
    sqlitePath = p === ':memory:' || isAbsolute(p) ? p : resolve(cwd, p);
  } else if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    databaseKind = 'postgres';
  } else {
    throw new ConfigError('PALISADE_DATABASE_URL', 'must start with sqlite: or postgres://');
  }

  const redisUrl = env.PALISADE_REDIS_URL?.trim() || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('PALISADE_REDIS_URL', 'must start with redis:// or rediss://');
  }

  const redisKeyPrefix = env.PALISADE_REDIS_KEY_PREFIX?.trim() || 'palisade:';
  if (!/^[\x21-\x7e]{1,100}$/.test(redisKeyPrefix)) {
    throw new ConfigError('PALISADE_REDIS_KEY_PREFIX', 'must be 1 to 100 visible ASCII characters');
  }
  const queueSchema = env.PALISADE_QUEUE_SCHEMA?.trim() || 'palisade_boss';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(queueSchema)) {
    throw new ConfigError('PALISADE_QUEUE_SCHEMA', 'must be a lower-case PostgreSQL identifier');
  }

  const targetAllowlist = (env.PALISADE_TARGET_ALLOWLIST ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const cidr of targetAllowlist) {
    if (!CIDR_RE.test(cidr))
      throw new ConfigError('PALISADE_TARGET_ALLOWLIST', `"${cidr}" is not a CIDR`);
  }

  const masterKey = env.PALISADE_MASTER_KEY?.trim() || undefined;
  if (masterKey !== undefined && Buffer.from(masterKey, 'base64').length !== 32) {
    throw new ConfigError('PALISADE_MASTER_KEY', 'must be 32 bytes, base64-encoded');
  }

  const logLevelRaw =
    env.PALISADE_LOG_LEVEL?.trim() || (env.NODE_ENV === 'test' ? 'silent' : 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(logLevelRaw)) {
    throw new ConfigError('PALISADE_LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }

  return Object.freeze({
    port,
    host,
    baseUrl,
    dataDir,
    databaseUrl,
    databaseKind,
    sqlitePath,
    redisUrl,
    redisKeyPrefix,
    queueSchema,
    targetAllowlist: Object.freeze(targetAllowlist),
    rateLimitPerMinute: intSetting(env, 'PALISADE_RATE_LIMIT_PER_MINUTE', 10, 1, 1_000_000),
    maxUploadBytes: intSetting(
      env,
      'PALISADE_MAX_UPLOAD_BYTES',
      10_485_760,
      1024,
      1024 * 1024 * 1024,
    ),
    workerConcurrency: intSetting(env, 'PALISADE_WORKER_CONCURRENCY', 4, 1, 256),
    masterKey,
    logLevel: logLevelRaw as Config['logLevel'],
    webhookRetryBaseMs: intSetting(env, 'PALISADE_WEBHOOK_RETRY_BASE_MS', 30_000, 1, 86_400_000),
    webhookMaxAttempts: intSetting(env, 'PALISADE_WEBHOOK_MAX_ATTEMPTS', 12, 1, 100),
    scanJobExpireSeconds: intSetting(env, 'PALISADE_SCAN_JOB_EXPIRE_SECONDS', 300, 1, 86_400),
    scanMaxAttempts: intSetting(env, 'PALISADE_SCAN_MAX_ATTEMPTS', 3, 1, 20),
  });
}
