// What the admin commands share: settings from the CLI context, the store with its schema
// ensured, and the master key. Lighter than a full runtime: no queue is started, so an admin
// command never consumes jobs or opens pg-boss connections.

import { ConfigError, loadConfig, type Config } from '../config.js';
import type { AccountDeps } from '../jobs/accounts.js';
import type { CliContext } from './context.js';

/** A failure the user can fix; printed as one line, exit code 1. */
export class AdminError extends Error {
  override name = 'AdminError';
}

export interface AdminContext extends AccountDeps {
  config: Readonly<Config>;
  close(): Promise<void>;
}

export async function openAdminContext(ctx: CliContext): Promise<AdminContext> {
  let config: Readonly<Config>;
  try {
    config = loadConfig(ctx.env, ctx.cwd);
  } catch (error) {
    if (error instanceof ConfigError) throw new AdminError(`invalid setting ${error.message}`);
    throw error;
  }
  // The key handling (node:crypto, node:zlib) and the store (Kysely, SQLite, pg) load here, not
  // when `palisade` starts.
  const { loadMasterKey } = await import('../security/index.js');
  const { uuidV7 } = await import('../store/uuid-v7.js');
  const masterKey = loadMasterKey(config);
  const { createStore } = await import('../store/index.js');
  const store = await createStore(config);
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  return {
    config,
    store,
    masterKey,
    clock: () => new Date(),
    newId: () => uuidV7(),
    close: () => store.close(),
  };
}

/** Runs an admin action with an open context; user errors become one line and exit code 1. */
export async function withAdminContext(
  ctx: CliContext,
  action: (admin: AdminContext) => Promise<void>,
): Promise<void> {
  let admin: AdminContext | undefined;
  try {
    admin = await openAdminContext(ctx);
    await action(admin);
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    ctx.stderr(`palisade: ${error.message}\n`);
    ctx.exitCode = 1;
  } finally {
    await admin?.close();
  }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;

/** Emails are compared case-insensitively: stored lower-cased and trimmed. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL_RE.test(email) || email.length > 254) {
    throw new AdminError(`"${raw}" is not an email address`);
  }
  return email;
}
