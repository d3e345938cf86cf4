import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findingIds, formatTable } from './format-table.js';
import type { Finding, ScanResult } from './types.js';

function finding(overrides: Partial<Finding>): Finding {
  return {
    ruleId: 'tool-hidden-instructions',
    idPrefix: 'TP',
    title: 'Hidden instructions in a tool definition',
    severity: 'critical',
    confidence: 'high',
    owasp: 'LLM01',
    description: 'd',
    remediation: 'r',
    evidence: [{ location: 'tools[1].description', snippet: 's' }],
    hipaa: [],
    soc2: [],
    monitorCandidate: false,
    ...overrides,
  };
}

function result(findings: Finding[]): ScanResult {
  return {
    overallScore: 41,
    letterGrade: 'F',
    categoryScores: [
      { category: 'LLM01', score: 20, rating: 'critical risk' },
      { category: 'LLM02', score: 100, rating: 'pass' },
    ],
    findings,
    target: 'poisoned.json',
    stats: { tools: 2, prompts: 0, resources: 0, files: 0, durationMs: 3 },
  };
}

describe('formatTable', () => {
  it('prints a summary, aligned rows and the categories at risk', () => {
    const text = formatTable(
      result([
        finding({}),
        finding({ evidence: [{ location: 'tools[4].description', snippet: 's' }] }),
        finding({
          ruleId: 'config-hardcoded-secret',
          idPrefix: 'SEC',
          title: 'Secret in a client config',
          severity: 'low',
          owasp: 'LLM02',
          file: 'mcp.json',
          evidence: [{ location: 'mcp.json:7', snippet: 's' }],
        }),
      ]),
    );
    assert.equal(
      text,
      [
        'Target:   poisoned.json',
        'Score:    41/100 (grade F)',
        'Findings: 3 (2 critical, 0 high, 0 medium, 1 low)',
        '',
        'SEVERITY  ID     OWASP  TITLE                                     WHERE',
        'CRITICAL  TP-1   LLM01  Hidden instructions in a tool definition  tools[1].description',
        'CRITICAL  TP-2   LLM01  Hidden instructions in a tool definition  tools[4].description',
        'LOW       SEC-1  LLM02  Secret in a client config                 mcp.json:7',
        '',
        'Categories at risk:',
        '  LLM01  20  critical risk',
        '',
      ].join('\n'),
    );
  });

  it('says so when there is nothing to report', () => {
    const text = formatTable({
      ...result([]),
      overallScore: 100,
      letterGrade: 'A',
      categoryScores: [],
    });
    assert.match(text, /Findings: 0 \(0 critical, 0 high, 0 medium, 0 low\)\n\nNo findings\.\n$/);
  });

  it('lists what was not analysed', () => {
    const text = formatTable({
      ...result([]),
      skipped: [{ path: 'logo.png', reason: 'not a supported file type' }],
    });
    assert.match(
      text,
      /No findings\.\n\nNot analysed:\n {2}logo\.png: not a supported file type\n$/,
    );
  });

  it('wraps long titles and locations to the width instead of cutting them', () => {
    const longWhere = 'src/servers/very/deep/directory/structure/with/a/long/name/server.py:1234';
    const text = formatTable(
      result([
        finding({
          title: `Very\nlong title that keeps going ${'word '.repeat(12)}end`,
          file: longWhere.split(':')[0],
          evidence: [{ location: longWhere, snippet: 's' }],
        }),
      ]),
      { width: 80 },
    );
    const lines = text.split('\n');
    for (const line of lines) assert.ok(line.length <= 80, `${line.length}: ${line}`);
    const rows = lines.slice(lines.indexOf('') + 1, lines.indexOf('Categories at risk:') - 1);
    assert.ok(rows.length > 2, 'the row wraps onto several lines');
    const titleStart = rows[0]!.indexOf('TITLE');
    const whereStart = rows[0]!.indexOf('WHERE');
    const titleText = rows
      .slice(1)
      .map((l) => l.slice(titleStart, whereStart).trim())
      .join(' ');
    const whereText = rows
      .slice(1)
      .map((l) => l.slice(whereStart).trim())
      .join('');
    assert.equal(titleText, `Very long title that keeps going ${'word '.repeat(12)}end`);
    assert.equal(whereText, longWhere, 'the whole location, nothing cut');
    assert.ok(!text.includes('…'));
  });

  it('adds description, evidence and remediation with verbose, and lists what was left out', () => {
    const text = formatTable(
      {
        ...result([
          finding({
            description: 'The description tells the model to read ~/.ssh/id_rsa.',
            remediation: 'Remove the instruction.',
          }),
        ]),
        skipped: [{ path: 'big.js', reason: 'exceeds the 2,097,152-character limit' }],
      },
      { verbose: true, refused: [{ path: 'logo.png', reason: 'not a file type Palisade scans' }] },
    );
    assert.match(
      text,
      /\n {4}Description: The description tells the model to read ~\/\.ssh\/id_rsa\.\n/,
    );
    assert.match(text, /\n {4}Evidence: tools\[1\]\.description: s\n/);
    assert.match(text, /\n {4}Remediation: Remove the instruction\.\n/);
    assert.match(text, /Not analysed:\n {2}big\.js: exceeds the 2,097,152-character limit\n/);
    assert.match(
      text,
      /Left out \(not a file Palisade scans\):\n {2}logo\.png: not a file type Palisade scans\n/,
    );
    assert.doesNotMatch(formatTable(result([finding({})])), /Description:/);
  });

  it('numbers ids per prefix', () => {
    const ids = findingIds([finding({}), finding({ idPrefix: 'SEC' }), finding({})]);
    assert.deepEqual(ids, ['TP-1', 'SEC-1', 'TP-2']);
  });
});
