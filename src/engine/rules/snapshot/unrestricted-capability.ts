import { defineRule } from '../define-rule.js';
import type { Severity } from '../../types.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { capabilitiesOf } from './_capabilities.js';
import { snippetAround, subjectsOf, toolSummary } from './_tool-text.js';

// Capabilities that hand the model (and whoever injects into it) broad power over the host or
// network. Each is legitimate in some servers, so the rule reports medium, and says which power.

const NO_AUTH_RE =
  /\b(?:no|without|zero) (?:authentication|auth|login|password|credentials?|api key|token|access control|restrictions?|limits?)\b(?: (?:required|needed|necessary))?|\b(?:open|public|unrestricted|unlimited) (?:access|endpoint)\b|\bopen to (?:all|everyone|anyone)\b|\bfor everyone\b|\banyone can\b/;
const BROAD_FETCH_RE =
  /\b(?:any|arbitrary) (?:url|uri|host|address|endpoint|website)s?\b|\b(?:other|all|any) protocols\b|\b(?:file|gopher|ftp|dict):\/\/|\brestricted (?:content|resources|sites)\b|\binternal (?:services?|network|hosts?|endpoints?)\b|\bproxy\w*\b/;
// An operating-system object next to a verb acting on it ("modify file permissions", "mount a
// disk image", "read process memory via /proc").
const SYSTEM_OP_RE =
  /\b(?:modif(?:y|ies)|chang(?:e|es)|creat(?:e|es)|manipulat(?:e|es)|set|mount(?:s)?|unmount(?:s)?|force|access(?:es)?|read(?:s)?|write(?:s)?|dump(?:s)?|extract(?:s)?|add(?:s)?|install(?:s)?|edit(?:s)?|delete(?:s)?)\b[^.\n]{0,30}?\b(?:chmod|chown|(?:file|directory|file\/directory) (?:permissions|ownership)|ownership|acls?|mount(?:s|point)?|disk images?|filesystems?|device files?|\/proc\b|process (?:memory|environment)|namespaces?|hard ?links?|junction points?|named pipes?|alternate data streams?|ads\b|setuid|sudoers|kernel modules?|cron(?:tab)? jobs?|systemd|service units?)\b/;

interface Power {
  label: string;
  cwe: string;
  match: { index: number; 0: string };
}

function powersOf(summary: string, caps: ReturnType<typeof capabilitiesOf>): Power[] {
  const powers: Power[] = [];
  const exec = /\b(?:execut\w*|run\w*|eval\w*|spawn\w*)\b[^.]{0,40}|\bexpressions?\b/.exec(summary);
  if (caps.executesCode)
    powers.push({
      label: 'runs caller-supplied commands or code',
      cwe: 'CWE-78',
      // Evaluation can be stated in a parameter description only; then the summary has no match.
      match: exec ?? { index: 0, 0: summary.slice(0, 60) },
    });
  const fetch = BROAD_FETCH_RE.exec(summary);
  if (caps.fetchesUrls && fetch)
    powers.push({
      label: 'fetches arbitrary URLs from the server (SSRF)',
      cwe: 'CWE-918',
      match: fetch,
    });
  const noAuth = NO_AUTH_RE.exec(summary);
  if (noAuth)
    powers.push({
      label: 'states that it needs no authentication or has no restrictions',
      cwe: 'CWE-306',
      match: noAuth,
    });
  const sysOp = SYSTEM_OP_RE.exec(summary);
  if (sysOp)
    powers.push({
      label: 'changes operating-system level state (permissions, mounts, processes, services)',
      cwe: 'CWE-250',
      match: sysOp,
    });
  return powers;
}

export default defineRule({
  meta: {
    id: 'unrestricted-capability',
    idPrefix: 'UC',
    title: 'Tool grants broad power over the host or network',
    description:
      'Flags tools that run caller-supplied commands or code, fetch arbitrary URLs from the server (server-side request forgery), change operating-system state such as permissions, mounts and services, or state that they need no authentication. A prompt injection anywhere in the agent’s context can use such a tool with the full reach of the server. Such power is what an honest shell or fetch tool is for, so this is a capability finding: medium, shown beside the capability profile, and it caps the grade at B without lowering it further.',
    target: 'snapshot',
    owasp: 'LLM06',
    owaspMcp: 'MCP02',
    severity: 'medium',
    capability: true,
    confidence: 'medium',
    cwe: 'CWE-78',
    hipaa: [HIPAA.accessControl],
    soc2: [SOC2.logicalAccess, SOC2.boundaries],
    remediation:
      'Narrow the tool to the operations it needs (an allow-list of commands, a fixed set of hosts, parameterised queries); require authentication; run the server with least privilege in a sandbox; annotate it `destructiveHint: true` / `openWorldHint: true` so clients ask the user before each call.',
    references: [
      'https://genai.owasp.org/llmrisk/llm062025-excessive-agency/',
      'https://cwe.mitre.org/data/definitions/918.html',
    ],
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    for (const subject of subjectsOf(snapshot)) {
      if (!subject.tool) continue;
      const summary = toolSummary(subject);
      const powers = powersOf(summary, capabilitiesOf(subject));
      if (powers.length === 0) continue;
      // A capability, not an attack: medium at most, and a capability finding caps the grade at B
      // without costing more (scoring.ts), so an honest shell or database server is not failed.
      const severity: Severity = 'medium';
      for (const power of powers) {
        ctx.report({
          subject: subject.location,
          severity,
          message: `${subject.label} ${powers.map((p) => p.label).join('; and ')}.`,
          location: `${subject.location}.description`,
          snippet: snippetAround(summary, power.match.index, power.match[0].length),
        });
      }
    }
  },
});
