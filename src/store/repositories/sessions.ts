// Console sessions: a cookie's token hash, its account and its expiry.

import type { Store } from '../port.js';
import { iso, type RepositoryContext } from './context.js';

export function createSessionsRepository({ db }: RepositoryContext): Store['sessions'] {
  return {
    async create(session) {
      await db
        .insertInto('console_sessions')
        .values({
          token_hash: session.tokenHash,
          account_id: session.accountId,
          created_at: iso(session.createdAt),
          expires_at: iso(session.expiresAt),
        })
        .execute();
    },
    async find(tokenHash, now) {
      const row = await db
        .selectFrom('console_sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', iso(now))
        .executeTakeFirst();
      return (
        row && {
          tokenHash: row.token_hash,
          accountId: row.account_id,
          createdAt: new Date(row.created_at),
          expiresAt: new Date(row.expires_at),
        }
      );
    },
    async delete(tokenHash) {
      await db.deleteFrom('console_sessions').where('token_hash', '=', tokenHash).execute();
    },
    async deleteExpired(now) {
      const result = await db
        .deleteFrom('console_sessions')
        .where('expires_at', '<=', iso(now))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
