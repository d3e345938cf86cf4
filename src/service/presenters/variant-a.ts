// Variant A of the spec: status `completed`, `finding_id: FND-<n>`, upper-case severity, evidence
// as an array of strings, compliance mappings as arrays (empty when none), `findings_count`,
// `category_scores` on paid plans and one top-level `upgrade_message` on the free plan.

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

export interface FindingViewA {
  finding_id: string;
  title: string;
  severity: string;
  owasp_category: string;
  description?: string;
  remediation?: string;
  evidence?: string[];
  /** `evidence` with exact places: pointer, file, line, column (additive). */
  evidence_details?: EvidenceView[];
  hipaa_mapping?: string[];
  soc2_mapping: string[];
  rule_id: string;
  cwe?: string;
  owasp_mcp?: string;
  file?: string;
}

export interface ScanViewA {
  scan_id: string;
  status: 'completed';
  overall_score: number;
  letter_grade: string;
  findings_count: number;
  findings: FindingViewA[];
  category_scores?: { category: string; score: number; rating: string }[];
  upgrade_message?: string;
  /** The account's previous completed scan of the same URL, compared with this one. */
  previous_scan_id?: string;
  /** Scans of servers: what the tools can do. */
  capabilities?: CapabilitiesView;
  /** What the scan saw and what it could not analyse (every plan). */
  coverage?: CoverageView;
}

export function upgradeMessageA(upgradeUrl: string): string {
  return (
    'Descriptions, evidence and remediation for each finding are available on the Developer plan ' +
    `and above. Upgrade at ${upgradeUrl}`
  );
}

function presentFindingA(finding: Finding, index: number, ctx: PresentContext): FindingViewA {
  const view: FindingViewA = {
    finding_id: `FND-${index + 1}`,
    title: finding.title,
    severity: finding.severity.toUpperCase(),
    owasp_category: finding.owasp,
    soc2_mapping: finding.soc2,
    rule_id: finding.ruleId,
  };
  if (planAllows(ctx.tier, 'finding-detail')) {
    view.description = finding.description;
    view.remediation = finding.remediation;
    view.evidence = finding.evidence.map(evidenceLine);
    view.evidence_details = finding.evidence.map(presentEvidence);
  }
  if (planAllows(ctx.tier, 'hipaa-mapping')) view.hipaa_mapping = finding.hipaa;
  if (finding.cwe !== undefined) view.cwe = finding.cwe;
  if (finding.owaspMcp !== undefined) view.owasp_mcp = finding.owaspMcp;
  if (finding.file !== undefined) view.file = finding.file;
  return view;
}

export function presentCompleteA(scan: Scan, result: ScanResult, ctx: PresentContext): ScanViewA {
  const view: ScanViewA = {
    scan_id: scan.id,
    status: 'completed',
    overall_score: result.overallScore,
    letter_grade: result.letterGrade,
    findings_count: result.findings.length,
    findings: result.findings.map((finding, i) => presentFindingA(finding, i, ctx)),
  };
  if (result.previousScanId) view.previous_scan_id = result.previousScanId;
  if (result.capabilities) view.capabilities = presentCapabilities(result.capabilities);
  if (result.coverage) view.coverage = presentCoverage(result.coverage);
  if (!planAllows(ctx.tier, 'finding-detail')) {
    view.upgrade_message = upgradeMessageA(ctx.upgradeUrl);
  } else {
    view.category_scores = result.categoryScores.map((c) => ({
      category: c.category,
      score: c.score,
      rating: c.rating,
    }));
  }
  return view;
}
