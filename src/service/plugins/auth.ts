// Authentication: `Authorization: Bearer <key>` or `X-API-Key: <key>`. Malformed keys are refused
// before any lookup (cheap, and no database work for garbage); well-formed ones are looked up by
// their SHA-256. There is deliberately no cache: rotating a key must revoke the old one at once.

import type { FastifyRequest } from 'fastify';
import { hashApiKey, isWellFormedApiKey } from '../../security/index.js';
import type { Account } from '../../store/port.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated account; null on public routes and before authentication. */
    account: Account | null;
  }
  interface FastifyContextConfig {
    /** No API key needed (health, metrics, OpenAPI, report downloads). */
    isPublic?: boolean;
    /** Not counted by the rate limiter (health probes and metrics scrapes). */
    skipRateLimit?: boolean;
  }
}

/** The presented key, or undefined when the request carries none. */
export function presentedApiKey(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.length > 0) {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
    // A non-Bearer Authorization header is presented but unusable: treat it as a bad key.
    return match?.[1] ?? '';
  }
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.length > 0) return header.trim();
  return undefined;
}

export async function findAccountByKey(
  deps: ServiceDeps,
  key: string,
): Promise<Account | undefined> {
  if (!isWellFormedApiKey(key)) return undefined;
  return deps.store.accounts.findByKeyHash(hashApiKey(key));
}

export function unauthorized(message?: string): AppError {
  return new AppError('unauthorized', {
    message,
    headers: { 'WWW-Authenticate': 'Bearer realm="palisade"' },
  });
}

/**
 * Resolves `request.account` when the request presents a key (public routes included, so their
 * rate limit is per account when a key is given). Refusing happens later, in `requireAuthentication`,
 * after the rate limiter has counted the request per client address.
 */
export async function authenticate(deps: ServiceDeps, request: FastifyRequest): Promise<void> {
  if (request.is404) return;
  const key = presentedApiKey(request);
  if (key === undefined) return;
  request.account = (await findAccountByKey(deps, key)) ?? null;
}

/** The interactive API page (@fastify/swagger-ui registers its own routes, without our config). */
export function isDocsRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && (url === '/docs' || url.startsWith('/docs/'));
}

/** A protected route without a valid key is a 401. */
export function requireAuthentication(request: FastifyRequest): void {
  if (request.account !== null || request.is404) return;
  if (request.routeOptions.config.isPublic === true || isDocsRoute(request)) return;
  const key = presentedApiKey(request);
  throw unauthorized(key === undefined ? undefined : 'The API key is invalid or has been revoked.');
}
