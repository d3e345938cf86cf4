// Report links: a token that opens one scan's PDF until it expires.

import type { Report, Store, Tier } from '../port.js';
import { iso, type RepositoryContext } from './context.js';

export function createReportsRepository({ db }: RepositoryContext): Store['reports'] {
  return {
    async create(report) {
      await db
        .insertInto('reports')
        .values({
          token: report.token,
          scan_id: report.scanId,
          account_id: report.accountId,
          tier: report.tier ?? null,
          created_at: iso(report.createdAt),
          expires_at: iso(report.expiresAt),
        })
        .execute();
      return { ...report, tier: report.tier ?? null };
    },
    async get(token) {
      const row = await db
        .selectFrom('reports')
        .selectAll()
        .where('token', '=', token)
        .executeTakeFirst();
      if (!row) return undefined;
      const report: Report = {
        token: row.token,
        scanId: row.scan_id,
        accountId: row.account_id,
        tier: row.tier as Tier | null,
        createdAt: new Date(row.created_at),
        expiresAt: new Date(row.expires_at),
      };
      return report;
    },
  };
}
