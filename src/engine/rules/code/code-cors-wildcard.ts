import type { CallFact, ValueFact } from '../../inputs/code/facts.js';
import { defineRule } from '../define-rule.js';
import { factsOf, HIPAA, isTruthy, reportCall, SOC2 } from './_helpers.js';

interface CorsIssue {
  message: string;
  withCredentials: boolean;
}

function isWildcard(value: ValueFact | undefined): boolean {
  if (!value) return false;
  if (value.literal === '*' || value.literal === true) return true;
  return (value.items ?? []).some((item) => item.literal === '*');
}

function nodeCors(call: CallFact): CorsIssue | undefined {
  if (call.callee !== 'cors') return undefined;
  const options = call.args[0];
  if (!options)
    return { message: '`cors()` without options allows every origin.', withCredentials: false };
  if (options.shape !== 'object') return undefined;
  const origin = options.props?.origin;
  const withCredentials = isTruthy(options.props?.credentials);
  if (origin === undefined && !withCredentials) {
    return { message: '`cors({…})` without `origin` allows every origin.', withCredentials };
  }
  if (isWildcard(origin)) {
    return {
      message: `\`cors\` allows every origin${withCredentials ? ' and sends credentials' : ''}.`,
      withCredentials,
    };
  }
  return undefined;
}

function headerWrite(call: CallFact): CorsIssue | undefined {
  if (!['setHeader', 'header', 'set', 'append'].includes(call.method)) return undefined;
  const name = call.args[0]?.literal;
  if (typeof name !== 'string' || name.toLowerCase() !== 'access-control-allow-origin') {
    return undefined;
  }
  const value = call.args[1];
  if (value?.literal === '*') {
    return {
      message: '`Access-Control-Allow-Origin: *` lets any web page read responses.',
      withCredentials: false,
    };
  }
  if (value?.isTainted) {
    return {
      message: '`Access-Control-Allow-Origin` echoes the request origin: every site is trusted.',
      withCredentials: true,
    };
  }
  return undefined;
}

function pythonCors(call: CallFact): CorsIssue | undefined {
  const isStarlette =
    call.method === 'add_middleware' && /CORSMiddleware$/.test(call.args[0]?.name ?? '');
  const isFlask = /(?:^|\.)CORS$/.test(call.callee);
  if (!isStarlette && !isFlask) return undefined;
  const kw = call.kwargs;
  const withCredentials = isTruthy(kw.allow_credentials ?? kw.supports_credentials);
  const regex = kw.allow_origin_regex?.literal;
  const origins = kw.allow_origins ?? kw.origins;
  const anyOrigin =
    isWildcard(origins) ||
    regex === '.*' ||
    regex === '.+' ||
    (isFlask && origins === undefined && kw.resources === undefined);
  if (!anyOrigin) return undefined;
  return {
    message: `CORS allows every origin${withCredentials ? ' with credentials' : ''}.`,
    withCredentials,
  };
}

export default defineRule({
  meta: {
    id: 'code-cors-wildcard',
    idPrefix: 'CORS',
    title: 'CORS open to every origin',
    description:
      'Finds HTTP servers whose CORS policy admits every origin: `cors()` without options, `origin: \'*\'`, an `Access-Control-Allow-Origin: *` header or one that echoes the request origin, Starlette/FastAPI `CORSMiddleware(allow_origins=["*"])`, Flask-CORS defaults. For an MCP server, any web page the user visits can then call its tools from the browser; with credentials allowed it does so as the user.',
    target: 'code',
    owasp: 'LLM02',
    owaspMcp: 'MCP07',
    severity: 'medium',
    confidence: 'medium',
    cwe: 'CWE-942',
    hipaa: [HIPAA.accessControl, HIPAA.transmission],
    soc2: [SOC2.boundaries],
    remediation:
      "List the origins that may call the server (`cors({ origin: ['https://app.example.com'] })`, `allow_origins=[…]`); never combine a wildcard or a reflected origin with credentials. Local MCP servers should not need CORS at all; validate the `Origin` header as the MCP transport spec requires.",
    references: [
      'https://cwe.mitre.org/data/definitions/942.html',
      'https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#security-warning',
    ],
  },
  check(code, ctx) {
    const facts = factsOf(code);
    const isPython = code.language === 'python';
    for (const call of facts.calls) {
      const issue = isPython ? pythonCors(call) : (nodeCors(call) ?? headerWrite(call));
      if (!issue) continue;
      reportCall(ctx, code, call, {
        message: issue.message,
        severity: issue.withCredentials ? 'medium' : 'low',
      });
    }
  },
});
