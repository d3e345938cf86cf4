// One place turns every failure into the spec's `{ error, code, request_id }` body. AppErrors
// carry their public message; Fastify's own client errors are mapped once here; anything else is
// a 500 with a generic message, logged in full with the request id.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isTransientStoreError } from '../../store/errors.js';
import { AppError, ERROR_CATALOGUE, type ErrorCode, isAppError } from '../errors.js';

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  request_id: string;
  [key: string]: unknown;
}

/** Fastify and @fastify/multipart error codes that are the client's fault. */
const FRAMEWORK_CODES: Readonly<Record<string, { code: ErrorCode; message?: string }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'invalid_request',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_request',
    message: 'The request body is empty; a JSON object is required.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'payload_too_large',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_request',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'unsupported_media_type' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'unsupported_media_type',
    message: 'This endpoint expects multipart/form-data.',
  },
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large' },
  FST_FILES_LIMIT: { code: 'payload_too_large', message: 'The upload has too many files.' },
  FST_PARTS_LIMIT: { code: 'payload_too_large', message: 'The upload has too many parts.' },
  FST_FIELDS_LIMIT: { code: 'payload_too_large', message: 'The upload has too many fields.' },
  FST_CSRF_INVALID_TOKEN: { code: 'csrf_invalid' },
  FST_CSRF_MISSING_SECRET: { code: 'csrf_invalid' },
  FST_PROTO_VIOLATION: {
    code: 'invalid_request',
    message: 'The upload has a forbidden field name.',
  },
};

export function errorBody(error: AppError, requestId: string): ErrorBody {
  return { error: error.message, code: error.code, request_id: requestId, ...error.details };
}

export function toAppError(error: FastifyError): AppError {
  if (isAppError(error)) return error;
  if (error.validation) {
    return new AppError('invalid_request', { message: validationMessage(error), cause: error });
  }
  const known = FRAMEWORK_CODES[error.code];
  if (known) return new AppError(known.code, { message: known.message, cause: error });
  if (isTransientStoreError(error)) {
    // A cut or restarting database connection: nothing wrong with the request, retry it.
    return new AppError('unavailable', {
      message:
        'The database is briefly unavailable; retry the request (with the same Idempotency-Key for submissions).',
      headers: { 'retry-after': '1' },
      cause: error,
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new AppError(codeForStatus(status), { cause: error });
  }
  return new AppError('internal', { cause: error });
}

function validationMessage(error: FastifyError): string {
  // Fastify already prefixes the context ("body must have required property 'url'").
  const text = error.message.length > 300 ? `${error.message.slice(0, 299)}…` : error.message;
  return `Invalid request: ${text}.`;
}

function codeForStatus(status: number): ErrorCode {
  for (const [code, spec] of Object.entries(ERROR_CATALOGUE)) {
    if (spec.status === status && code !== 'invalid_request') return code as ErrorCode;
  }
  return status === 404 ? 'not_found' : 'invalid_request';
}

export function sendError(reply: FastifyReply, request: FastifyRequest, error: AppError): void {
  if (error.headers) void reply.headers(error.headers);
  void reply.code(error.status).type('application/json').send(errorBody(error, request.id));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((rawError: FastifyError, request, reply) => {
    const error = toAppError(rawError);
    if (error.status >= 500) {
      request.log.error({ reqId: request.id, err: rawError, code: error.code }, 'request failed');
    } else if (error.cause !== undefined && !isAppError(rawError)) {
      request.log.info(
        { reqId: request.id, code: error.code, reason: rawError.message },
        'client error',
      );
    }
    sendError(reply, request, error);
  });

  // A known path with another method is a 405 with `Allow`, not a 404: the routes are collected
  // as they are added (this runs before any route is registered) and matched by pattern.
  const routes: { pattern: RegExp; fixed?: string; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = routePattern(route.url);
    const known = routes.find((r) => r.pattern.source === pattern.source);
    if (known) for (const m of methods) known.methods.add(m.toUpperCase());
    else {
      routes.push({
        pattern,
        ...(/[:*]/.test(route.url) ? {} : { fixed: route.url }),
        methods: new Set(methods.map((m) => m.toUpperCase())),
      });
    }
  });

  const methodNotAllowed = (path: string, method: string, allowed: Set<string>) => {
    const allow = [...allowed].sort().join(', ');
    return new AppError('method_not_allowed', {
      message: `${method} is not supported on ${path}; use ${allow}.`,
      headers: { allow },
    });
  };

  // A path written out as a fixed route (`/v1/scan/mcp`) that the router matched to a route with
  // a parameter for another method (`GET /v1/scan/:id`) is that fixed route called wrongly: 405.
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0] ?? '';
    const matched = request.routeOptions.url;
    if (matched !== undefined && matched !== path && !/[:*]/.test(path)) {
      const fixed = routes.find((r) => r.fixed === path);
      if (fixed && !fixed.methods.has(request.method)) {
        sendError(reply, request, methodNotAllowed(path, request.method, fixed.methods));
        return;
      }
    }
    done();
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A path that is a fixed route takes that route's methods only (`/v1/scan/mcp` is not a scan
    // id, though `GET /v1/scan/:id` would match it); otherwise every pattern that matches counts.
    const fixed = routes.find((r) => r.fixed === path);
    const allowed = new Set<string>(fixed?.methods ?? []);
    if (!fixed) {
      for (const route of routes) {
        if (route.pattern.test(path)) for (const m of route.methods) allowed.add(m);
      }
    }
    if (allowed.size > 0 && !allowed.has(request.method)) {
      sendError(reply, request, methodNotAllowed(path, request.method, allowed));
      return;
    }
    sendError(
      reply,
      request,
      new AppError('not_found', {
        message: `No route for ${request.method} ${request.url.split('?')[0]}.`,
      }),
    );
  });
}

/** A Fastify route URL (`/v1/scan/:id`, `/docs/*`) as a regular expression over paths. */
function routePattern(url: string): RegExp {
  const parts = url.split('/').map((part) => {
    if (part === '*') return '.*';
    if (part.startsWith(':')) return '[^/]+';
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('/')}$`);
}
