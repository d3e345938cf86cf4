// Account administration shared by the admin CLI and first start: keys are generated here, and
// only their hash, hint and encrypted copy are stored.

import { apiKeyHint, encryptSecret, generateApiKey, hashApiKey } from '../security/index.js';
import { StoreConflictError } from '../store/errors.js';
import type { Account, Store, Tier } from '../store/port.js';

export interface AccountDeps {
  store: Store;
  masterKey: Buffer;
  clock: () => Date;
  newId: () => string;
}

export const ADMIN_EMAIL = 'admin@localhost';

function keyFields(
  apiKey: string,
  masterKey: Buffer,
): Pick<Account, 'apiKeyHash' | 'apiKeyCiphertext' | 'apiKeyHint'> {
  return {
    apiKeyHash: hashApiKey(apiKey),
    apiKeyCiphertext: encryptSecret(apiKey, masterKey),
    apiKeyHint: apiKeyHint(apiKey),
  };
}

/** Creates an account and returns it with its key (the only time the key is known in clear). */
export async function createAccount(
  deps: AccountDeps,
  input: { email: string; tier: Tier },
): Promise<{ account: Account; apiKey: string }> {
  const apiKey = generateApiKey();
  const account = await deps.store.accounts.create({
    id: deps.newId(),
    email: input.email,
    tier: input.tier,
    variant: null,
    webhookUrl: null,
    createdAt: deps.clock(),
    ...keyFields(apiKey, deps.masterKey),
  });
  return { account, apiKey };
}

/**
 * Issues a new key; the old one stops working at once (its hash is no longer stored), and every
 * console session of the account ends with it (same transaction).
 */
export async function rotateApiKey(
  deps: AccountDeps,
  accountId: string,
): Promise<{ account: Account; apiKey: string } | undefined> {
  const apiKey = generateApiKey();
  const account = await deps.store.accounts.replaceKey(
    accountId,
    keyFields(apiKey, deps.masterKey),
  );
  return account && { account, apiKey };
}

/**
 * On an empty database, creates `admin@localhost` on the developer plan and returns its key so
 * `serve` can print it once. Returns undefined when any account exists (or another process just
 * created the admin first).
 */
export async function ensureAdminAccount(deps: AccountDeps): Promise<string | undefined> {
  if ((await deps.store.accounts.count()) > 0) return undefined;
  try {
    const { apiKey } = await createAccount(deps, { email: ADMIN_EMAIL, tier: 'developer' });
    return apiKey;
  } catch (error) {
    if (error instanceof StoreConflictError) return undefined;
    throw error;
  }
}
