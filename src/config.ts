// The settings schema (DESIGN.md §3). loadConfig(env) validates once at start, with a zod schema
// of the environment, and returns a frozen Config; an invalid setting stops the process with one
// line naming the variable.

import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import type * as Zod from 'zod';

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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const CIDR_RE = /^(?:(?:\d{1,3}\.){3}\d{1,3}\/\d{1,2}|[0-9a-fA-F:.]+\/\d{1,3})$/;

/**
 * The schema of the environment. zod is required when the settings are read, not when this
 * module loads: the `palisade` command imports this module at start, and `--version` or a scan
 * reads no setting (ADR 0012).
 */
function buildEnvSchema() {
  const { z } = createRequire(import.meta.url)('zod') as typeof Zod;
  /** A variable's trimmed value; unset and empty both mean "not given". */
  const given = z
    .string()
    .optional()
    .transform((raw) => raw?.trim() || undefined);

  /** `given` or the default. */
  const text = (fallback: string) => given.transform((value) => value ?? fallback);

  /** A whole number between min and max, or the default when not given. */
  const wholeNumber = (fallback: number, min: number, max: number) =>
    z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined || raw === '') return fallback;
        if (!/^\d+$/.test(raw.trim())) {
          ctx.addIssue({ code: 'custom', message: `must be a whole number, got "${raw}"` });
          return z.NEVER;
        }
        return Number(raw.trim());
      })
      .pipe(
        z.number().refine((n) => n >= min && n <= max, {
          error: (issue) => `must be between ${min} and ${max}, got ${String(issue.input)}`,
        }),
      );

  return z.object({
    PORT: wholeNumber(8080, 0, 65535),
    HOST: text('127.0.0.1'),
    PALISADE_BASE_URL: given,
    PALISADE_DATA_DIR: text('./data'),
    PALISADE_DATABASE_URL: given.refine(
      (url) => url === undefined || url.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(url),
      'must start with sqlite: or postgres://',
    ),
    PALISADE_REDIS_URL: given.refine(
      (url) => url === undefined || /^rediss?:\/\//.test(url),
      'must start with redis:// or rediss://',
    ),
    PALISADE_REDIS_KEY_PREFIX: text('palisade:').refine(
      (prefix) => /^[\x21-\x7e]{1,100}$/.test(prefix),
      'must be 1 to 100 visible ASCII characters',
    ),
    PALISADE_QUEUE_SCHEMA: text('palisade_boss').refine(
      (schema) => /^[a-z_][a-z0-9_]{0,62}$/.test(schema),
      'must be a lower-case PostgreSQL identifier',
    ),
    PALISADE_TARGET_ALLOWLIST: z
      .string()
      .optional()
      .transform((raw) =>
        (raw ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .superRefine((cidrs, ctx) => {
        const bad = cidrs.find((cidr) => !CIDR_RE.test(cidr));
        if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `"${bad}" is not a CIDR` });
      }),
    PALISADE_RATE_LIMIT_PER_MINUTE: wholeNumber(10, 1, 1_000_000),
    PALISADE_MAX_UPLOAD_BYTES: wholeNumber(10_485_760, 1024, 1024 * 1024 * 1024),
    PALISADE_WORKER_CONCURRENCY: wholeNumber(4, 1, 256),
    PALISADE_MASTER_KEY: given.refine(
      (key) => key === undefined || Buffer.from(key, 'base64').length === 32,
      'must be 32 bytes, base64-encoded',
    ),
    PALISADE_LOG_LEVEL: given.pipe(
      z.optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
    ),
    NODE_ENV: given,
    PALISADE_WEBHOOK_RETRY_BASE_MS: wholeNumber(30_000, 1, 86_400_000),
    PALISADE_WEBHOOK_MAX_ATTEMPTS: wholeNumber(12, 1, 100),
    PALISADE_SCAN_JOB_EXPIRE_SECONDS: wholeNumber(300, 1, 86_400),
    PALISADE_SCAN_MAX_ATTEMPTS: wholeNumber(3, 1, 20),
  });
}

type EnvSettings = Zod.infer<ReturnType<typeof buildEnvSchema>>;
let envSchema: ReturnType<typeof buildEnvSchema> | undefined;

/** Validates the environment: the first invalid variable becomes a ConfigError naming it. */
function parseEnv(env: Env): EnvSettings {
  envSchema ??= buildEnvSchema();
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new ConfigError(String(issue.path[0] ?? 'settings'), issue.message);
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Readonly<Config> {
  const settings = parseEnv(env);
  const port = settings.PORT;

  const baseUrlRaw = settings.PALISADE_BASE_URL ?? `http://localhost:${port}`;
  let baseUrl: string;
  try {
    const u = new URL(baseUrlRaw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
    // Accept a base URL given with or without the /v1 suffix; store it without.
    baseUrl = u.toString().replace(/\/+$/, '').replace(/\/v1$/, '');
  } catch {
    throw new ConfigError('PALISADE_BASE_URL', `must be an http(s) URL, got "${baseUrlRaw}"`);
  }

  const dataDirRaw = settings.PALISADE_DATA_DIR;
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);

  const databaseUrl = settings.PALISADE_DATABASE_URL ?? `sqlite:${join(dataDir, 'palisade.db')}`;
  let databaseKind: Config['databaseKind'] = 'postgres';
  let sqlitePath: string | undefined;
  if (databaseUrl.startsWith('sqlite:')) {
    databaseKind = 'sqlite';
    const p = databaseUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!p) throw new ConfigError('PALISADE_DATABASE_URL', 'sqlite: needs a file path');
    sqlitePath = p === ':memory:' || isAbsolute(p) ? p : resolve(cwd, p);
  }

  return Object.freeze({
    port,
    host: settings.HOST,
    baseUrl,
    dataDir,
    databaseUrl,
    databaseKind,
    sqlitePath,
    redisUrl: settings.PALISADE_REDIS_URL,
    redisKeyPrefix: settings.PALISADE_REDIS_KEY_PREFIX,
    queueSchema: settings.PALISADE_QUEUE_SCHEMA,
    targetAllowlist: Object.freeze(settings.PALISADE_TARGET_ALLOWLIST),
    rateLimitPerMinute: settings.PALISADE_RATE_LIMIT_PER_MINUTE,
    maxUploadBytes: settings.PALISADE_MAX_UPLOAD_BYTES,
    workerConcurrency: settings.PALISADE_WORKER_CONCURRENCY,
    masterKey: settings.PALISADE_MASTER_KEY,
    logLevel: settings.PALISADE_LOG_LEVEL ?? (settings.NODE_ENV === 'test' ? 'silent' : 'info'),
    webhookRetryBaseMs: settings.PALISADE_WEBHOOK_RETRY_BASE_MS,
    webhookMaxAttempts: settings.PALISADE_WEBHOOK_MAX_ATTEMPTS,
    scanJobExpireSeconds: settings.PALISADE_SCAN_JOB_EXPIRE_SECONDS,
    scanMaxAttempts: settings.PALISADE_SCAN_MAX_ATTEMPTS,
  });
}
