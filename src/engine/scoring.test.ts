import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gradeFor, score } from './scoring.js';
import type { Finding, Severity } from './types.js';

function finding(
  severity: Severity,
  ruleId = `rule-${severity}`,
  owasp: Finding['owasp'] = 'LLM01',
): Finding {
  return {
    ruleId,
    idPrefix: 'T',
    title: 't',
    severity,
    confidence: 'high',
    owasp,
    description: 'd',
    remediation: 'r',
    evidence: [],
    hipaa: [],
    soc2: [],
    monitorCandidate: false,
  };
}

describe('score', () => {
  it('gives 100 and A with no findings, every category passing', () => {
    const r = score([]);
    assert.equal(r.overallScore, 100);
    assert.equal(r.letterGrade, 'A');
    assert.equal(r.categoryScores.length, 10);
    assert.ok(r.categoryScores.every((c) => c.score === 100 && c.rating === 'pass'));
  });

  it('keeps a result with mediums only at C or above, however many rules raise them', () => {
    const mediums = Array.from({ length: 8 }, (_, i) => finding('medium', `rule-${i}`));
    const r = score(mediums);
    assert.equal(r.overallScore, 70);
    assert.equal(r.letterGrade, 'C');
    // One high finding beside them lifts the floor: the grade follows the evidence again.
    const withHigh = score([...mediums, finding('high')]);
    assert.ok(withHigh.overallScore < 70, String(withHigh.overallScore));
  });

  it('caps any critical finding at F and any high at C', () => {
    assert.equal(score([finding('critical')]).letterGrade, 'F');
    assert.ok(score([finding('critical')]).overallScore <= 59);
    assert.equal(score([finding('high')]).letterGrade, 'C');
    assert.equal(score([finding('high')]).overallScore, 72);
  });

  it('follows the documented formula for medium and low findings', () => {
    // 100 * exp(-8/60) = 87.5 -> 88 (B); one low: 100 * exp(-2/60) = 96.7 -> 97 (A)
    assert.equal(score([finding('medium')]).overallScore, 88);
    assert.equal(score([finding('low')]).overallScore, 97);
  });

  it('lets capability findings cap the grade at B and cost nothing more', () => {
    // An honest shell server: ten tools that run commands are a capability, not ten defects.
    const shell = Array.from({ length: 10 }, () => ({
      ...finding('medium', 'unrestricted-capability', 'LLM06'),
      capability: true,
    }));
    const result = score(shell);
    assert.equal(result.overallScore, 89);
    assert.equal(result.letterGrade, 'B');
    // Beside a real defect, the defect decides.
    assert.equal(score([...shell, finding('high')]).letterGrade, 'C');
  });

  it('caps any medium finding at B, whatever its confidence', () => {
    const mediumConfidence = { ...finding('medium'), confidence: 'medium' as const };
    assert.equal(score([mediumConfidence]).overallScore, 89);
    assert.equal(score([mediumConfidence]).letterGrade, 'B');
  });

  it('decays repeats of one rule so they cost less than distinct rules', () => {
    const repeated = score([
      finding('medium', 'a'),
      finding('medium', 'a'),
      finding('medium', 'a'),
    ]);
    const distinct = score([
      finding('medium', 'a'),
      finding('medium', 'b'),
      finding('medium', 'c'),
    ]);
    assert.ok(repeated.overallScore > distinct.overallScore);
  });

  it('is monotone: adding a finding never raises the score', () => {
    const base = [finding('low'), finding('medium', 'm1')];
    for (const s of ['critical', 'high', 'medium', 'low'] as const) {
      assert.ok(score([...base, finding(s, `x-${s}`)]).overallScore <= score(base).overallScore);
    }
  });

  it('scores each category from its own findings', () => {
    const r = score([finding('critical', 'c', 'LLM02'), finding('low', 'l', 'LLM10')]);
    const byCat = Object.fromEntries(r.categoryScores.map((c) => [c.category, c]));
    assert.equal(byCat.LLM02!.rating, 'critical risk');
    assert.equal(byCat.LLM10!.rating, 'low risk');
    assert.equal(byCat.LLM01!.rating, 'pass');
  });

  it('maps score bands to grades', () => {
    assert.deepEqual([95, 85, 75, 65, 10].map(gradeFor), ['A', 'B', 'C', 'D', 'F']);
  });
});
