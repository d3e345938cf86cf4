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

  it('clips long titles and flattens whitespace', () => {
    const text = formatTable(result([finding({ title: `Very\nlong ${'x'.repeat(100)}` })]));
    assert.match(text, /Very long x+… {2}tools\[1\]/);
  });

  it('numbers ids per prefix', () => {
    const ids = findingIds([finding({}), finding({ idPrefix: 'SEC' }), finding({})]);
    assert.deepEqual(ids, ['TP-1', 'SEC-1', 'TP-2']);
  });
});
