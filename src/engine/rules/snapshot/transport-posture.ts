import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from './_compliance.js';

export default defineRule({
  meta: {
    id: 'transport-posture',
    idPrefix: 'TP',
    title: 'Weak transport security for the MCP endpoint',
    description:
      'Looks at how the server was reached. Plain HTTP to a non-loopback host exposes tool definitions, arguments, results and any bearer token to the network and lets an on-path attacker rewrite tool definitions (high; LLM02 because the main loss is disclosure of what flows through the tools). A remote server that lists its tools to anyone without credentials is reported at low: fine for public servers, a gap for private ones.',
    target: 'snapshot',
    owasp: 'LLM02',
    owaspMcp: 'MCP01',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-319',
    hipaa: [HIPAA.transmission, HIPAA.authentication],
    soc2: [SOC2.transmission, SOC2.boundaries],
    remediation:
      'Serve MCP over HTTPS only (redirect or refuse plain HTTP) and require authentication (OAuth 2.1 as in the MCP authorization spec, or bearer tokens) for any server that is not meant to be public.',
    references: [
      'https://modelcontextprotocol.io/specification/2025-06-18/basic/authorization',
      'https://cwe.mitre.org/data/definitions/319.html',
    ],
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    const t = snapshot.transport;
    if (typeof t !== 'object' || t === null || t.transport === 'file' || t.isLoopback === true)
      return;
    // Transport facts come from our own fetcher, but snapshot files can carry anything.
    const url = typeof t.url === 'string' ? t.url : '(unknown URL)';
    if (t.isHttps !== true) {
      ctx.report({
        subject: 'transport-cleartext',
        message: t.usedAuthToken
          ? 'The server is reached over plain HTTP and the scan presented a token: the token and all tool traffic travel in cleartext.'
          : 'The server is reached over plain HTTP: tool definitions and all tool traffic travel in cleartext and can be altered in transit.',
        location: 'transport.url',
        snippet: url,
      });
    }
    if (t.listedWithoutCredentials === true) {
      ctx.report({
        subject: 'transport-open',
        severity: 'low',
        confidence: 'medium',
        message: 'The remote server listed its tools without any credentials.',
        location: 'transport.listedWithoutCredentials',
        snippet: `${url} answered tools/list without credentials`,
      });
    }
  },
});
