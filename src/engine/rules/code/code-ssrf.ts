import type { CallFact, CodeFacts, ValueFact } from '../../inputs/code/facts.js';
import { defineRule } from '../define-rule.js';
import {
  ratingOf,
  originOf,
  levelOf,
  factsOf,
  functionLabel,
  HIPAA,
  outboundUrlArgument,
  reportCall,
  resolved,
  SOC2,
  someNameAround,
} from './_helpers.js';

/** Names that show the function validates where it connects. */
const URL_GUARDS =
  /(?:allow_?list|allowed_?(?:hosts?|domains?|origins?|urls?)|white_?list|permitted|trusted_?(?:hosts?|domains?)|is_?(?:safe|allowed|valid)_?(?:url|host)|validate_?(?:url|host|target)|check_?(?:url|host)|assert_?(?:safe|allowed)|block_?list|deny_?list|is_?private|private_?(?:ip|address)|hostname|netloc)/i;

/** `https://api.example.com/…${id}`: the caller picks a path, not the host. */
function hasFixedHost(url: ValueFact): boolean {
  const value = resolved(url) ?? url;
  if (value.startsWithConstant) return true;
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#{]+[/?#]/i.test(value.prefix ?? '');
}

function isGuarded(facts: CodeFacts, call: CallFact): boolean {
  return someNameAround(facts, call.fn, URL_GUARDS);
}

export default defineRule({
  meta: {
    id: 'code-ssrf',
    idPrefix: 'SSRF',
    title: 'Server-side request to a caller-supplied URL',
    description:
      'Finds outbound HTTP requests (`fetch`, axios, got, undici, `http.request`, Python `requests`, `httpx`, `aiohttp`, `urllib`) whose URL, including its host, derives from caller input in a function with no allow-list or address validation. A model can be steered to fetch cloud metadata (`169.254.169.254`), internal admin panels or localhost services through the server, and to read the answers back.',
    target: 'code',
    owasp: 'LLM05',
    owaspMcp: 'MCP05',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-918',
    hipaa: [HIPAA.accessControl, HIPAA.transmission],
    soc2: [SOC2.boundaries, SOC2.transmission],
    remediation:
      'Allow-list the hosts a tool may reach, or resolve the host and refuse private, loopback, link-local and metadata addresses at connect time (re-check on every redirect). Prefer building URLs from a fixed base and letting the caller choose only a path or query value.',
    references: [
      'https://cwe.mitre.org/data/definitions/918.html',
      'https://owasp.org/www-community/attacks/Server_Side_Request_Forgery',
    ],
  },
  check(code, ctx) {
    const facts = factsOf(code);
    for (const call of facts.calls) {
      const url = outboundUrlArgument(call);
      if (!url?.isTainted || hasFixedHost(url) || isGuarded(facts, call)) continue;
      const level = levelOf(facts, call, 'input')!;
      const origin = originOf(level, functionLabel(facts, call));
      reportCall(ctx, code, call, {
        message: `\`${call.callee}\` requests a URL derived from ${origin}, with no allow-list or address check.`,
        ...ratingOf(level, 'high'),
      });
    }
  },
});
