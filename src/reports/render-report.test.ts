import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pdfPageCount, pdfText, pdfTextLines } from '../../test/support/pdf-text.js';
import { score } from '../engine/index.js';
import type { Finding, ScanResult } from '../engine/index.js';
import type { Scan, Tier } from '../store/port.js';
import { renderReportPdf } from './render-report.js';

function finding(overrides: Partial<Finding> = {}): Finding {
  return {
    ruleId: 'tool-hidden-instructions',
    idPrefix: 'TP',
    title: 'Hidden instructions in tool description',
    severity: 'critical',
    confidence: 'high',
    owasp: 'LLM01',
    owaspMcp: 'MCP03',
    cwe: 'CWE-77',
    description: 'The description tells the model to read private keys.',
    remediation: 'Remove model-directed instructions from descriptions.',
    evidence: [{ location: 'tools[0].description', snippet: 'read ~/.ssh/id_rsa' }],
    hipaa: ['45 CFR 164.312(e)(1) Transmission security'],
    soc2: ['CC6.7 Restricts the transmission of data'],
    monitorCandidate: true,
    ...overrides,
  };
}

function resultWith(findings: Finding[]): ScanResult {
  return {
    ...score(findings),
    findings,
    target: 'https://mcp.example.test/mcp',
    stats: { tools: 4, prompts: 0, resources: 0, files: 0, durationMs: 900 },
  };
}

function scanFor(result: ScanResult): Scan {
  const at = new Date('2026-03-02T09:30:00Z');
  return {
    id: '0195f3a0-0000-7000-8000-000000000001',
    accountId: 'acc',
    type: 'mcp',
    status: 'complete',
    target: 'https://mcp.example.test/mcp',
    input: { type: 'mcp', url: 'https://mcp.example.test/mcp' },
    progress: null,
    result,
    error: null,
    idempotencyKey: null,
    attempts: 0,
    createdAt: at,
    startedAt: at,
    finishedAt: at,
  };
}

const generatedAt = new Date('2026-03-02T10:00:00Z');
const FINDINGS = [
  finding(),
  finding({
    ruleId: 'destructive-without-confirmation',
    title: 'Destructive tool without confirmation',
    severity: 'high',
    owasp: 'LLM06',
    description: 'delete_all removes every record without asking.',
    hipaa: [],
    soc2: [],
  }),
];

async function render(tier: Tier, findings = FINDINGS) {
  const result = resultWith(findings);
  const pdf = await renderReportPdf({ scan: scanFor(result), result, tier, generatedAt });
  return { pdf, text: pdfText(pdf), lines: pdfTextLines(pdf), result };
}

describe('PDF report', () => {
  it('is a PDF whose text holds the grade, score, target and finding titles', async () => {
    const { pdf, text, lines, result } = await render('developer');
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(result.letterGrade, 'F');
    assert.ok(lines.includes('F'), 'the big grade letter');
    assert.ok(lines.includes(String(result.overallScore)), 'the score');
    assert.match(text, /Grade F: critical risk/);
    assert.match(text, /https:\/\/mcp\.example\.test\/mcp/);
    assert.match(text, /1\. Hidden instructions in tool description/);
    assert.match(text, /1\. Destructive tool without confirmation/);
    assert.match(text, /Critical \(1\)/);
    assert.match(text, /High \(1\)/);
    assert.match(text, /LLM01 Prompt Injection/);
    assert.match(text, /Page 1 of 2/);
    assert.match(text, /Page 2 of 2/);
    assert.equal(pdfPageCount(pdf), 2);
  });

  it('shows description, evidence and remediation from the developer plan', async () => {
    const { text } = await render('developer');
    assert.match(text, /The description tells the model to read private keys\./);
    assert.match(text, /tools\[0\]\.description: read ~\/\.ssh\/id_rsa/);
    assert.match(text, /Remove model-directed instructions from descriptions\./);
    assert.doesNotMatch(text, /HIPAA/);
    assert.doesNotMatch(text, /164\.312/);
  });

  it('omits the detail on the free plan and says how to get it', async () => {
    const { text } = await render('free');
    assert.match(text, /Hidden instructions in tool description/);
    assert.doesNotMatch(text, /read private keys/);
    assert.doesNotMatch(text, /id_rsa/);
    assert.doesNotMatch(text, /Remediation/);
    assert.match(text, /Upgrade to the Developer/);
  });

  it('adds HIPAA and SOC 2 mappings on the enterprise plan', async () => {
    const { text } = await render('enterprise');
    assert.match(text, /45 CFR 164\.312\(e\)\(1\) Transmission security/);
    assert.match(text, /CC6\.7 Restricts the transmission of data/);
    assert.match(text, /No mapping/, 'a finding without mappings says so');
  });

  it('says so when there are no findings', async () => {
    const { text, lines } = await render('pro', []);
    assert.ok(lines.includes('A'));
    assert.match(text, /No findings: every rule passed/);
  });

  it('copes with hostile text and many findings', async () => {
    const hostile = finding({
      title: 'Odd \u0000title 🚀 with \u202e bidi',
      description: 'x'.repeat(50_000),
      evidence: Array.from({ length: 40 }, (_, i) => ({
        location: `tools[${i}]`,
        snippet: 'y'.repeat(5_000),
      })),
    });
    const many = Array.from({ length: 60 }, (_, i) =>
      finding({ title: `Finding number ${i}`, severity: i % 2 ? 'medium' : 'low' }),
    );
    const { pdf, text } = await render('enterprise', [hostile, ...many]);
    assert.match(text, /Odd \?title \? with \? bidi/);
    assert.match(text, /… and 35 more/);
    assert.ok(!text.includes('y'.repeat(400)), 'snippets are cut');
    assert.ok(pdfPageCount(pdf) > 3);
    assert.ok(pdf.length < 2_000_000, `size ${pdf.length}`);
    const pages = pdfPageCount(pdf);
    assert.match(text, new RegExp(`Page ${pages} of ${pages}`));
  });
});
