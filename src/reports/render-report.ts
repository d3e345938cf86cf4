// The PDF report (spec §4.5; ADR 0004): a first page with the grade and an executive summary
// (what was scanned, the top risks in a sentence each, what to do first), a per-category bar
// chart drawn with vector shapes, what the scan covered and could not analyse, the findings
// grouped by severity, and a footer with page numbers. Detail follows the plan exactly like the
// API: free shows title, severity and category; developer and above add description, evidence
// and remediation; enterprise adds HIPAA and SOC 2 mappings. Text is set in embedded Unicode
// fonts (fonts.ts), evidence in a monospace face, and descriptions are read as markdown.

import PDFDocument from 'pdfkit';
import {
  OWASP_CATEGORIES,
  OWASP_CATEGORY_NAMES,
  SEVERITIES,
  type CategoryRating,
  type CoverageGap,
  type Finding,
  type LetterGrade,
  type ScanResult,
  type Severity,
} from '../engine/index.js';
import { planAllows } from '../plans.js';
import type { Scan, Tier } from '../store/port.js';
import { registerFonts, type FontRole } from './fonts.js';
import { firstSentence, parseMarkdown, type Span } from './markdown.js';

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
/** Coverage lines shown: files analysed and items not analysed. */
const COVERAGE_FILES_MAX = 40;
const COVERAGE_GAPS_MAX = 60;
const TOP_RISKS = 5;

const COLORS = {
  ink: '#1b1f24',
  muted: '#5b6470',
  rule: '#d5dae0',
  brand: '#0f3d5e',
  track: '#eef1f4',
  code: '#243b53',
  warn: '#b3261e',
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

// Control characters, bidi overrides and invisible format characters a hostile target may put
// in a description are shown as '?', so nothing reads differently from what it is.
const INVISIBLE_RE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/gu;

/** Cleans and cuts a text before it is drawn. */
function printable(text: string, maxChars = 2000): string {
  const cleaned = text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ').replace(INVISIBLE_RE, '?');
  const chars = Array.from(cleaned);
  return chars.length > maxChars ? `${chars.slice(0, maxChars - 1).join('')}…` : cleaned;
}

function formatUtc(date: Date | null): string {
  if (!date) return 'not recorded';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

type Doc = PDFKit.PDFDocument;
type HasGlyph = (role: FontRole, codePoint: number) => boolean;

/** A span to draw: markdown style or an explicit font, and a colour. */
interface RichSpan extends Span {
  color?: string;
}

interface Run {
  role: FontRole;
  text: string;
  color: string;
  link?: string;
}

const STYLE_ROLE: Record<Span['style'], FontRole> = {
  regular: 'sans',
  bold: 'bold',
  italic: 'italic',
  code: 'mono',
};

/**
 * Spans → runs of one font each: a character the span's face cannot draw goes to the CJK face
 * when that one can, else to DejaVu Sans, else it becomes '?'. Spaces stay in the current run.
 */
function toRuns(spans: readonly RichSpan[], has: HasGlyph, baseColor: string): Run[] {
  const runs: Run[] = [];
  for (const span of spans) {
    const base = STYLE_ROLE[span.style];
    const color = span.color ?? (span.style === 'code' ? COLORS.code : baseColor);
    for (const ch of span.text) {
      const cp = ch.codePointAt(0) ?? 0x3f;
      let role = base;
      let text = ch === '\n' ? ' ' : ch;
      const prev = runs[runs.length - 1];
      if (cp === 0x20 && prev && prev.link === span.link && prev.color === color) {
        prev.text += ' ';
        continue;
      }
      if (!has(base, cp)) {
        if (has('cjk', cp)) role = 'cjk';
        else if (base !== 'sans' && has('sans', cp)) role = 'sans';
        else text = '?';
      }
      if (prev && prev.role === role && prev.link === span.link && prev.color === color) {
        prev.text += text;
      } else runs.push({ role, text, color, ...(span.link ? { link: span.link } : {}) });
    }
  }
  return runs;
}

interface RichOptions {
  x?: number;
  width?: number;
  size?: number;
  color?: string;
  /** Space after the block, in lines. */
  after?: number;
  align?: 'left' | 'center' | 'right';
  lineBreak?: boolean;
}

/** Draws styled spans as one flowing block (pdfkit's continued text, one call per run). */
function writeRich(
  doc: Doc,
  has: HasGlyph,
  spans: readonly RichSpan[],
  options: RichOptions = {},
): void {
  const x = options.x ?? PAGE.margin;
  const width = options.width ?? PAGE.width - PAGE.margin - x;
  const size = options.size ?? 10;
  const runs = toRuns(spans, has, options.color ?? COLORS.ink).filter((r) => r.text !== '');
  if (runs.length === 0) return;
  runs.forEach((run, i) => {
    doc.font(run.role).fontSize(size).fillColor(run.color);
    const textOptions: PDFKit.Mixins.TextOptions = {
      width,
      continued: i < runs.length - 1,
      ...(options.align ? { align: options.align } : {}),
      ...(options.lineBreak === false ? { lineBreak: false } : {}),
      ...(run.link ? { link: run.link, underline: true } : { link: null, underline: false }),
    };
    if (i === 0) doc.text(run.text, x, doc.y, textOptions);
    else doc.text(run.text, textOptions);
  });
  if (options.after) doc.moveDown(options.after);
}

/** Plain text (no markdown), in one style. */
function writeText(
  doc: Doc,
  has: HasGlyph,
  text: string,
  style: Span['style'] = 'regular',
  options: RichOptions = {},
): void {
  writeRich(doc, has, [{ text, style }], options);
}

/** Markdown text: paragraphs, list items with their bullet or number, inline styles. */
function writeMarkdown(doc: Doc, has: HasGlyph, text: string, options: RichOptions = {}): void {
  const x = options.x ?? PAGE.margin;
  const width = options.width ?? PAGE.width - PAGE.margin - x;
  for (const block of parseMarkdown(printable(text))) {
    if (block.kind === 'paragraph') {
      writeRich(doc, has, block.spans, { ...options, x, width, after: 0.2 });
      continue;
    }
    const marker = block.kind === 'bullet' ? '•' : `${block.marker ?? ''}.`;
    const y = doc.y;
    doc
      .font('sans')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? COLORS.ink)
      .text(marker, x + 4, y, { width: 14, lineBreak: false });
    doc.y = y;
    writeRich(doc, has, block.spans, { ...options, x: x + 18, width: width - 18, after: 0.15 });
  }
}

function ensureSpace(doc: Doc, heightPt: number): void {
  if (doc.y + heightPt > FOOTER_Y - 24) doc.addPage();
}

function heading(doc: Doc, text: string, size = 14): void {
  ensureSpace(doc, 60);
  doc
    .fillColor(COLORS.ink)
    .font('bold')
    .fontSize(size)
    .text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
}

function isLive(scan: Scan): boolean {
  return scan.type === 'mcp';
}

function gradeMeaning(grade: LetterGrade, live: boolean): string {
  switch (grade) {
    case 'A':
      return 'no significant risk found in what was analysed.';
    case 'B':
      return live
        ? 'minor issues; review before wide use.'
        : 'minor issues; review before you deploy these files.';
    case 'C':
      return 'notable risks; fix the high findings first.';
    case 'D':
      return live
        ? 'serious risks; not ready for sensitive data.'
        : 'serious risks; do not deploy these files with sensitive data.';
    case 'F':
      return live
        ? 'critical risk; do not connect agents to this server as it is.'
        : 'critical risk; do not deploy or publish these files as they are.';
  }
}

function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}

function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** What the scan could not analyse: coverage's gaps, else the file scan's skipped list. */
function gapsOf(result: ScanResult): CoverageGap[] {
  if (result.coverage) return result.coverage.gaps;
  return (result.skipped ?? []).map((s) => ({ subject: s.path, reason: s.reason }));
}

function isIncomplete(result: ScanResult): boolean {
  return result.coverage ? !result.coverage.complete || result.coverage.gaps.length > 0 : false;
}

function drawCover(doc: Doc, has: HasGlyph, input: ReportInput): void {
  const { scan, result, tier, generatedAt } = input;
  const live = isLive(scan);
  doc.rect(0, 0, PAGE.width, 110).fill(COLORS.brand);
  doc
    .fillColor('#ffffff')
    .font('bold')
    .fontSize(26)
    .text('Palisade', PAGE.margin, 34, { width: CONTENT_WIDTH });
  doc
    .font('sans')
    .fontSize(12)
    .text(live ? 'MCP server security report' : 'MCP file scan security report', PAGE.margin, 68);

  const gradeColor = GRADE_COLORS[result.letterGrade];
  const boxY = 140;
  doc.roundedRect(PAGE.margin, boxY, 130, 130, 12).fill(gradeColor);
  doc
    .fillColor('#ffffff')
    .font('bold')
    .fontSize(84)
    .text(result.letterGrade, PAGE.margin, boxY + 18, { width: 130, align: 'center' });

  const textX = PAGE.margin + 156;
  const textWidth = CONTENT_WIDTH - 156;
  doc
    .fillColor(COLORS.muted)
    .font('sans')
    .fontSize(11)
    .text('Overall score', textX, boxY + 2);
  doc
    .fillColor(COLORS.ink)
    .font('bold')
    .fontSize(36)
    .text(`${Math.round(result.overallScore)}`, textX, boxY + 18, { continued: true })
    .font('sans')
    .fontSize(16)
    .fillColor(COLORS.muted)
    .text(' / 100');
  doc.y = boxY + 66;
  writeText(
    doc,
    has,
    `Grade ${result.letterGrade}: ${gradeMeaning(result.letterGrade, live)}`,
    'regular',
    {
      x: textX,
      width: textWidth,
      size: 11,
    },
  );
  if (isIncomplete(result)) {
    writeText(
      doc,
      has,
      `Incomplete scan: ${plural(gapsOf(result).length, 'item')} could not be analysed, so the grade cannot be A.`,
      'bold',
      { x: textX, width: textWidth, size: 9.5, color: COLORS.warn },
    );
  }
  drawSeverityCounts(doc, result.findings, textX, Math.max(doc.y + 6, boxY + 108));

  doc.y = boxY + 150;
  const rows: [string, string][] = [
    ['Target', printable(scan.target, 300)],
    ['Scan type', live ? 'Live MCP server' : 'Uploaded files'],
    ['Scan id', scan.id],
    ['Scanned', formatUtc(scan.finishedAt ?? scan.startedAt)],
    ['Report generated', formatUtc(generatedAt)],
    ['Plan', tier.charAt(0).toUpperCase() + tier.slice(1)],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.fillColor(COLORS.muted).font('sans').fontSize(9.5).text(label, PAGE.margin, y, {
      width: 110,
    });
    doc.y = y;
    writeText(doc, has, value, 'regular', { x: PAGE.margin + 120, size: 9.5 });
    doc.moveDown(0.25);
  }
  doc.moveDown(0.8);
}

function drawSeverityCounts(doc: Doc, findings: readonly Finding[], x: number, y: number): void {
  const counts = countBySeverity(findings);
  let cursor = x;
  for (const severity of SEVERITIES) {
    doc.circle(cursor + 5, y + 6, 5).fill(SEVERITY_COLORS[severity]);
    const label = `${counts[severity]} ${SEVERITY_TITLES[severity]}`;
    doc
      .fillColor(COLORS.ink)
      .font('sans')
      .fontSize(10)
      .text(label, cursor + 14, y + 1, { lineBreak: false });
    cursor += 14 + doc.widthOfString(label) + 14;
  }
}

/** "What was scanned", one line each: from coverage when present, else from target and stats. */
function scannedLines(scan: Scan, result: ScanResult): string[] {
  const lines: string[] = [];
  const coverage = result.coverage;
  const live = isLive(scan);
  if (coverage) {
    const server = coverage.server;
    if (server && (server.name || server.version || server.transport)) {
      const name = [server.name ?? 'unnamed server', server.version].filter(Boolean).join(' ');
      const how = [
        server.protocolVersion ? `MCP protocol ${server.protocolVersion}` : undefined,
        server.transport ? `over ${server.transport}` : undefined,
      ].filter(Boolean);
      lines.push(`Server: ${name}${how.length ? ` (${how.join(', ')})` : ''}.`);
    }
    const c = coverage.counts;
    if (live || c.tools + c.prompts + c.resources + c.resourceTemplates > 0) {
      lines.push(
        `Analysed: ${plural(c.tools, 'tool')}, ${plural(c.prompts, 'prompt')}, ` +
          `${plural(c.resources, 'resource')} and ${plural(c.resourceTemplates, 'resource template')}.`,
      );
    }
    if (coverage.files.length > 0) {
      const kinds = new Map<string, number>();
      for (const f of coverage.files) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
      const byKind = [...kinds].map(([kind, n]) => `${n} ${kind}`).join(', ');
      lines.push(`Files analysed: ${coverage.files.length} (${byKind}).`);
    }
    lines.push(
      coverage.gaps.length === 0
        ? 'Not analysed: nothing; every part of the target was read.'
        : `Not analysed: ${plural(coverage.gaps.length, 'item')} (listed under Coverage).`,
    );
    return lines;
  }
  const s = result.stats;
  if (live) {
    lines.push(
      `Live MCP server at ${scan.target}: ${plural(s.tools, 'tool')}, ${plural(s.prompts, 'prompt')} ` +
        `and ${plural(s.resources, 'resource')} analysed.`,
    );
  } else {
    lines.push(`Uploaded files: ${plural(s.files, 'file')} analysed (${scan.target}).`);
    if (s.tools > 0) lines.push(`Tool definitions found in them: ${plural(s.tools, 'tool')}.`);
  }
  const skipped = result.skipped ?? [];
  if (skipped.length > 0)
    lines.push(`Not analysed: ${plural(skipped.length, 'file')} (listed under Coverage).`);
  return lines;
}

function topRisks(result: ScanResult): Finding[] {
  const order = (f: Finding) => SEVERITIES.indexOf(f.severity);
  return [...result.findings]
    .filter((f) => !f.capability || f.severity === 'critical' || f.severity === 'high')
    .sort((a, b) => order(a) - order(b))
    .slice(0, TOP_RISKS);
}

function riskSentence(finding: Finding, detail: Detail): string {
  const where = finding.file ? ` in ${finding.file}` : '';
  const head = `${SEVERITY_TITLES[finding.severity]}: ${finding.title}${where}`;
  if (detail === 'summary') {
    return `${head} (${finding.owasp} ${OWASP_CATEGORY_NAMES[finding.owasp]}).`;
  }
  return `${head}. ${firstSentence(finding.description, 220)}`;
}

function adviceLines(scan: Scan, result: ScanResult, detail: Detail): string[] {
  const live = isLive(scan);
  const out: string[] = [];
  const gaps = gapsOf(result);
  if (gaps.length > 0) {
    out.push(
      live
        ? `Look at what could not be analysed first (${plural(gaps.length, 'item')}, under Coverage): the grade says nothing about it.`
        : `Look at the ${plural(gaps.length, 'file or entry', 'files or entries')} that could not be analysed first (under Coverage): split, unpack or fix them and scan again; the grade says nothing about them.`,
    );
  }
  const counts = countBySeverity(result.findings);
  const serious = counts.critical + counts.high;
  const top = topRisks(result)[0];
  const start = top
    ? ` Start with "${top.title}"${detail === 'summary' ? '.' : `: ${firstSentence(top.remediation, 220)}`}`
    : '';
  if (serious > 0) {
    out.push(
      live
        ? `Do not connect agents to this server until the ${plural(serious, 'critical or high finding', 'critical and high findings')} are fixed.${start}`
        : `Fix the ${plural(serious, 'critical or high finding', 'critical and high findings')} in these files before you deploy, install or publish them.${start}`,
    );
  } else if (result.findings.length > 0) {
    out.push(
      live
        ? `Review the ${plural(result.findings.length, 'finding')} before you give this server to agents that can reach private data.${start}`
        : `Review the ${plural(result.findings.length, 'finding')} before these files go into use.${start}`,
    );
  } else {
    out.push(
      live
        ? 'Nothing to fix now. Scan again when the server changes: tool definitions can change after you approve them.'
        : 'Nothing to fix in these files now. Scan again when they or their dependencies change.',
    );
  }
  return out;
}

function drawSummary(doc: Doc, has: HasGlyph, input: ReportInput, detail: Detail): void {
  const { scan, result } = input;
  heading(doc, 'Executive summary', 16);
  const sub = (title: string) => {
    ensureSpace(doc, 40);
    doc.moveDown(0.3);
    doc
      .fillColor(COLORS.brand)
      .font('bold')
      .fontSize(11)
      .text(title, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.2);
  };
  const bullet = (text: string) => {
    ensureSpace(doc, 24);
    const y = doc.y;
    doc
      .font('sans')
      .fontSize(9.5)
      .fillColor(COLORS.ink)
      .text('•', PAGE.margin + 4, y, { width: 10, lineBreak: false });
    doc.y = y;
    writeText(doc, has, printable(text, 600), 'regular', {
      x: PAGE.margin + 16,
      size: 9.5,
      after: 0.15,
    });
  };
  sub('What was scanned');
  for (const line of scannedLines(scan, result)) bullet(line);
  sub('Top risks');
  const risks = topRisks(result);
  if (risks.length === 0) bullet('No findings: every rule passed for what was analysed.');
  for (const f of risks) bullet(riskSentence(f, detail));
  if (result.findings.length > risks.length) {
    bullet(
      `… and ${plural(result.findings.length - risks.length, 'more finding')} in the Findings section.`,
    );
  }
  sub('What to do first');
  for (const line of adviceLines(scan, result, detail)) bullet(line);
  doc.moveDown(0.8);
}

function drawCategoryChart(doc: Doc, result: ScanResult): void {
  ensureSpace(doc, 40 + OWASP_CATEGORIES.length * 20);
  heading(doc, 'Score by OWASP LLM Top 10 (2025) category');
  doc.moveDown(0.3);
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
      .font('sans')
      .fontSize(8.5)
      .text(`${category} ${OWASP_CATEGORY_NAMES[category]}`, PAGE.margin, y + 2, {
        width: labelWidth,
        lineBreak: false,
        ellipsis: true,
      });
    doc.rect(barX, y, barWidth, 12).fill(COLORS.track);
    if (score > 0) doc.rect(barX, y, (barWidth * score) / 100, 12).fill(RATING_COLORS[rating]);
    doc
      .fillColor(COLORS.muted)
      .font('sans')
      .fontSize(8.5)
      .text(`${Math.round(score)}  ${rating}`, barX + barWidth + 8, y + 2, {
        width: 82,
        lineBreak: false,
      });
    doc.y = y + 18;
  }
  doc.moveDown(0.8);
}

function drawCoverage(doc: Doc, has: HasGlyph, input: ReportInput): void {
  const { scan, result } = input;
  heading(doc, 'Coverage');
  const coverage = result.coverage;
  for (let line of scannedLines(scan, result)) {
    ensureSpace(doc, 20);
    line = line.replace('(listed under Coverage)', '(listed below)');
    writeText(doc, has, printable(line, 600), 'regular', { size: 9.5, after: 0.1 });
  }
  if (coverage && coverage.files.length > 0) {
    ensureSpace(doc, 40);
    doc.moveDown(0.3);
    doc.fillColor(COLORS.ink).font('bold').fontSize(10).text('Files analysed', PAGE.margin, doc.y);
    const shown = coverage.files.slice(0, COVERAGE_FILES_MAX);
    for (const file of shown) {
      ensureSpace(doc, 16);
      writeRich(
        doc,
        has,
        [
          { text: printable(file.path, 200), style: 'code' },
          { text: `  ${file.kind}`, style: 'regular', color: COLORS.muted },
        ],
        { x: PAGE.margin + 8, size: 8.5 },
      );
    }
    if (coverage.files.length > shown.length) {
      writeText(doc, has, `… and ${coverage.files.length - shown.length} more`, 'italic', {
        x: PAGE.margin + 8,
        size: 8.5,
        color: COLORS.muted,
      });
    }
  }
  const gaps = gapsOf(result);
  ensureSpace(doc, 40);
  doc.moveDown(0.3);
  doc
    .fillColor(gaps.length ? COLORS.warn : COLORS.ink)
    .font('bold')
    .fontSize(10)
    .text('Not analysed', PAGE.margin, doc.y);
  if (gaps.length === 0) {
    writeText(doc, has, 'Nothing: the scan read every part it was given.', 'regular', {
      x: PAGE.margin + 8,
      size: 9,
    });
  }
  const shownGaps = gaps.slice(0, COVERAGE_GAPS_MAX);
  for (const gap of shownGaps) {
    ensureSpace(doc, 16);
    writeRich(
      doc,
      has,
      [
        { text: printable(gap.subject, 200), style: 'code' },
        { text: `: ${printable(gap.reason, 300)}`, style: 'regular' },
      ],
      { x: PAGE.margin + 8, size: 8.5, after: 0.1 },
    );
  }
  if (gaps.length > shownGaps.length) {
    writeText(doc, has, `… and ${gaps.length - shownGaps.length} more`, 'italic', {
      x: PAGE.margin + 8,
      size: 8.5,
      color: COLORS.muted,
    });
  }
}

function drawFindings(doc: Doc, has: HasGlyph, result: ScanResult, detail: Detail): void {
  doc.addPage();
  doc.fillColor(COLORS.ink).font('bold').fontSize(18).text('Findings', PAGE.margin, PAGE.margin);
  doc.moveDown(0.3);
  if (result.findings.length === 0) {
    doc
      .font('sans')
      .fontSize(11)
      .fillColor(COLORS.muted)
      .text('No findings: every rule passed for what was analysed.');
    return;
  }
  if (detail === 'summary') {
    doc
      .font('italic')
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
      .font('bold')
      .fontSize(13)
      .text(`${SEVERITY_TITLES[severity]} (${group.length})`, PAGE.margin + 12, y + 2);
    doc.moveDown(0.4);
    group.forEach((finding, i) => drawFinding(doc, has, finding, i + 1, detail));
  }
}

function label(doc: Doc, text: string): void {
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(text, PAGE.margin + 12, doc.y, { width: CONTENT_WIDTH - 12 });
}

function drawFinding(
  doc: Doc,
  has: HasGlyph,
  finding: Finding,
  index: number,
  detail: Detail,
): void {
  ensureSpace(doc, detail === 'summary' ? 40 : 110);
  doc.moveDown(0.3);
  const x = PAGE.margin + 12;
  writeRich(
    doc,
    has,
    // Titles are printed as written (a tool name may hold `_` or `*`); descriptions are markdown.
    [{ text: `${index}. ${printable(finding.title, 200)}`, style: 'bold' }],
    {
      x,
      size: 11,
    },
  );
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
  writeText(doc, has, meta, 'regular', { x, size: 8.5, color: COLORS.muted, after: 0.3 });

  if (detail !== 'summary') {
    label(doc, 'Description');
    writeMarkdown(doc, has, finding.description, { x, size: 9.5 });
    doc.moveDown(0.2);
    if (finding.evidence.length > 0) {
      label(doc, 'Evidence');
      const shown = finding.evidence.slice(0, EVIDENCE_MAX);
      for (const e of shown) {
        ensureSpace(doc, 20);
        writeRich(
          doc,
          has,
          [
            { text: `${printable(e.location, 200)}: `, style: 'code', color: COLORS.muted },
            { text: printable(e.snippet, SNIPPET_MAX_CHARS), style: 'code' },
          ],
          { x, size: 8.5, after: 0.15 },
        );
      }
      if (finding.evidence.length > shown.length) {
        writeText(doc, has, `… and ${finding.evidence.length - shown.length} more`, 'italic', {
          x,
          size: 8.5,
          color: COLORS.muted,
        });
      }
      doc.moveDown(0.2);
    }
    label(doc, 'Remediation');
    writeMarkdown(doc, has, finding.remediation, { x, size: 9.5 });
    doc.moveDown(0.2);
  }
  if (detail === 'compliance') {
    for (const [title, mapping] of [
      ['HIPAA', finding.hipaa],
      ['SOC 2', finding.soc2],
    ] as const) {
      label(doc, title);
      for (const line of mapping.length ? mapping : ['No mapping']) {
        writeText(doc, has, line, 'regular', { x, size: 9 });
      }
      doc.moveDown(0.2);
    }
  }
  const y = doc.y + 2;
  doc
    .moveTo(x, y)
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
      .font('sans')
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
  const has = registerFonts(doc);
  const detail = detailFor(input.tier);
  drawCover(doc, has, input);
  drawSummary(doc, has, input, detail);
  drawCategoryChart(doc, input.result);
  drawCoverage(doc, has, input);
  drawFindings(doc, has, input.result, detail);
  drawFooters(doc, input.scan);
  doc.end();
  return done;
}
