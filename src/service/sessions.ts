// Console sign-in (docs/console.md): the API key is checked once, then the browser holds a random
// session token in an HttpOnly cookie. The database keeps only the token's SHA-256 and the account
// id (never the key), so sessions survive a restart and a stolen database cannot replay them.
// Rotating the key deletes every session of the account (store.accounts.replaceKey).

import { createHash, randomBytes } from 'node:crypto';
import type { Account } from '../store/port.js';
import type { ServiceDeps } from './deps.js';
import { AppError } from './errors.js';
import { findAccountByKey } from './plugins/auth.js';

/** A session lasts this long from sign-in, whatever the activity. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export const sessionTokenHash = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
const hashToken = sessionTokenHash;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export interface NewSession {
  /** The cookie value: shown to the browser only. */
  token: string;
  account: Account;
  expiresAt: Date;
}

async function openSession(deps: ServiceDeps, account: Account): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await deps.store.sessions.create({
    tokenHash: hashToken(token),
    accountId: account.id,
    createdAt: now,
    expiresAt,
  });
  // Expired rows are removed as new ones arrive: the table stays the size of the live sessions.
  await deps.store.sessions.deleteExpired(now);
  return { token, account, expiresAt };
}

/** Signs in with an API key; a wrong, malformed or revoked key is `unauthorized`. */
export async function signIn(deps: ServiceDeps, apiKey: string): Promise<NewSession> {
  const account = await findAccountByKey(deps, apiKey.trim());
  if (account === undefined) {
    throw new AppError('unauthorized', {
      message: 'This API key is not valid. Check it, or ask for a new one if it was rotated.',
    });
  }
  return openSession(deps, account);
}

/** A new session for an account that just proved itself another way (right after rotation). */
export function reopenSession(deps: ServiceDeps, account: Account): Promise<NewSession> {
  return openSession(deps, account);
}

/** The signed-in account of a cookie token, or undefined (no, unknown or expired session). */
export async function accountOfSession(
  deps: ServiceDeps,
  token: string | undefined,
): Promise<{ account: Account; tokenHash: string } | undefined> {
  if (token === undefined || !TOKEN_RE.test(token)) return undefined;
  const tokenHash = hashToken(token);
  const session = await deps.store.sessions.find(tokenHash, deps.clock());
  if (session === undefined) return undefined;
  const account = await deps.store.accounts.findById(session.accountId);
  return account && { account, tokenHash };
}

export async function signOut(deps: ServiceDeps, token: string | undefined): Promise<void> {
  if (token === undefined || !TOKEN_RE.test(token)) return;
  await deps.store.sessions.delete(hashToken(token));
}
