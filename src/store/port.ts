// The storage port: what the jobs and the service need from a database, and nothing about how.
// Adapters: Kysely over SQLite (better-sqlite3, the embedded default) and over PostgreSQL (pg).
// Not-found is `undefined`; the caller decides what that means (a 404, usually).

import type { ScanResult } from '../engine/types.js';

export const TIERS = ['free', 'developer', 'pro', 'team', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const VARIANTS = ['A', 'B'] as const;
export type Variant = (typeof VARIANTS)[number];

export const SCAN_STATUSES = ['queued', 'running', 'complete', 'failed'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

export type ScanType = 'mcp' | 'upload';

export interface Account {
  id: string;
  email: string;
  tier: Tier;
  /** Stored response-variant preference; null means the default. */
  variant: Variant | null;
  /** SHA-256 hex of the current API key: the lookup index. */
  apiKeyHash: string;
  /** The key, AES-256-GCM encrypted with the master key, for signing webhooks. */
  apiKeyCiphertext: string;
  /** Shortened form for display (`pal_abcd…wxyz`). */
  apiKeyHint: string;
  webhookUrl: string | null;
  createdAt: Date;
}

/** What a scan needs to run. Secrets inside are encrypted; file bytes live in `scan_files`. */
export type ScanInput =
  { type: 'mcp'; url: string; authTokenCiphertext?: string } | { type: 'upload'; files: string[] };

export interface Scan {
  id: string;
  accountId: string;
  type: ScanType;
  status: ScanStatus;
  /** Display form of the target: the URL (no credentials) or the accepted file names. */
  target: string;
  input: ScanInput;
  progress: string | null;
  result: ScanResult | null;
  error: string | null;
  idempotencyKey: string | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface NewScan {
  id: string;
  accountId: string;
  type: ScanType;
  target: string;
  input: ScanInput;
  idempotencyKey: string | null;
  createdAt: Date;
  /** Uploaded files, stored with the scan and deleted once it ends. */
  files?: { path: string; bytes: Uint8Array }[];
}

export type CreateScanOutcome =
  | { kind: 'created'; scan: Scan }
  /** The same Idempotency-Key was used before by this account: the first scan, nothing debited. */
  | { kind: 'replayed'; scan: Scan }
  | { kind: 'quota_exceeded'; used: number; limit: number };

export interface HistoryQuery {
  accountId: string;
  status?: ScanStatus;
  offset: number;
  limit: number;
}

export interface Report {
  token: string;
  scanId: string;
  accountId: string;
  /** The account's plan when the report was requested: it decides the detail shown. */
  tier?: Tier | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface WebhookDelivery {
  id: string;
  accountId: string;
  scanId: string;
  eventId: string;
  url: string;
  /** The exact body that is signed and sent. */
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
}

export interface WebhookAttempt {
  deliveryId: string;
  attempt: number;
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** A console sign-in (docs/console.md): found by the SHA-256 of its cookie token. */
export interface ConsoleSession {
  tokenHash: string;
  accountId: string;
  createdAt: Date;
  expiresAt: Date;
}

/** One signed test event sent from the console's webhook page, and how the receiver answered. */
export interface WebhookTestEvent {
  id: string;
  accountId: string;
  url: string;
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export type ApiKeyFields = Pick<Account, 'apiKeyHash' | 'apiKeyCiphertext' | 'apiKeyHint'>;

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Cheap liveness query for /readyz. */
  ping(): Promise<void>;

  accounts: {
    create(account: Account): Promise<Account>;
    findById(id: string): Promise<Account | undefined>;
    findByEmail(email: string): Promise<Account | undefined>;
    findByKeyHash(apiKeyHash: string): Promise<Account | undefined>;
    count(): Promise<number>;
    update(
      id: string,
      patch: Partial<
        Pick<
          Account,
          'tier' | 'variant' | 'webhookUrl' | 'apiKeyHash' | 'apiKeyCiphertext' | 'apiKeyHint'
        >
      >,
    ): Promise<Account | undefined>;
    /**
     * Replaces the API key and deletes every console session of the account, in one transaction:
     * once it commits, neither the old key nor a session opened with it is accepted.
     */
    replaceKey(id: string, key: ApiKeyFields): Promise<Account | undefined>;
  };

  sessions: {
    create(session: ConsoleSession): Promise<void>;
    /** The session if it exists and has not expired at `now`. */
    find(tokenHash: string, now: Date): Promise<ConsoleSession | undefined>;
    delete(tokenHash: string): Promise<void>;
    /** Removes expired sessions; returns how many. */
    deleteExpired(now: Date): Promise<number>;
  };

  scans: {
    /**
     * In one transaction: replay an Idempotency-Key, else check and debit the month's quota and
     * insert the scan (and its files). Exact under concurrency on both backends.
     * `enqueue`, when given, runs inside the same transaction (pg-boss sends through it).
     */
    createWithQuota(
      scan: NewScan,
      quota: { period: string; limit: number },
      enqueue?: (tx: unknown) => Promise<void>,
    ): Promise<CreateScanOutcome>;
    get(id: string): Promise<Scan | undefined>;
    /** Scoped read: another account's scan is undefined. */
    getForAccount(id: string, accountId: string): Promise<Scan | undefined>;
    list(query: HistoryQuery): Promise<{ scans: Scan[]; total: number }>;
    /** 1-based position among queued scans (oldest first), for queued scans. */
    queuePosition(id: string): Promise<number | undefined>;
    /** queued -> running; false if the scan was not queued (a job may arrive twice). */
    markRunning(id: string, at: Date): Promise<boolean>;
    setProgress(id: string, progress: string): Promise<void>;
    /** running -> complete; files deleted; false if it was not running. */
    complete(id: string, result: ScanResult, at: Date): Promise<boolean>;
    /** queued|running -> failed; files deleted; false if already ended. */
    fail(id: string, error: string, at: Date): Promise<boolean>;
    /** Scans that ended at or after `since` and have no webhook delivery (crash between the two). */
    listEndedWithoutDelivery(since: Date, limit: number): Promise<Scan[]>;
    /** Scans left queued or running (by a crash), oldest first. */
    listUnfinished(): Promise<Scan[]>;
    /** running -> queued, attempts + 1 (recovery after a restart). */
    requeue(id: string): Promise<void>;
    files(id: string): Promise<{ path: string; bytes: Uint8Array }[]>;
    /** The account's most recently finished complete scan of this type and target, other than
     *  `exceptId` (the scan being run): what a new scan of the same MCP URL is compared with. */
    latestComplete(
      accountId: string,
      type: ScanType,
      target: string,
      exceptId: string,
    ): Promise<Scan | undefined>;
    /** Durations (ms) of the most recent completed scans of a type, newest first. */
    recentDurations(type: ScanType, limit: number): Promise<number[]>;
  };

  usage: {
    used(accountId: string, period: string): Promise<number>;
  };

  reports: {
    create(report: Report): Promise<Report>;
    get(token: string): Promise<Report | undefined>;
  };

  webhooks: {
    /** Stores the scan's one delivery; undefined when the scan already has one (idempotent notify). */
    createDelivery(delivery: WebhookDelivery): Promise<WebhookDelivery | undefined>;
    getDelivery(id: string): Promise<WebhookDelivery | undefined>;
    recordAttempt(
      attempt: WebhookAttempt,
      next: Pick<WebhookDelivery, 'status' | 'attempts' | 'nextAttemptAt' | 'lastError'>,
    ): Promise<void>;
    /** Pending deliveries due at or before `now` (embedded retry loop and recovery). */
    listDue(now: Date, limit: number): Promise<WebhookDelivery[]>;
    listAttempts(deliveryId: string): Promise<WebhookAttempt[]>;
    /** The account's most recent deliveries, newest first. */
    listRecentForAccount(accountId: string, limit: number): Promise<WebhookDelivery[]>;
    recordTestEvent(event: WebhookTestEvent): Promise<void>;
    /** The account's most recent test events, newest first. */
    listTestEvents(accountId: string, limit: number): Promise<WebhookTestEvent[]>;
  };
}
