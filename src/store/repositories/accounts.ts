// Accounts: who may call the API, with which plan, key and webhook.

import { CompiledQuery, type Selectable } from 'kysely';
import { isUniqueViolation, StoreConflictError } from '../errors.js';
import type { Account, Store, Tier, Variant } from '../port.js';
import type { AccountsTable } from '../schema.js';
import { iso, type RepositoryContext } from './context.js';

export interface AccountsRepositoryOptions {
  /**
   * A synchronous way to run one compiled read (SQL, parameters) → first row, on a connection of
   * its own that sees only committed data (SQLite: a second, read-only connection). Used for the
   * API-key lookup behind every request, where Kysely's connection mutex costs more than the query.
   */
  readFirstRow?: (sql: string, parameters: readonly unknown[]) => unknown;
}

function toAccount(row: Selectable<AccountsTable>): Account {
  return {
    id: row.id,
    email: row.email,
    tier: row.tier as Tier,
    variant: row.variant as Variant | null,
    apiKeyHash: row.api_key_hash,
    apiKeyCiphertext: row.api_key_ciphertext,
    apiKeyHint: row.api_key_hint,
    webhookUrl: row.webhook_url,
    createdAt: new Date(row.created_at),
  };
}

export function createAccountsRepository(
  { db, writeTransaction }: RepositoryContext,
  options: AccountsRepositoryOptions = {},
): Store['accounts'] {
  const findByKeyHashSql = db
    .selectFrom('accounts')
    .selectAll()
    .where('api_key_hash', '=', '')
    .compile().sql;

  const accounts: Store['accounts'] = {
    async create(account) {
      try {
        const row = await db
          .insertInto('accounts')
          .values({
            id: account.id,
            email: account.email,
            tier: account.tier,
            variant: account.variant,
            api_key_hash: account.apiKeyHash,
            api_key_ciphertext: account.apiKeyCiphertext,
            api_key_hint: account.apiKeyHint,
            webhook_url: account.webhookUrl,
            created_at: iso(account.createdAt),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toAccount(row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const sameEmail = await accounts.findByEmail(account.email);
        if (sameEmail) {
          throw new StoreConflictError('email', `An account with email ${account.email} exists.`);
        }
        throw new StoreConflictError('account', 'An account with this id or key already exists.');
      }
    },
    async findById(id) {
      const row = await db
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toAccount(row);
    },
    async findByEmail(email) {
      const row = await db
        .selectFrom('accounts')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      return row && toAccount(row);
    },
    async findByKeyHash(apiKeyHash) {
      // Every authenticated request runs this: the SQL is compiled once (in the dialect's own
      // placeholder syntax) and only the parameter changes, skipping the query builder.
      if (options.readFirstRow) {
        const row = options.readFirstRow(findByKeyHashSql, [apiKeyHash]) as
          Selectable<AccountsTable> | undefined;
        return row && toAccount(row);
      }
      const { rows } = await db.executeQuery<Selectable<AccountsTable>>(
        CompiledQuery.raw(findByKeyHashSql, [apiKeyHash]),
      );
      const row = rows[0];
      return row && toAccount(row);
    },
    async count() {
      const row = await db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async update(id, patch) {
      const set: Partial<AccountsTable> = {};
      if (patch.tier !== undefined) set.tier = patch.tier;
      if (patch.variant !== undefined) set.variant = patch.variant;
      if (patch.webhookUrl !== undefined) set.webhook_url = patch.webhookUrl;
      if (patch.apiKeyHash !== undefined) set.api_key_hash = patch.apiKeyHash;
      if (patch.apiKeyCiphertext !== undefined) set.api_key_ciphertext = patch.apiKeyCiphertext;
      if (patch.apiKeyHint !== undefined) set.api_key_hint = patch.apiKeyHint;
      if (Object.keys(set).length === 0) return accounts.findById(id);
      const row = await db
        .updateTable('accounts')
        .set(set)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toAccount(row);
    },
    async replaceKey(id, key) {
      return writeTransaction(async (tx) => {
        const row = await tx
          .updateTable('accounts')
          .set({
            api_key_hash: key.apiKeyHash,
            api_key_ciphertext: key.apiKeyCiphertext,
            api_key_hint: key.apiKeyHint,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        await tx.deleteFrom('console_sessions').where('account_id', '=', id).execute();
        return toAccount(row);
      });
    },
  };
  return accounts;
}
