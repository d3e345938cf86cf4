// The jobs layer: what workers run (scan, webhook) and what the service and CLI call around them.
export {
  ADMIN_EMAIL,
  createAccount,
  ensureAdminAccount,
  rotateApiKey,
  type AccountDeps,
} from './accounts.js';
export {
  buildWebhookBody,
  deliverWebhook,
  notifyScanEnded,
  recoverWebhookDeliveries,
  retryDelayMs,
  WEBHOOK_USER_AGENT,
  type WebhookBody,
} from './deliver-webhook.js';
export { buildTestWebhookBody, sendTestWebhook, type TestWebhookBody } from './test-webhook.js';
export {
  estimateSeconds,
  INTERNAL_FAILURE_MESSAGE,
  INTERRUPTED_MESSAGE,
  publicFailureMessage,
  recoverUnfinishedScans,
  runScan,
} from './run-scan.js';
export type { JobDeps, ScanEngine } from './deps.js';
