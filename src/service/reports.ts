// PDF reports: a link with an unguessable token, valid 24 hours; the PDF is rendered on download
// from the stored result, so nothing large is kept and the link can be regenerated at will.

import { randomBytes } from 'node:crypto';
import type { Account, Report } from '../store/port.js';
import type { ServiceDeps } from './deps.js';
import { AppError } from './errors.js';
import { requireFeature } from './plan-gate.js';
import { getScan } from './scans.js';

export const REPORT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export async function createReport(
  deps: ServiceDeps,
  account: Account,
  scanId: string,
): Promise<Report> {
  requireFeature(account, 'reports');
  const { scan } = await getScan(deps, account, scanId);
  if (scan.status !== 'complete') {
    throw new AppError('scan_not_complete', {
      message: `The scan is ${scan.status}; a report can be generated once it is complete.`,
    });
  }
  const createdAt = deps.clock();
  return deps.store.reports.create({
    // 256 random bits: the link itself is the credential.
    token: randomBytes(32).toString('base64url'),
    scanId: scan.id,
    accountId: account.id,
    tier: account.tier,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + REPORT_LIFETIME_MS),
  });
}

export function reportUrl(deps: ServiceDeps, report: Report): string {
  return `${deps.config.baseUrl}/v1/reports/${report.token}.pdf`;
}

/**
 * Public download: the token is the credential. Unknown → 404; past its lifetime → 410. Returns
 * the PDF and the name to save it under, `palisade-<target>-<date>.pdf`.
 */
export async function renderReport(
  deps: ServiceDeps,
  fileName: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const token = fileName.endsWith('.pdf') ? fileName.slice(0, -'.pdf'.length) : fileName;
  const notFound = new AppError('not_found', { message: 'Report not found.' });
  if (!TOKEN_RE.test(token)) throw notFound;
  const report = await deps.store.reports.get(token);
  if (report === undefined) throw notFound;
  if (report.expiresAt.getTime() <= deps.clock().getTime()) throw new AppError('report_expired');
  const [scan, account] = await Promise.all([
    deps.store.scans.get(report.scanId),
    deps.store.accounts.findById(report.accountId),
  ]);
  if (scan?.result == null || account === undefined) throw notFound;
  // PDF rendering (pdfkit and its fonts) loads with the first report, not at start.
  const { renderReportPdf, reportFileName } = await import('../reports/index.js');
  const pdf = await renderReportPdf({
    scan,
    result: scan.result,
    tier: report.tier ?? account.tier,
    generatedAt: report.createdAt,
  });
  return { pdf, fileName: reportFileName(scan) };
}
