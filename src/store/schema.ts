// Row shapes as the database holds them. Both dialects store the same types: text for ids, dates
// (ISO 8601 UTC, fixed width, so text order is time order) and JSON; integer for counters; binary
// (blob / bytea) only for uploaded file bytes.

import type { Generated } from 'kysely';

export interface AccountsTable {
  id: string;
  email: string;
  tier: string;
  variant: string | null;
  api_key_hash: string;
  api_key_ciphertext: string;
  api_key_hint: string;
  webhook_url: string | null;
  created_at: string;
}

export interface ScansTable {
  id: string;
  account_id: string;
  type: string;
  status: string;
  target: string;
  /** JSON of ScanInput. */
  input: string;
  progress: string | null;
  /** JSON of ScanResult. */
  result: string | null;
  error: string | null;
  idempotency_key: string | null;
  attempts: Generated<number>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface ScanFilesTable {
  scan_id: string;
  seq: number;
  path: string;
  bytes: Uint8Array;
}

export interface UsageTable {
  account_id: string;
  /** `YYYY-MM` (UTC). */
  period: string;
  used: number;
}

export interface ReportsTable {
  token: string;
  scan_id: string;
  account_id: string;
  tier: string | null;
  created_at: string;
  expires_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  account_id: string;
  scan_id: string;
  event_id: string;
  url: string;
  body: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface ConsoleSessionsTable {
  /** SHA-256 hex of the cookie token. */
  token_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
}

export interface WebhookTestEventsTable {
  id: string;
  account_id: string;
  url: string;
  at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface Database {
  accounts: AccountsTable;
  scans: ScansTable;
  scan_files: ScanFilesTable;
  usage: UsageTable;
  reports: ReportsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  console_sessions: ConsoleSessionsTable;
  webhook_test_events: WebhookTestEventsTable;
}
