import { defineRule } from '../define-rule.js';
import type { Severity } from '../../types.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { toolParameters } from '../../text/fields.js';
import { capabilitiesOf } from './_capabilities.js';
import { subjectsOf, toolSummary } from './_tool-text.js';

/** Deletion of many things at once, or of things that can't come back. */
const BULK_OR_IRREVERSIBLE_RE =
  /\b(?:permanently|irreversibl\w*|recursive\w*|all (?:files|records|data|items|messages|rows|branches|users)|any (?:table|file|record|directory)|entire|whole|directories|force)\b/;

// The tool says it asks before acting ("asks for confirmation unless force is true", "confirm with
// the user before deleting"). A negation in front ("without asking for confirmation", "never
// prompts for approval") turns the same words into the opposite, so it is checked separately.
const STATES_CONFIRMATION_RE =
  /\b(?:ask|prompt|require|request|wait|need|seek|get|obtain)\w*\b(?: (?:the )?(?:user|you|for|them))*[^.;\n]{0,30}?\b(?:confirm\w*|approv\w*|consent)\b|\bconfirm\w* (?:with|by) (?:the )?user\b|\b(?:after|once|only (?:after|when|if)|until) (?:the )?user (?:has )?(?:confirm|approv|consent)\w*|\b(?:two|2)[- ](?:step|phase)\b|\b(?:double[- ]|triple[- ])?check\w* with (?:the )?user\b|\b(?:if|after|once|until) (?:the )?user (?:has )?(?:explicitly |clearly )(?:confirm|approv|consent|agree)\w*/g;
const NEGATED_BEFORE_RE = /\b(?:without|no|not|never|skip\w*|bypass\w*|\w+n't)\b[^.;\n]{0,20}$/;

function statesConfirmation(summary: string): boolean {
  STATES_CONFIRMATION_RE.lastIndex = 0;
  for (const m of summary.matchAll(STATES_CONFIRMATION_RE)) {
    if (!NEGATED_BEFORE_RE.test(summary.slice(Math.max(0, m.index - 40), m.index))) return true;
  }
  return false;
}

/** A switch that overrides a safe default (`force`, `yes`): the default is the confirmation step. */
const SAFETY_SWITCH_PARAM_RE =
  /^(?:force\w*|yes|assume_?yes|skip_?confirm\w*|no_?prompt|non_?interactive|interactive|safe_?mode)$/i;

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
      if (statesConfirmation(summary)) continue;
      let severity: Severity = 'low';
      if (caps.movesMoney) severity = 'medium';
      else if (BULK_OR_IRREVERSIBLE_RE.test(summary)) severity = 'medium';
      if (toolParameters(tool).some((p) => SAFETY_SWITCH_PARAM_RE.test(p.name))) severity = 'low';
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
