// Small per-request helpers the routes share: the authenticated account and the response variant.

import type { FastifyRequest } from 'fastify';
import type { Account, Variant } from '../store/port.js';
import { AppError } from './errors.js';

export function requireAccount(request: FastifyRequest): Account {
  // The auth guard has already refused protected routes without an account; this is the type gate.
  if (request.account === null) throw new AppError('unauthorized');
  return request.account;
}

function parseVariant(raw: unknown, source: string): Variant | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw === 'string') {
    const upper = raw.trim().toUpperCase();
    if (upper === 'A' || upper === 'B') return upper;
  }
  throw new AppError('invalid_request', { message: `${source} must be A or B.` });
}

/**
 * The response variant (DESIGN.md §2): header `X-Palisade-Variant`, else query `variant`, else the
 * account's stored preference, else B.
 */
export function variantOf(request: FastifyRequest): Variant {
  const fromHeader = parseVariant(request.headers['x-palisade-variant'], 'X-Palisade-Variant');
  if (fromHeader) return fromHeader;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = parseVariant(query?.variant, 'The variant query parameter');
  if (fromQuery) return fromQuery;
  return request.account?.variant ?? 'B';
}
