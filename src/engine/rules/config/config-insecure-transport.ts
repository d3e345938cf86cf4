import { defineRule } from '../define-rule.js';
import { commandTokens } from '../../inputs/config/launchers.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { entryPlace } from './_support.js';
import { redactSecrets } from '../../secrets.js';

// Plain http:// to a server on another machine sends every tool call, result and bearer token in
// clear text and lets anyone on the path rewrite tool definitions. Loopback is exempt: the traffic
// never leaves the machine.

function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) ||
    h === '::1' ||
    h === '0:0:0:0:0:0:0:1' ||
    h === 'host.docker.internal'
  );
}

function plainHttpHost(value: string): string | undefined {
  if (!/^http:\/\//i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return isLoopbackHost(url.hostname) ? undefined : url.host;
  } catch {
    return undefined;
  }
}

export default defineRule({
  meta: {
    id: 'config-insecure-transport',
    idPrefix: 'HT',
    title: 'Remote MCP server reached over plain HTTP',
    description:
      'Finds remote servers configured with an http:// URL (directly, or through a bridge such as mcp-remote) on a host other than the local machine. Tool calls, results and credentials then cross the network unencrypted and can be read or rewritten in transit.',
    target: 'config',
    owasp: 'LLM02',
    owaspMcp: 'MCP07',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-319',
    hipaa: [HIPAA.transmission],
    soc2: [SOC2.transmission],
    remediation:
      "Use the server's https:// endpoint. If the server is on the local machine, address it as localhost or 127.0.0.1.",
    references: ['https://cwe.mitre.org/data/definitions/319.html'],
  },
  check(input, ctx) {
    for (const entry of input.servers) {
      const candidates: [string, string][] = [];
      if (entry.url) candidates.push(['url', entry.url]);
      commandTokens(entry).forEach((token, i) => {
        if (i > 0 && /^http:\/\//i.test(token)) candidates.push(['args', token]);
      });
      for (const [field, value] of candidates) {
        const host = plainHttpHost(value);
        if (!host) continue;
        const sendsCredentials =
          Object.keys(entry.headers).length > 0 || Object.keys(entry.env).length > 0;
        ctx.report({
          message: `Server "${entry.name}" talks to ${host} over plain HTTP${sendsCredentials ? ', with credentials configured' : ''}.`,
          ...entryPlace(input, entry, field),
          snippet: redactSecrets(value.replace(/\/\/[^/@]*@/, '//…@')),
          subject: entry.location,
          file: input.path,
        });
      }
    }
  },
});
