// buildApp(deps): the whole HTTP API as a Fastify instance, without listening (main.ts listens;
// tests call inject()). Order of the request pipeline: the request gate (request id,
// authentication, rate limit, 401) → body parsing and validation → handler → presenter.

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance, type FastifySchema } from 'fastify';
import { parseCidrList } from '../engine/light.js';
import type { RouteContext, ServiceDeps } from './deps.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { createMetrics, registerObservability, requestIdFrom } from './plugins/observability.js';
import { registerRequestGate } from './plugins/request-gate.js';
import { registerConsole } from './console/index.js';
import { UPLOAD_FILES_MAX } from './multipart.js';
import { registerCreateReportRoute } from './routes/create-report/index.js';
import { registerGetAccountRoute } from './routes/get-account/index.js';
import { registerGetReportRoute } from './routes/get-report/index.js';
import { registerGetScanRoute } from './routes/get-scan/index.js';
import { registerHealthRoutes } from './routes/health/index.js';
import { registerListScansRoute } from './routes/list-scans/index.js';
import { registerPlansRoute } from './routes/plans/index.js';
import { registerPostAccountKeyRoute } from './routes/post-account-key/index.js';
import { registerPutWebhookRoute } from './routes/put-webhook/index.js';
import { registerScanMcpRoute } from './routes/scan-mcp/index.js';
import { registerScanUploadRoute } from './routes/scan-upload/index.js';
import { schemaCompilersFactory } from './lazy-schema-compilers.js';
import { createCompleteScanCache } from './scan-cache.js';
import { SHARED_SCHEMAS } from './schemas.js';

/** JSON bodies are small (a URL and a token); uploads go through multipart with their own limit. */
const JSON_BODY_MAX_BYTES = 64 * 1024;

export interface BuildAppOptions {
  /** Compile every route's schemas at registration (Fastify's default) instead of on first use:
   *  for tests that check they all compile. */
  eagerSchemas?: boolean;
}

export function buildApp(deps: ServiceDeps, options: BuildAppOptions = {}): FastifyInstance {
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: requestIdFrom,
    // Replaced by one line per request in plugins/observability.ts: Fastify's own lines carry the
    // raw URL, and a report URL's token is a credential.
    logController: new LogController({ disableRequestLogging: true }),
    // No child logger per request: creating one costs about 15% of a cached poll's throughput,
    // even at level silent. The few request-scoped lines (observability, error handler) carry
    // `reqId` themselves.
    childLoggerFactory: (logger) => logger,
    bodyLimit: JSON_BODY_MAX_BYTES,
    // Clients connect directly; X-Forwarded-For is not trusted for the per-address rate limit.
    trustProxy: false,
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    // Each route's validator and serializer is built with its first request, not at start.
    schemaController: {
      compilersFactory: schemaCompilersFactory({ eager: options.eagerSchemas ?? false }),
    },
  }) as unknown as FastifyInstance;

  registerJsonParser(app);
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  registerErrorHandling(app);

  const ctx: RouteContext = {
    deps,
    allowlist: parseCidrList(deps.config.targetAllowlist),
    metrics: createMetrics(deps.store),
    scanCache: createCompleteScanCache(),
  };
  registerObservability(app, ctx.metrics);
  registerRequestGate(app, deps);

  void app.register(multipart, {
    limits: {
      fileSize: deps.config.maxUploadBytes,
      files: UPLOAD_FILES_MAX,
      fields: 20,
      parts: UPLOAD_FILES_MAX + 20,
      fieldSize: 4096,
      headerPairs: 100,
    },
  });
  void app.register(swagger, {
    // Shared schemas appear under their $id (Error, Finding, Scan, Submission), not def-N.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    transform: documentUploadBody,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Palisade API',
        version: '1.0.0',
        description:
          'Security scanning for MCP servers. Responses follow variant A or B of the spec: ' +
          'X-Palisade-Variant header or ?variant=, else the account preference, else B.',
      },
      servers: [{ url: deps.config.baseUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
  });
  void app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true } });

  registerConsole(app, ctx);
  void app.register(async (api) => {
    registerHealthRoutes(api, ctx);
    registerPlansRoute(api);
    registerScanMcpRoute(api, ctx);
    registerScanUploadRoute(api, ctx);
    registerGetScanRoute(api, ctx);
    registerListScansRoute(api, ctx);
    registerCreateReportRoute(api, ctx);
    registerGetReportRoute(api, ctx);
    registerGetAccountRoute(api, ctx);
    registerPutWebhookRoute(api, ctx);
    registerPostAccountKeyRoute(api, ctx);
    api.get('/v1/openapi.json', { config: { isPublic: true }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  });
  return app;
}

/**
 * The upload route reads multipart parts itself (streamed, byte-counted), so it has no body schema
 * for Fastify to validate; the OpenAPI document still describes the form.
 */
function documentUploadBody({ schema, url }: { schema: FastifySchema; url: string }): {
  schema: FastifySchema;
  url: string;
} {
  if (url !== '/v1/scan/upload' || schema === undefined) return { schema, url };
  const files = { type: 'array', items: { type: 'string', format: 'binary' } };
  return {
    url,
    schema: {
      ...schema,
      body: {
        type: 'object',
        properties: {
          files: { ...files, description: 'One or more files (variant B part name).' },
          file: { ...files, description: 'Variant A part name; same meaning.' },
        },
      },
    },
  };
}

/**
 * Fastify's JSON parser (prototype-poisoning safe), except that an empty body is accepted as "no
 * body": POST /v1/scan/:id/report has none, and clients often still send Content-Type: application/json.
 */
function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // No endpoint takes plain text: refuse it with 415 rather than a confusing schema error.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_MAX_BYTES },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      void parseJson(request, text, done);
    },
  );
}
