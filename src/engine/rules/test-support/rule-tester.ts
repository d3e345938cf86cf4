import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Severity } from '../../types.js';
import { runRule, type Rule, type RuleInputs, type RuleTarget } from '../define-rule.js';

export interface ValidCase<T extends RuleTarget> {
  name: string;
  input: RuleInputs[T];
}

export interface ExpectedFinding {
  severity?: Severity;
  /** A substring of one evidence location. */
  location?: string;
  /** A substring of the description or an evidence snippet. */
  contains?: string;
}

export interface InvalidCase<T extends RuleTarget> {
  name: string;
  input: RuleInputs[T];
  /** The exact number of findings expected, each matched in order. */
  findings: ExpectedFinding[];
}

/**
 * ESLint-style tester: every rule declares cases that must stay silent (hard negatives included)
 * and cases with the exact findings expected. A rule without both kinds fails here.
 */
export function ruleTester<T extends RuleTarget>(
  rule: Rule<T>,
  cases: { valid: ValidCase<T>[]; invalid: InvalidCase<T>[] },
): void {
  describe(`rule ${rule.meta.id}`, () => {
    it('has valid and invalid cases', () => {
      assert.ok(cases.valid.length > 0, 'at least one valid case');
      assert.ok(cases.invalid.length > 0, 'at least one invalid case');
    });
    for (const c of cases.valid) {
      it(`valid: ${c.name}`, () => {
        const findings = runRule(rule, c.input);
        assert.deepEqual(
          findings.map((f) => `${f.severity} ${f.description} @ ${f.evidence[0]?.location}`),
          [],
        );
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, () => {
        const findings = runRule(rule, c.input);
        assert.equal(
          findings.length,
          c.findings.length,
          `expected ${c.findings.length} findings, got: ${JSON.stringify(
            findings.map((f) => [f.severity, f.description, f.evidence]),
            null,
            1,
          )}`,
        );
        c.findings.forEach((expected, i) => {
          const f = findings[i]!;
          assert.equal(f.ruleId, rule.meta.id);
          if (expected.severity) assert.equal(f.severity, expected.severity, f.description);
          if (expected.location) {
            assert.ok(
              f.evidence.some((e) => e.location.includes(expected.location!)),
              `location ${expected.location} not in ${JSON.stringify(f.evidence)}`,
            );
          }
          if (expected.contains) {
            const text = [f.description, ...f.evidence.map((e) => e.snippet)].join('\n');
            assert.ok(text.includes(expected.contains), `"${expected.contains}" not in ${text}`);
          }
        });
      });
    }
  });
}
