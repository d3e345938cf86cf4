// What both variants share: the shapes of unfinished scans, history entries and the submission
// answer. Presenters build new objects field by field, so nothing internal can leak through them.

import type { Evidence } from '../../engine/types.js';
export { presentEvidence, type EvidenceView } from '../../engine/light.js';
import type { Scan, ScanStatus, Tier, Variant } from '../../store/port.js';

export interface PresentContext {
  tier: Tier;
  variant: Variant;
  /** Where a free account can upgrade (in upgrade messages). */
  upgradeUrl: string;
}

/** Variant A spells `complete` as `completed`. */
export function statusFor(status: ScanStatus, variant: Variant): string {
  return status === 'complete' && variant === 'A' ? 'completed' : status;
}

export function evidenceLine(evidence: Evidence): string {
  return evidence.location ? `${evidence.location}: ${evidence.snippet}` : evidence.snippet;
}

export interface UnfinishedView {
  scan_id: string;
  status: string;
  position?: number;
  progress?: string;
  error?: string;
}

export function presentUnfinished(scan: Scan, position: number | undefined): UnfinishedView {
  switch (scan.status) {
    case 'queued':
      return { scan_id: scan.id, status: 'queued', position: position ?? 1 };
    case 'running':
      return {
        scan_id: scan.id,
        status: 'running',
        progress: scan.progress ?? 'Starting the scan.',
      };
    case 'failed':
      return {
        scan_id: scan.id,
        status: 'failed',
        error: scan.error ?? 'The scan failed.',
      };
    case 'complete':
      throw new Error('presentUnfinished called on a complete scan');
  }
}

/**
 * What was scanned, safe to show: an MCP URL without user name, password, fragment or query values
 * (a token in the query stays out of lists and pages), or the uploaded file names.
 */
export function displayTarget(scan: Pick<Scan, 'type' | 'target'>): string {
  if (scan.type !== 'mcp') return scan.target;
  let url: URL;
  try {
    url = new URL(scan.target);
  } catch {
    return scan.target;
  }
  url.username = '';
  url.password = '';
  url.hash = '';
  const names = [...url.searchParams.keys()];
  url.search = '';
  const query = names.map((name) => `${encodeURIComponent(name)}=…`).join('&');
  return query === '' ? url.toString() : `${url.toString()}?${query}`;
}

export interface HistoryEntryView {
  scan_id: string;
  scan_type: string;
  status: string;
  target: string;
  overall_score: number | null;
  letter_grade: string | null;
  finding_count: number | null;
  /** False when the finished scan could not analyse everything; null until it has finished (or
   *  for results stored before coverage existed). */
  complete: boolean | null;
  created_at: string;
  /** MCP scans compared with an earlier scan of the same URL by the same account. */
  previous_scan_id?: string;
}

export function presentHistoryEntry(scan: Scan, variant: Variant): HistoryEntryView {
  return {
    scan_id: scan.id,
    scan_type: scan.type,
    status: statusFor(scan.status, variant),
    target: displayTarget(scan),
    overall_score: scan.result?.overallScore ?? null,
    letter_grade: scan.result?.letterGrade ?? null,
    finding_count: scan.result?.findings.length ?? null,
    complete: scan.result
      ? (scan.result.coverage?.complete ?? (scan.result.skipped ?? []).length === 0)
      : null,
    created_at: scan.createdAt.toISOString(),
    ...(scan.result?.previousScanId ? { previous_scan_id: scan.result.previousScanId } : {}),
  };
}

export interface SubmissionView {
  scan_id: string;
  status: 'queued';
  estimated_seconds?: number;
  files_accepted?: string[];
}

/**
 * Variant A documents only scan_id and status for MCP submissions; variant B adds
 * estimated_seconds. Uploads carry files_accepted and estimated_seconds in both.
 */
export function presentSubmission(
  scan: Scan,
  variant: Variant,
  estimatedSeconds: number,
  filesAccepted?: string[],
): SubmissionView {
  if (filesAccepted !== undefined) {
    return {
      scan_id: scan.id,
      status: 'queued',
      files_accepted: filesAccepted,
      estimated_seconds: estimatedSeconds,
    };
  }
  if (variant === 'A') return { scan_id: scan.id, status: 'queued' };
  return { scan_id: scan.id, status: 'queued', estimated_seconds: estimatedSeconds };
}

export { presentCapabilities, type CapabilitiesView } from '../../engine/light.js';
export { presentCoverage, type CoverageView } from '../../engine/light.js';
