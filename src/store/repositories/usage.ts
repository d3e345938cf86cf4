// Monthly usage: scans counted per account and period (the debit itself is part of creating a
// scan, in scans.ts, so that both happen in one transaction).

import type { Store } from '../port.js';
import type { RepositoryContext } from './context.js';

export function createUsageRepository({ db }: RepositoryContext): Store['usage'] {
  return {
    async used(accountId, period) {
      const row = await db
        .selectFrom('usage')
        .select('used')
        .where('account_id', '=', accountId)
        .where('period', '=', period)
        .executeTakeFirst();
      return Number(row?.used ?? 0);
    },
  };
}
