import { defineRule } from '../define-rule.js';
import type { Severity } from '../../types.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { capabilitiesOf } from './_capabilities.js';
import { subjectsOf, toolSummary } from './_tool-text.js';

/** Deletion of many things at once, or of things that can't come back. */
const BULK_OR_IRREVERSIBLE_RE =
  /\b(?:permanently|irreversibl\w*|recursive\w*|all (?:files|records|data|items|messages|rows|branches|users)|any (?:table|file|record|directory)|entire|whole|directories|force)\b/;

export default defineRule({
  meta: {
    id: 'destructive-without-confirmation',
    idPrefix: 'DWC',
    title: 'Destructive or money-moving tool without a confirmation step',
    description:
      'Flags tools that delete or overwrite data, or move money, when neither a `destructiveHint: true` annotation (which makes clients ask the user) nor a confirmation parameter gives the user a chance to stop the call. An injected instruction, or a model mistake, then acts immediately.',
    target: 'snapshot',
    owasp: 'LLM06',
    owaspMcp: 'MCP02',
    severity: 'medium',
    confidence: 'medium',
    cwe: 'CWE-749',
    hipaa: [HIPAA.integrity, HIPAA.accessControl],
    soc2: [SOC2.logicalAccess, SOC2.processingIntegrity],
    remediation:
      'Annotate destructive tools with `destructiveHint: true` so clients ask the user first, and for money movement or bulk deletion add an explicit confirmation step (a `confirm` parameter set only after the user approved, or a two-phase prepare/commit).',
    references: [
      'https://genai.owasp.org/llmrisk/llm062025-excessive-agency/',
      'https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-annotations',
    ],
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      const tool = subject.tool;
      if (!tool) continue;
      const caps = capabilitiesOf(subject);
      if (!caps.destructive && !caps.movesMoney) continue;
      if (caps.hasConfirmationParam || tool.annotations?.destructiveHint === true) continue;
      const summary = toolSummary(subject);
      let severity: Severity = 'low';
      if (caps.movesMoney) severity = 'medium';
      else if (BULK_OR_IRREVERSIBLE_RE.test(summary)) severity = 'medium';
      const what = caps.movesMoney ? 'moves money' : 'deletes or overwrites data';
      ctx.report({
        subject: subject.location,
        severity,
        message: `${subject.label} ${what} with no destructiveHint annotation and no confirmation parameter.`,
        location: `${subject.location}.name`,
        snippet: `${tool.name}: ${tool.description ?? ''}`,
      });
    }
  },
});
