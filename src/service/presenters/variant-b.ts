// Variant B of the spec: status `complete`, `id: <PREFIX>-<n>`, lower-case severity, `confidence`,
// `monitor_candidate`, evidence as one string, `hipaa_mapping` only on enterprise (null when none)
// and a per-finding `upgrade_message` on the free plan.

import type { Finding, ScanResult } from '../../engine/types.js';
import { planAllows } from '../../plans.js';
import type { Scan } from '../../store/port.js';
import {
  evidenceLine,
  presentCapabilities,
  presentEvidence,
  type EvidenceView,
  presentCoverage,
  type CapabilitiesView,
  type CoverageView,
  type PresentContext,
} from './common.js';

export interface FindingViewB {
  id: string;
  title: string;
  severity: string;
  owasp_category: string;
  confidence: string;
  description?: string;
  remediation?: string;
  evidence?: string;
  /** One entry per line of `evidence`, with exact places: pointer, file, line, column. */
  evidence_details?: EvidenceView[];
  hipaa_mapping?: string[] | null;
  monitor_candidate: boolean;
  upgrade_message?: string;
  rule_id: string;
  cwe?: string;
  owasp_mcp?: string;
  file?: string;
}

export interface ScanViewB {
  scan_id: string;
  status: 'complete';
  overall_score: number;
  letter_grade: string;
  findings: FindingViewB[];
  /** The account's previous completed scan of the same URL, compared with this one. */
  previous_scan_id?: string;
  /** Scans of servers: what the tools can do. */
  capabilities?: CapabilitiesView;
  /** What the scan saw and what it could not analyse (every plan). */
  coverage?: CoverageView;
}

export function upgradeMessageB(upgradeUrl: string): string {
  return `Upgrade to the Developer plan to see this finding's description, evidence and remediation: ${upgradeUrl}`;
}

function presentFindingB(
  finding: Finding,
  id: string,
  ctx: PresentContext,
  upgradeMessage: string | undefined,
): FindingViewB {
  const view: FindingViewB = {
    id,
    title: finding.title,
    severity: finding.severity,
    owasp_category: finding.owasp,
    confidence: finding.confidence,
    monitor_candidate: finding.monitorCandidate,
    rule_id: finding.ruleId,
  };
  if (upgradeMessage === undefined) {
    view.description = finding.description;
    view.remediation = finding.remediation;
    view.evidence = finding.evidence.map(evidenceLine).join('\n');
    view.evidence_details = finding.evidence.map(presentEvidence);
  } else {
    view.upgrade_message = upgradeMessage;
  }
  if (planAllows(ctx.tier, 'hipaa-mapping')) {
    view.hipaa_mapping = finding.hipaa.length > 0 ? finding.hipaa : null;
  }
  if (finding.cwe !== undefined) view.cwe = finding.cwe;
  if (finding.owaspMcp !== undefined) view.owasp_mcp = finding.owaspMcp;
  if (finding.file !== undefined) view.file = finding.file;
  return view;
}

/** `<PREFIX>-<n>`, numbered per prefix in stored order, so ids are stable within a scan. */
function findingIdsB(findings: readonly Finding[]): string[] {
  const counters = new Map<string, number>();
  return findings.map((finding) => {
    const n = (counters.get(finding.idPrefix) ?? 0) + 1;
    counters.set(finding.idPrefix, n);
    return `${finding.idPrefix}-${n}`;
  });
}

export function presentCompleteB(scan: Scan, result: ScanResult, ctx: PresentContext): ScanViewB {
  const ids = findingIdsB(result.findings);
  const upgradeMessage = !planAllows(ctx.tier, 'finding-detail')
    ? upgradeMessageB(ctx.upgradeUrl)
    : undefined;
  return {
    scan_id: scan.id,
    status: 'complete',
    overall_score: result.overallScore,
    letter_grade: result.letterGrade,
    findings: result.findings.map((finding, i) =>
      presentFindingB(finding, ids[i] ?? `${finding.idPrefix}-${i + 1}`, ctx, upgradeMessage),
    ),
    ...(result.previousScanId ? { previous_scan_id: result.previousScanId } : {}),
    ...(result.capabilities ? { capabilities: presentCapabilities(result.capabilities) } : {}),
    ...(result.coverage ? { coverage: presentCoverage(result.coverage) } : {}),
  };
}
