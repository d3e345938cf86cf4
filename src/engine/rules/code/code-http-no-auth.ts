import type { CallFact, CodeFacts, ValueFact } from '../../inputs/code/facts.js';
import { defineRule } from '../define-rule.js';
import { factsOf, HIPAA, reportCall, SOC2, someNameInFile } from './_helpers.js';

/** Any sign of authentication in the file: middleware, token checks, OAuth providers. */
const AUTH_NAMES =
  /(?:auth|bearer|jwt|api_?key|apikey|passport|verify_?token|token_?verifier|oauth|credentials?_?check|basic_?auth|session)/i;

const ALL_INTERFACES = new Set(['0.0.0.0', '::', '[::]', '']);
const HTTP_TRANSPORTS = new Set(['streamable-http', 'sse', 'http', 'streamable_http']);

function isMcpHttpServer(facts: CodeFacts): boolean {
  if (
    facts.calls.some((c) => /(?:StreamableHTTPServerTransport|SSEServerTransport)$/.test(c.callee))
  ) {
    return true;
  }
  if (someNameInFile(facts, /^(?:streamable_http_app|sse_app|http_app)$/)) return true;
  return facts.calls.some(
    (c) => c.method === 'run' && HTTP_TRANSPORTS.has(String(c.kwargs.transport?.literal ?? '')),
  );
}

interface Binding {
  call: CallFact;
  host: string;
  isExplicit: boolean;
}

function literalHost(value: ValueFact | undefined): string | undefined {
  return typeof value?.literal === 'string' ? value.literal : undefined;
}

/** Where the server listens: `app.listen(port[, host])`, `mcp.run(host=…)`, `uvicorn.run(…)`,
 *  `FastMCP(…, host=…)`. Node's default (no host) is every interface. */
function bindingsOf(facts: CodeFacts, isPython: boolean): Binding[] {
  const out: Binding[] = [];
  for (const call of facts.calls) {
    if (!isPython && call.method === 'listen' && call.args.length > 0) {
      const host = literalHost(call.args[1]);
      const hostIsArgument = call.args[1] !== undefined && call.args[1].shape !== 'function';
      if (host !== undefined) out.push({ call, host, isExplicit: true });
      else if (!hostIsArgument && call.args[0]?.shape !== 'object') {
        out.push({ call, host: '', isExplicit: false });
      }
    }
    if (isPython && (call.method === 'run' || /(?:^|\.)FastMCP$/.test(call.callee))) {
      const host = literalHost(call.kwargs.host);
      if (host !== undefined) out.push({ call, host, isExplicit: true });
    }
  }
  return out.filter((b) => ALL_INTERFACES.has(b.host));
}

export default defineRule({
  meta: {
    id: 'code-http-no-auth',
    idPrefix: 'NOAUTH',
    title: 'MCP HTTP server on all interfaces without authentication',
    description:
      'Finds MCP servers using an HTTP transport (Streamable HTTP or SSE, TypeScript SDK or FastMCP) that listen on every network interface while the file shows no sign of authentication. Anyone on the network (or any web page, through DNS rebinding) can then list and call the tools.',
    target: 'code',
    owasp: 'LLM06',
    owaspMcp: 'MCP07',
    severity: 'medium',
    confidence: 'medium',
    cwe: 'CWE-306',
    hipaa: [HIPAA.authentication, HIPAA.accessControl],
    soc2: [SOC2.logicalAccess, SOC2.boundaries],
    remediation:
      'Bind local servers to 127.0.0.1. A server meant for the network must authenticate every request (OAuth as the MCP authorization spec describes, or at least a bearer token checked in middleware) and validate the `Host` and `Origin` headers.',
    references: [
      'https://cwe.mitre.org/data/definitions/306.html',
      'https://modelcontextprotocol.io/specification/2025-06-18/basic/security_best_practices',
    ],
  },
  check(code, ctx) {
    const facts = factsOf(code);
    if (!isMcpHttpServer(facts) || someNameInFile(facts, AUTH_NAMES)) return;
    for (const binding of bindingsOf(facts, code.language === 'python')) {
      reportCall(ctx, code, binding.call, {
        message: binding.isExplicit
          ? `The MCP HTTP server listens on ${binding.host || 'every interface'} and the file has no authentication.`
          : 'The MCP HTTP server listens without a host (every interface) and the file has no authentication.',
        ...(binding.isExplicit ? {} : { severity: 'low' as const }),
      });
    }
  },
});
