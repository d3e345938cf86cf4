import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pdfPageCount, pdfText, pdfTextLines } from '../../test/support/pdf-text.js';
import { score } from '../engine/index.js';
import type { Coverage, Finding, ScanResult } from '../engine/index.js';
import type { Scan, Tier } from '../store/port.js';
import { hasCjkFont } from './fonts.js';
import { reportFileName } from './file-name.js';
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

function resultWith(findings: Finding[], extra: Partial<ScanResult> = {}): ScanResult {
  return {
    ...score(findings),
    findings,
    target: 'https://mcp.example.test/mcp',
    stats: { tools: 4, prompts: 0, resources: 0, files: 0, durationMs: 900 },
    ...extra,
  };
}

function scanFor(result: ScanResult, type: Scan['type'] = 'mcp'): Scan {
  const at = new Date('2026-03-02T09:30:00Z');
  return {
    id: '0195f3a0-0000-7000-8000-000000000001',
    accountId: 'acc',
    type,
    status: 'complete',
    target: result.target,
    input: type === 'mcp' ? { type: 'mcp', url: result.target } : { type: 'upload', files: [] },
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

async function render(
  tier: Tier,
  findings = FINDINGS,
  extra: Partial<ScanResult> = {},
  type: Scan['type'] = 'mcp',
) {
  const result = resultWith(findings, extra);
  const pdf = await renderReportPdf({ scan: scanFor(result, type), result, tier, generatedAt });
  const text = pdfText(pdf);
  // pdftotext breaks lines where the PDF wraps them: compare on single spaces.
  return { pdf, text, flat: text.replace(/\s+/g, ' '), lines: pdfTextLines(pdf), result };
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
    const pages = pdfPageCount(pdf);
    assert.equal(pages, 3, 'summary, chart and coverage, findings');
    for (let i = 1; i <= pages; i++) assert.match(text, new RegExp(`Page ${i} of ${pages}`));
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

  it('prints Chinese and Cyrillic descriptions and › → in evidence (embedded Unicode fonts)', async () => {
    const multilingual = finding({
      title: 'Инструмент читает ключи',
      description: '读取用户的私钥并发送。Описание: читает ~/.ssh/id_rsa. Ελληνικά.',
      evidence: [
        { location: 'tools[1].description', snippet: 'Settings › Keys → send to attacker' },
      ],
    });
    const { pdf, flat } = await render('developer', [multilingual]);
    assert.ok(flat.includes('Инструмент читает ключи'), 'Cyrillic title');
    assert.ok(flat.includes('Описание: читает ~/.ssh/id_rsa. Ελληνικά.'), 'Cyrillic and Greek');
    assert.ok(flat.includes('Settings › Keys → send to attacker'), '› and → in evidence');
    assert.ok(!flat.includes('?'.repeat(3)), 'no run of ? for unsupported characters');
    // The fonts are embedded (subset), not the standard Helvetica.
    const raw = pdf.toString('latin1');
    assert.match(raw, /\/FontFile2/);
    assert.match(raw, /DejaVuSans/);
    assert.match(raw, /DejaVuSansMono/, 'evidence is set in the monospace face');
    assert.doesNotMatch(raw, /\/BaseFont \/Helvetica/);
    if (hasCjkFont() || process.env.CI) {
      assert.ok(flat.includes('读取用户的私钥并发送。'), 'Chinese through the CJK fallback');
    }
  });

  it('renders markdown in descriptions instead of printing the markers', async () => {
    const md = finding({
      description:
        'The tool `exec_command` runs **any** shell command:\n\n- reads `~/.ssh`\n- writes files\n\nSee [the guide](https://example.test/guide).',
      remediation: '1. Remove `exec_command`.\n2. Ask for *confirmation* first.',
    });
    const { text, flat } = await render('developer', [md]);
    assert.ok(flat.includes('The tool exec_command runs any shell command:'), flat);
    assert.ok(!text.includes('`'), 'no backticks');
    assert.ok(!text.includes('**'), 'no bold markers');
    assert.match(text, /•\s*reads ~\/\.ssh/);
    assert.match(text, /•\s*writes files/);
    assert.match(text, /1\.\s*Remove exec_command\./);
    assert.match(text, /2\.\s*Ask for confirmation first\./);
    assert.ok(flat.includes('See the guide (https://example.test/guide).'));
  });

  it('has an executive summary: what was scanned, top risks, what to do first', async () => {
    const { flat } = await render('developer');
    assert.ok(flat.includes('Executive summary'));
    assert.ok(
      flat.includes(
        'Live MCP server at https://mcp.example.test/mcp: 4 tools, 0 prompts and 0 resources analysed.',
      ),
    );
    assert.ok(
      flat.includes(
        'Critical: Hidden instructions in tool description. The description tells the model to read private keys.',
      ),
    );
    assert.ok(
      flat.includes(
        'Do not connect agents to this server until the 2 critical and high findings are fixed. Start with "Hidden instructions in tool description": Remove model-directed instructions from descriptions.',
      ),
    );
  });

  it('keeps the free plan summary to titles and categories', async () => {
    const { flat } = await render('free');
    assert.ok(
      flat.includes('Critical: Hidden instructions in tool description (LLM01 Prompt Injection).'),
    );
    assert.ok(!flat.includes('Remove model-directed'), 'no remediation on free');
  });

  it('gives advice that fits a file scan, and lists what was not analysed', async () => {
    const secret = finding({
      ruleId: 'config-plaintext-secret',
      title: 'Plaintext secret in MCP config',
      severity: 'high',
      file: 'mcp.json',
      remediation: 'Move the key to an environment variable.',
    });
    const coverage: Coverage = {
      complete: false,
      counts: { tools: 0, prompts: 0, resources: 0, resourceTemplates: 0 },
      files: [
        { path: 'mcp.json', kind: 'mcp-config' },
        { path: 'src/server.py', kind: 'code' },
      ],
      gaps: [{ subject: 'bundle.zip!inner.zip', reason: 'nested archive: not unpacked' }],
    };
    const { flat } = await render(
      'pro',
      [secret],
      { target: 'mcp.json, src/server.py, bundle.zip', coverage, letterGrade: 'C' },
      'upload',
    );
    assert.ok(flat.includes('MCP file scan security report'));
    assert.ok(flat.includes('Files analysed: 2 (1 mcp-config, 1 code).'));
    assert.ok(flat.includes('Not analysed: 1 item (listed under Coverage).'));
    assert.ok(
      flat.includes('Incomplete scan: 1 item could not be analysed, so the grade cannot be A.'),
    );
    assert.ok(flat.includes('bundle.zip!inner.zip: nested archive: not unpacked'));
    assert.ok(flat.includes('src/server.py code'));
    assert.ok(
      flat.includes(
        'Fix the 1 critical or high finding in these files before you deploy, install or publish them.',
      ),
    );
    assert.ok(!/connect agents/.test(flat), 'files are not servers to connect to');
  });

  it('shows the server the coverage names', async () => {
    const coverage: Coverage = {
      complete: true,
      server: {
        name: 'демо-сервер',
        version: '2.1.0',
        protocolVersion: '2025-06-18',
        transport: 'streamable-http',
      },
      counts: { tools: 3, prompts: 2, resources: 1, resourceTemplates: 1 },
      files: [],
      gaps: [],
    };
    const { flat } = await render('developer', [], { coverage });
    assert.ok(
      flat.includes('Server: демо-сервер 2.1.0 (MCP protocol 2025-06-18, over streamable-http).'),
      flat,
    );
    assert.ok(flat.includes('Analysed: 3 tools, 2 prompts, 1 resource and 1 resource template.'));
    assert.ok(flat.includes('Not analysed: nothing; every part of the target was read.'));
    assert.ok(flat.includes('Nothing to fix now. Scan again when the server changes'));
  });
});

describe('report file name', () => {
  const at = new Date('2026-03-02T09:30:00Z');
  it('is palisade-<target>-<date>.pdf with the target made safe', () => {
    assert.equal(
      reportFileName({
        target: 'https://mcp.example.test/v1/mcp?token=x',
        finishedAt: at,
        createdAt: at,
      }),
      'palisade-mcp.example.test-v1-mcp-2026-03-02.pdf',
    );
    assert.equal(
      reportFileName({ target: 'mcp.json, "a b"/../évil\r\n.py', finishedAt: null, createdAt: at }),
      'palisade-mcp.json-a-b-evil-py-2026-03-02.pdf',
    );
    assert.equal(
      reportFileName({ target: '读取', finishedAt: at, createdAt: at }),
      'palisade-scan-2026-03-02.pdf',
    );
    assert.ok(
      reportFileName({ target: 'x'.repeat(500), finishedAt: at, createdAt: at }).length < 90,
    );
  });
});
