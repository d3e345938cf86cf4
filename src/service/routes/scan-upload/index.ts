// POST /v1/scan/upload: submit configuration, dependency and code files (spec §4.2).

import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../deps.js';
import { readUploadFiles, tooLarge } from '../../multipart.js';
import { presentSubmission } from '../../presenters/index.js';
import { requireAccount, variantOf } from '../../request-context.js';
import { checkIdempotencyKey, submitUploadScan } from '../../scans.js';
import { errorResponses, variantQuery } from '../../schemas.js';

/** Room for multipart boundaries and part headers on top of the file bytes. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

export function registerScanUploadRoute(app: FastifyInstance, ctx: RouteContext): void {
  const maxTotalBytes = ctx.deps.config.maxUploadBytes;
  app.post(
    '/v1/scan/upload',
    {
      schema: {
        summary: 'Submit a file upload scan',
        description:
          `multipart/form-data with one or more file parts named "files" (or "file"); at most ` +
          `${maxTotalBytes} bytes of files in total (PALISADE_MAX_UPLOAD_BYTES). Accepted: .json, ` +
          '.yaml/.yml, .toml, .txt, .py, .js/.ts, lockfiles, .zip and .tar.gz archives.',
        tags: ['scans'],
        consumes: ['multipart/form-data'],
        querystring: { type: 'object', properties: variantQuery },
        response: {
          202: { $ref: 'Submission#' },
          ...errorResponses(400, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const account = requireAccount(request);
      const variant = variantOf(request);
      const idempotencyKey = checkIdempotencyKey(request.headers['idempotency-key']);
      // Refuse an announced oversize body before reading a byte of it.
      const declaredBytes = Number(request.headers['content-length'] ?? 0);
      if (declaredBytes > maxTotalBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxTotalBytes);
      const files = await readUploadFiles(request, { maxTotalBytes });
      const result = await submitUploadScan(ctx.deps, { account, files, idempotencyKey });
      if (!result.replayed) ctx.metrics.scansSubmitted.inc({ scan_type: 'upload' });
      if (result.replayed) void reply.header('Idempotent-Replayed', 'true');
      return reply
        .code(202)
        .header('Location', `/v1/scan/${result.scan.id}`)
        .send(
          presentSubmission(result.scan, variant, result.estimatedSeconds, result.filesAccepted),
        );
    },
  );
}
