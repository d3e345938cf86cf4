// The PDF report (spec §4.5; ADR 0004): a cover with the grade, a per-category bar chart drawn
// with vector shapes, the findings grouped by severity, and a footer with page numbers. Detail
// follows the plan exactly like the API: free shows title, severity and category; developer and
// above add description, evidence and remediation; enterprise adds HIPAA and SOC 2 mappings.
// pdfkit's standard fonts keep the text extractable and the file small (no font embedding).

import PDFDocument from 'pdfkit';
import {
  OWASP_CATEGORIES,
  OWASP_CATEGORY_NAMES,
  SEVERITIES,
  type CategoryRating,
  type Finding,
  type LetterGrade,
  type ScanResult,
  type Severity,
} from '../engine/index.js';
import { planAllows } from '../plans.js';
import type { Scan, Tier } from '../store/port.js';

export interface ReportInput {
  scan: Scan;
  result: ScanResult;
  tier: Tier;
  generatedAt: Date;
}

type Detail = 'summary' | 'full' | 'compliance';

function detailFor(tier: Tier): Detail {
  if (!planAllows(tier, 'finding-detail')) return 'summary';
  return planAllows(tier, 'hipaa-mapping') ? 'compliance' : 'full';
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER_Y = PAGE.height - 36;
/** Evidence shown per finding, and characters per snippet: a hostile target can't bloat the PDF. */
const EVIDENCE_MAX = 5;
const SNIPPET_MAX_CHARS = 300;

const COLORS = {
  ink: '#1b1f24',
  muted: '#5b6470',
  rule: '#d5dae0',
  brand: '#0f3d5e',
  track: '#eef1f4',
};

const GRADE_COLORS: Record<LetterGrade, string> = {
  A: '#1e8e3e',
  B: '#5f9e2f',
  C: '#c79100',
  D: '#d9640b',
  F: '#c5221f',
};

const SEVERITY_COLORS: Record<Severity, string> = {
  critical: '#a50e0e',
  high: '#d93025',
  medium: '#e37400',
  low: '#5f6368',
};

const RATING_COLORS: Record<CategoryRating, string> = {
  pass: '#1e8e3e',
  'low risk': '#7cb342',
  'moderate risk': '#f2a600',
  'high risk': '#e8710a',
  'critical risk': '#c5221f',
};

const SEVERITY_TITLES: Record<Severity, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

/**
 * The standard PDF fonts cover Windows-1252 only; anything else (emoji, CJK, control characters
 * a hostile target may put in a description) becomes '?', and long text is cut.
 */
function printable(text: string, maxChars = 2000): string {
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\n\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/gu, '?');
  return cleaned.length > maxChars ? `${cleaned.slice(0, maxChars - 1)}…` : cleaned;
}

function formatUtc(date: Date | null): string {
  if (!date) return 'not recorded';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

type Doc = PDFKit.PDFDocument;

function ensureSpace(doc: Doc, heightPt: number): void {
  if (doc.y + heightPt > FOOTER_Y - 24) doc.addPage();
}

function drawCover(doc: Doc, input: ReportInput): void {
  const { scan, result, tier, generatedAt } = input;
  doc.rect(0, 0, PAGE.width, 120).fill(COLORS.brand);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(26)
    .text('Palisade', PAGE.margin, 40, { width: CONTENT_WIDTH });
  doc.font('Helvetica').fontSize(12).text('MCP security scan report', PAGE.margin, 74);

  const gradeColor = GRADE_COLORS[result.letterGrade];
  const boxY = 160;
  doc.roundedRect(PAGE.margin, boxY, 150, 150, 12).fill(gradeColor);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(96)
    .text(result.letterGrade, PAGE.margin, boxY + 22, { width: 150, align: 'center' });

  const textX = PAGE.margin + 176;
  const textWidth = CONTENT_WIDTH - 176;
  doc
    .fillColor(COLORS.muted)
    .font('Helvetica')
    .fontSize(11)
    .text('Overall score', textX, boxY + 4);
  doc
    .fillColor(COLORS.ink)
    .font('Helvetica-Bold')
    .fontSize(40)
    .text(`${Math.round(result.overallScore)}`, textX, boxY + 20, { continued: true })
    .font('Helvetica')
    .fontSize(18)
    .fillColor(COLORS.muted)
    .text(' / 100');
  doc
    .fillColor(COLORS.ink)
    .font('Helvetica')
    .fontSize(11)
    .text(`Grade ${result.letterGrade}: ${gradeMeaning(result.letterGrade)}`, textX, boxY + 76, {
      width: textWidth,
    });
  drawSeverityCounts(doc, result.findings, textX, boxY + 112);

  doc.y = boxY + 180;
  const rows: [string, string][] = [
    ['Target', printable(scan.target, 300)],
    ['Scan type', scan.type === 'mcp' ? 'Live MCP server' : 'Uploaded files'],
    ['Scan id', scan.id],
    ['Scanned', formatUtc(scan.finishedAt ?? scan.startedAt)],
    ['Report generated', formatUtc(generatedAt)],
    ['Plan', tier.charAt(0).toUpperCase() + tier.slice(1)],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.fillColor(COLORS.muted).font('Helvetica').fontSize(10).text(label, PAGE.margin, y, {
      width: 110,
    });
    doc
      .fillColor(COLORS.ink)
      .font('Helvetica')
      .fontSize(10)
      .text(value, PAGE.margin + 120, y, { width: CONTENT_WIDTH - 120 });
    doc.moveDown(0.5);
  }
  doc.moveDown(1);
  drawCategoryChart(doc, result);
}

function gradeMeaning(grade: LetterGrade): string {
  switch (grade) {
    case 'A':
      return 'no significant risk found.';
    case 'B':
      return 'minor issues; review before wide use.';
    case 'C':
      return 'notable risks; fix the high findings first.';
    case 'D':
      return 'serious risks; not ready for sensitive data.';
    case 'F':
      return 'critical risk; do not connect agents to this server as it is.';
  }
}

function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}

function drawSeverityCounts(doc: Doc, findings: readonly Finding[], x: number, y: number): void {
  const counts = countBySeverity(findings);
  let cursor = x;
  for (const severity of SEVERITIES) {
    doc.circle(cursor + 5, y + 6, 5).fill(SEVERITY_COLORS[severity]);
    const label = `${counts[severity]} ${SEVERITY_TITLES[severity]}`;
    doc
      .fillColor(COLORS.ink)
      .font('Helvetica')
      .fontSize(10)
      .text(label, cursor + 14, y + 1, {
        lineBreak: false,
      });
    cursor += 14 + doc.widthOfString(label) + 16;
  }
}

function drawCategoryChart(doc: Doc, result: ScanResult): void {
  ensureSpace(doc, 40 + OWASP_CATEGORIES.length * 22);
  doc
    .fillColor(COLORS.ink)
    .font('Helvetica-Bold')
    .fontSize(14)
    .text('Score by OWASP LLM Top 10 (2025) category', PAGE.margin, doc.y);
  doc.moveDown(0.6);
  const labelWidth = 210;
  const barX = PAGE.margin + labelWidth + 8;
  const barWidth = CONTENT_WIDTH - labelWidth - 8 - 90;
  const byCategory = new Map(result.categoryScores.map((c) => [c.category, c]));
  for (const category of OWASP_CATEGORIES) {
    const y = doc.y;
    const entry = byCategory.get(category);
    const score = entry ? Math.max(0, Math.min(100, entry.score)) : 100;
    const rating: CategoryRating = entry?.rating ?? 'pass';
    doc
      .fillColor(COLORS.ink)
      .font('Helvetica')
      .fontSize(9)
      .text(`${category} ${OWASP_CATEGORY_NAMES[category]}`, PAGE.margin, y + 2, {
        width: labelWidth,
        lineBreak: false,
        ellipsis: true,
      });
    doc.rect(barX, y, barWidth, 12).fill(COLORS.track);
    if (score > 0) doc.rect(barX, y, (barWidth * score) / 100, 12).fill(RATING_COLORS[rating]);
    doc
      .fillColor(COLORS.muted)
      .font('Helvetica')
      .fontSize(9)
      .text(`${Math.round(score)}  ${rating}`, barX + barWidth + 8, y + 2, {
        width: 82,
        lineBreak: false,
      });
    doc.y = y + 20;
  }
}

function drawFindings(doc: Doc, result: ScanResult, detail: Detail): void {
  doc.addPage();
  doc
    .fillColor(COLORS.ink)
    .font('Helvetica-Bold')
    .fontSize(18)
    .text('Findings', PAGE.margin, PAGE.margin);
  doc.moveDown(0.3);
  if (result.findings.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(COLORS.muted)
      .text('No findings: every rule passed for this target.');
    return;
  }
  if (detail === 'summary') {
    doc
      .font('Helvetica-Oblique')
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text(
        "This report shows each finding's title, severity and category. Upgrade to the Developer " +
          'plan or above for descriptions, evidence and remediation steps.',
        { width: CONTENT_WIDTH },
      );
    doc.moveDown(0.5);
  }
  for (const severity of SEVERITIES) {
    const group = result.findings.filter((f) => f.severity === severity);
    if (group.length === 0) continue;
    ensureSpace(doc, 70);
    doc.moveDown(0.6);
    const y = doc.y;
    doc.rect(PAGE.margin, y, 4, 16).fill(SEVERITY_COLORS[severity]);
    doc
      .fillColor(COLORS.ink)
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(`${SEVERITY_TITLES[severity]} (${group.length})`, PAGE.margin + 12, y + 2);
    doc.moveDown(0.4);
    group.forEach((finding, i) => drawFinding(doc, finding, i + 1, detail));
  }
}

function labelled(doc: Doc, label: string, text: string): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(label, PAGE.margin + 12, doc.y, { width: CONTENT_WIDTH - 12 });
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(COLORS.ink)
    .text(text, PAGE.margin + 12, doc.y, { width: CONTENT_WIDTH - 12 });
  doc.moveDown(0.3);
}

function drawFinding(doc: Doc, finding: Finding, index: number, detail: Detail): void {
  ensureSpace(doc, detail === 'summary' ? 40 : 110);
  doc.moveDown(0.3);
  doc
    .fillColor(COLORS.ink)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`${index}. ${printable(finding.title, 200)}`, PAGE.margin + 12, doc.y, {
      width: CONTENT_WIDTH - 12,
    });
  const meta = [
    `${SEVERITY_TITLES[finding.severity]} severity`,
    `${finding.owasp} ${OWASP_CATEGORY_NAMES[finding.owasp]}`,
    finding.owaspMcp,
    finding.cwe,
    `rule ${finding.ruleId}`,
    finding.file ? `file ${printable(finding.file, 120)}` : undefined,
  ]
    .filter(Boolean)
    .join('  ·  ');
  doc
    .fillColor(COLORS.muted)
    .font('Helvetica')
    .fontSize(9)
    .text(meta, PAGE.margin + 12, doc.y, { width: CONTENT_WIDTH - 12 });
  doc.moveDown(0.3);

  if (detail !== 'summary') {
    labelled(doc, 'Description', printable(finding.description));
    if (finding.evidence.length > 0) {
      const shown = finding.evidence.slice(0, EVIDENCE_MAX);
      const lines = shown.map(
        (e) => `${printable(e.location, 200)}: ${printable(e.snippet, SNIPPET_MAX_CHARS)}`,
      );
      if (finding.evidence.length > shown.length) {
        lines.push(`… and ${finding.evidence.length - shown.length} more`);
      }
      labelled(doc, 'Evidence', lines.join('\n'));
    }
    labelled(doc, 'Remediation', printable(finding.remediation));
  }
  if (detail === 'compliance') {
    labelled(doc, 'HIPAA', finding.hipaa.length ? finding.hipaa.join('\n') : 'No mapping');
    labelled(doc, 'SOC 2', finding.soc2.length ? finding.soc2.join('\n') : 'No mapping');
  }
  const y = doc.y + 2;
  doc
    .moveTo(PAGE.margin + 12, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.y = y + 4;
}

function drawFooters(doc: Doc, scan: Scan): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fillColor(COLORS.muted)
      .font('Helvetica')
      .fontSize(8)
      .text(`Palisade security report · scan ${scan.id} · confidential`, PAGE.margin, FOOTER_Y, {
        width: CONTENT_WIDTH,
        align: 'left',
        lineBreak: false,
      })
      .text(`Page ${i - range.start + 1} of ${range.count}`, PAGE.margin, FOOTER_Y, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

export function renderReportPdf(input: ReportInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: {
      Title: `Palisade security report: ${printable(input.scan.target, 200)}`,
      Author: 'Palisade',
      Subject: `Scan ${input.scan.id}`,
      CreationDate: input.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawCover(doc, input);
  drawFindings(doc, input.result, detailFor(input.tier));
  drawFooters(doc, input.scan);
  doc.end();
  return done;
}
