// The web console (docs/console.md, ADR 0011): server-rendered pages on the same Fastify
// instance as the API. Sign-in takes the API key once and opens a server-side session (an
// HttpOnly, SameSite=Strict cookie holding a random token; the database keeps its hash). Every
// state-changing form carries a CSRF token (@fastify/csrf-protection, bound to the session), and
// every page is sent with a strict Content-Security-Policy (@fastify/helmet). Handlers call the
// same service functions as the API routes, so plans, quotas and SSRF rules are the API's own.

import { createHmac } from 'node:crypto';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEPENDENCY_FILE_NAMES, EXTENSION_FORMATS } from '../../engine/light.js';
import type { Account, ScanStatus } from '../../store/port.js';
import { SCAN_STATUSES } from '../../store/port.js';
import {
  getAccountSummary,
  rotateKey,
  sendWebhookTest,
  setWebhookUrl,
  webhookActivity,
} from '../accounts.js';
import type { RouteContext } from '../deps.js';
import { AppError, isAppError } from '../errors.js';
import { readUploadFiles } from '../multipart.js';
import { toAppError } from '../plugins/error-handler.js';
import { createRequestCounter } from '../plugins/rate-limit.js';
import { displayTarget, presentCompleteA } from '../presenters/index.js';
import { createReport, reportUrl } from '../reports.js';
import { requireFeature } from '../plan-gate.js';
import { getScanWaiting, WAIT_SECONDS_MAX } from '../scan-wait.js';
import { getScan, listScans, submitMcpScan, submitUploadScan, upgradeUrl } from '../scans.js';
import {
  accountOfSession,
  reopenSession,
  sessionTokenHash,
  signIn,
  signOut,
  type NewSession,
} from '../sessions.js';
import { CONSOLE_CSS, CONSOLE_JS } from './assets.js';
import * as pages from './pages.js';

export const SESSION_COOKIE = 'palisade_session';
export const CSRF_COOKIE = 'palisade_csrf';
/** Console requests per minute, per signed-in account (else per client address). */
export const CONSOLE_REQUESTS_PER_MINUTE = 120;
const HISTORY_PAGE_SIZE = 20;

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 of the console session token, when the request carries a live session. */
    consoleSession: string | null;
  }
}

/** Fixed texts for the `?m=` notices after a redirect (nothing from the URL is echoed). */
const NOTICES: Readonly<Record<string, string>> = {
  signed_out: 'You are signed out.',
  expired:
    'Your session has ended (signed out, expired, or the API key was rotated). Sign in again.',
  saved: 'The webhook URL is saved.',
  cleared: 'The webhook is cleared.',
};

const ACCEPTED_TYPES = [
  ...Object.keys(EXTENSION_FORMATS),
  '.zip',
  '.tar.gz',
  '.tgz',
  // The table's keys are lower case (names are matched case-insensitively); show the usual spelling.
  ...Object.keys(DEPENDENCY_FILE_NAMES).map((n) => n.replace(/^pipfile/, 'Pipfile')),
  'requirements*.txt',
].filter((t, i, all) => all.indexOf(t) === i);

const routeConfig = { isPublic: true, skipRateLimit: true } as const;
const hidden = { hide: true } as const;

function deriveKey(masterKey: Buffer, label: string): Buffer {
  return createHmac('sha256', masterKey).update(`palisade-console:${label}`).digest();
}

function safeNext(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return '/account';
  if (raw.startsWith('/login') || raw.includes('\\')) return '/account';
  return raw;
}

export function registerConsole(app: FastifyInstance, ctx: RouteContext): void {
  void app.register(async (web) => consolePlugin(web, ctx));
}

async function consolePlugin(web: FastifyInstance, ctx: RouteContext): Promise<void> {
  const { deps } = ctx;
  const secure = deps.config.baseUrl.startsWith('https:');
  const upgrade = upgradeUrl(deps);

  await web.register(cookie, { secret: deriveKey(deps.masterKey, 'cookie') });
  await web.register(formbody, { bodyLimit: 16 * 1024 });
  await web.register(csrf, {
    cookieKey: CSRF_COOKIE,
    cookieOpts: { path: '/', sameSite: 'strict', httpOnly: true, signed: true, secure },
    csrfOpts: { hmacKey: deriveKey(deps.masterKey, 'csrf') },
    // Tokens are bound to the session: one from before sign-in (or another session) is refused.
    getUserInfo: (request: FastifyRequest) => request.consoleSession ?? 'signed-out',
    getToken: (request: FastifyRequest) => {
      const body = request.body as Record<string, unknown> | undefined;
      const query = request.query as Record<string, unknown> | undefined;
      const token = body?._csrf ?? query?._csrf ?? request.headers['x-csrf-token'];
      return typeof token === 'string' ? token : '';
    },
  });
  await web.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secure ? { maxAge: 15552000 } : false,
    referrerPolicy: { policy: 'same-origin' },
  });

  web.decorateRequest('consoleSession', null);
  // The API's counters (plugins/rate-limit.ts) with the console's own keys and limit.
  const countRequest = createRequestCounter(web, CONSOLE_REQUESTS_PER_MINUTE, (request) =>
    request.account ? `console:account:${request.account.id}` : `console:ip:${request.ip}`,
  );
  web.addHook('onRequest', async (request) => {
    // The console knows only its own session: an API key header is ignored here.
    request.account = null;
    const found = await accountOfSession(deps, request.cookies[SESSION_COOKIE]);
    if (found) {
      request.account = found.account;
      request.consoleSession = found.tokenHash;
    }
    const { isExceeded, resetSeconds } = await countRequest(request);
    if (isExceeded) {
      throw new AppError('rate_limited', {
        message: `Too many requests: wait ${resetSeconds} seconds and try again.`,
        headers: { 'Retry-After': String(resetSeconds) },
      });
    }
  });

  const layout = (
    request: FastifyRequest,
    reply: FastifyReply,
    title: string,
    account: Account | null = request.account,
  ): pages.Layout => ({
    title,
    account,
    csrf: reply.generateCsrf({ userInfo: request.consoleSession ?? 'signed-out' }),
  });

  const sendPage = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').send(body);

  web.setErrorHandler((rawError: FastifyError, request, reply) => {
    const error = toAppError(rawError);
    if (error.status >= 500) {
      request.log.error({ reqId: request.id, err: rawError, code: error.code }, 'console failed');
    }
    if (error.headers) void reply.headers(error.headers);
    if (request.routeOptions.url?.endsWith('/status')) {
      return reply
        .code(error.status)
        .send({ error: error.message, code: error.code, request_id: request.id });
    }
    const message =
      error.code === 'csrf_invalid'
        ? 'This form has expired or did not come from this site. Reload the page and try again.'
        : error.message;
    return sendPage(
      reply,
      pages.errorPage(layout(request, reply, 'Error'), error.status, message),
      error.status,
    );
  });

  /** Pages behind sign-in: without a session, GETs go to the sign-in page and come back. */
  const requireSession = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.account !== null) return;
    if (request.routeOptions.url?.endsWith('/status')) throw new AppError('unauthorized');
    const target =
      request.method === 'GET'
        ? `/login?next=${encodeURIComponent(request.url)}`
        : '/login?m=expired';
    return reply.redirect(target, 303);
  };
  const signedIn = (request: FastifyRequest): Account => {
    if (request.account === null) throw new AppError('unauthorized');
    return request.account;
  };
  const setSessionCookie = (reply: FastifyReply, session: NewSession) =>
    reply.setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure,
      expires: session.expiresAt,
    });
  const getPage = { config: routeConfig, schema: hidden, preHandler: requireSession };
  const postForm = {
    config: routeConfig,
    schema: hidden,
    preHandler: [requireSession, web.csrfProtection],
  };

  // --- static files and public pages ------------------------------------------------------------

  for (const [path, type, body] of [
    ['/assets/console.css', 'text/css; charset=utf-8', CONSOLE_CSS],
    ['/assets/console.js', 'text/javascript; charset=utf-8', CONSOLE_JS],
  ] as const) {
    web.get(path, { config: routeConfig, schema: hidden }, async (_request, reply) =>
      reply.type(type).header('Cache-Control', 'public, max-age=300').send(body),
    );
  }

  web.get('/', { config: routeConfig, schema: hidden }, async (request, reply) =>
    sendPage(reply, pages.landingPage(layout(request, reply, 'Security scans for MCP servers'))),
  );

  web.get<{ Querystring: { m?: string; next?: string } }>(
    '/login',
    { config: routeConfig, schema: hidden },
    async (request, reply) => {
      if (request.account !== null) return reply.redirect(safeNext(request.query.next), 303);
      const info = NOTICES[request.query.m ?? ''];
      return sendPage(reply, pages.loginPage(layout(request, reply, 'Sign in'), undefined, info));
    },
  );

  web.post<{ Body: { api_key?: string }; Querystring: { next?: string } }>(
    '/login',
    { config: routeConfig, schema: hidden, preHandler: web.csrfProtection },
    async (request, reply) => {
      try {
        const session = await signIn(deps, String(request.body?.api_key ?? ''));
        setSessionCookie(reply, session);
        const referer = request.headers.referer;
        const next = referer
          ? new URL(referer, deps.config.baseUrl).searchParams.get('next')
          : null;
        return reply.redirect(safeNext(next ?? request.query.next), 303);
      } catch (error) {
        if (!isAppError(error) || error.code !== 'unauthorized') throw error;
        return sendPage(
          reply,
          pages.loginPage(layout(request, reply, 'Sign in'), error.message),
          401,
        );
      }
    },
  );

  web.post(
    '/logout',
    { config: routeConfig, schema: hidden, preHandler: web.csrfProtection },
    async (request, reply) => {
      await signOut(deps, request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.redirect('/login?m=signed_out', 303);
    },
  );

  // --- account ----------------------------------------------------------------------------------

  web.get('/account', getPage, async (request, reply) => {
    const summary = await getAccountSummary(deps, signedIn(request));
    return sendPage(reply, pages.accountPage(layout(request, reply, 'Account'), summary));
  });

  web.get('/account/key', getPage, async (request, reply) =>
    sendPage(reply, pages.confirmRotatePage(layout(request, reply, 'New API key'))),
  );

  web.post('/account/key', postForm, async (request, reply) => {
    const rotated = await rotateKey(deps, signedIn(request));
    // Every session ended with the old key, this browser's too; it proved itself with its session
    // and a CSRF token a moment ago, so it gets a fresh one to read the new key and carry on.
    const session = await reopenSession(deps, rotated.account);
    setSessionCookie(reply, session);
    request.account = rotated.account;
    request.consoleSession = sessionTokenHash(session.token);
    return sendPage(
      reply,
      pages.newKeyPage(layout(request, reply, 'New API key', rotated.account), rotated.apiKey),
    );
  });

  // --- scans ------------------------------------------------------------------------------------

  web.get<{ Querystring: { status?: string; page?: string } }>(
    '/scans',
    getPage,
    async (request, reply) => {
      const account = signedIn(request);
      const status = SCAN_STATUSES.includes(request.query.status as ScanStatus)
        ? (request.query.status as ScanStatus)
        : undefined;
      const pageNumber = Math.min(
        1_000_000,
        Math.max(1, Number.parseInt(request.query.page ?? '1', 10) || 1),
      );
      const view = layout(request, reply, 'Scans');
      try {
        const { scans, total } = await listScans(deps, {
          account,
          status,
          offset: (pageNumber - 1) * HISTORY_PAGE_SIZE,
          limit: HISTORY_PAGE_SIZE,
        });
        return sendPage(
          reply,
          pages.scansPage(view, {
            scans: scans.map((scan) => ({ scan, target: displayTarget(scan) })),
            total,
            page: pageNumber,
            perPage: HISTORY_PAGE_SIZE,
            status,
          }),
        );
      } catch (error) {
        if (!isAppError(error) || error.code !== 'plan_required') throw error;
        return sendPage(reply, pages.scansPage(view, { planRequired: error.message }));
      }
    },
  );

  const newScanView = (csrfToken: string, error?: string, url?: string): pages.NewScanView => ({
    csrf: csrfToken,
    maxUploadBytes: deps.config.maxUploadBytes,
    acceptedTypes: ACCEPTED_TYPES,
    ...(error !== undefined ? { error } : {}),
    ...(url !== undefined ? { url } : {}),
  });

  web.get('/scans/new', getPage, async (request, reply) => {
    const view = layout(request, reply, 'New scan');
    return sendPage(reply, pages.newScanPage(view, newScanView(view.csrf)));
  });

  web.post<{ Body: { url?: string; auth_token?: string } }>(
    '/scans/new/url',
    postForm,
    async (request, reply) => {
      const url = String(request.body?.url ?? '').trim();
      try {
        const result = await submitMcpScan(deps, ctx.allowlist, {
          account: signedIn(request),
          url,
          authToken: request.body?.auth_token ? String(request.body.auth_token) : null,
          idempotencyKey: null,
        });
        ctx.metrics.scansSubmitted.inc({ scan_type: 'mcp' });
        return reply.redirect(`/scans/${result.scan.id}`, 303);
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        const view = layout(request, reply, 'New scan');
        return sendPage(
          reply,
          pages.newScanPage(view, newScanView(view.csrf, error.message, url)),
          error.status,
        );
      }
    },
  );

  web.post('/scans/new/files', postForm, async (request, reply) => {
    try {
      const files = await readUploadFiles(request, { maxTotalBytes: deps.config.maxUploadBytes });
      const result = await submitUploadScan(deps, {
        account: signedIn(request),
        files,
        idempotencyKey: null,
      });
      ctx.metrics.scansSubmitted.inc({ scan_type: 'upload' });
      return reply.redirect(`/scans/${result.scan.id}`, 303);
    } catch (rawError) {
      const error = isAppError(rawError) ? rawError : toAppError(rawError as FastifyError);
      if (error.status >= 500) throw rawError;
      const view = layout(request, reply, 'New scan');
      return sendPage(
        reply,
        pages.newScanPage(view, newScanView(view.csrf, error.message)),
        error.status,
      );
    }
  });

  const scanView = async (
    account: Account,
    scanId: string,
    extra: Pick<pages.ScanPageView, 'report' | 'error'> = {},
  ): Promise<pages.ScanPageView> => {
    const { scan, position } = await getScan(deps, account, scanId, ctx.scanCache);
    const result =
      scan.status === 'complete' && scan.result
        ? presentCompleteA(scan, scan.result, {
            tier: account.tier,
            variant: 'A',
            upgradeUrl: upgrade,
          })
        : null;
    let reportsAllowed = true;
    let reportPlanMessage = '';
    try {
      // The plan check the report route makes, without creating anything.
      requireFeature(account, 'reports');
    } catch (error) {
      reportsAllowed = false;
      reportPlanMessage = error instanceof Error ? error.message : String(error);
    }
    return {
      scan,
      target: displayTarget(scan),
      result,
      position,
      reportsAllowed,
      reportPlanMessage,
      ...extra,
    };
  };

  web.get<{ Params: { id: string } }>('/scans/:id', getPage, async (request, reply) => {
    const account = signedIn(request);
    const view = await scanView(account, request.params.id);
    return sendPage(reply, pages.scanPage(layout(request, reply, 'Scan'), view));
  });

  web.get<{ Params: { id: string }; Querystring: { wait?: string } }>(
    '/scans/:id/status',
    getPage,
    async (request, reply) => {
      const account = signedIn(request);
      const wait = Math.min(
        WAIT_SECONDS_MAX,
        Math.max(0, Number.parseInt(request.query.wait ?? '0', 10) || 0),
      );
      const controller = new AbortController();
      const onClose = () => controller.abort();
      reply.raw.once('close', onClose);
      try {
        const { scan, position } = await getScanWaiting(
          deps,
          account,
          request.params.id,
          wait,
          controller.signal,
          ctx.scanCache,
        );
        return {
          scan_id: scan.id,
          status: scan.status,
          ...(position !== undefined ? { position } : {}),
          ...(scan.progress ? { progress: scan.progress } : {}),
          ...(scan.error ? { error: scan.error } : {}),
        };
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );

  web.post<{ Params: { id: string } }>('/scans/:id/report', postForm, async (request, reply) => {
    const account = signedIn(request);
    try {
      const report = await createReport(deps, account, request.params.id);
      const view = await scanView(account, request.params.id, {
        report: { url: reportUrl(deps, report), expiresAt: report.expiresAt },
      });
      return sendPage(reply, pages.scanPage(layout(request, reply, 'Scan'), view));
    } catch (error) {
      if (!isAppError(error) || error.code === 'not_found' || error.status >= 500) throw error;
      const view = await scanView(account, request.params.id, { error: error.message });
      return sendPage(reply, pages.scanPage(layout(request, reply, 'Scan'), view), error.status);
    }
  });

  // --- webhook ----------------------------------------------------------------------------------

  const webhookView = async (
    request: FastifyRequest,
    reply: FastifyReply,
    notices: { error?: string; info?: string } = {},
    status = 200,
  ) => {
    const account = signedIn(request);
    const view = layout(request, reply, 'Webhook');
    try {
      const activity = await webhookActivity(deps, account);
      return sendPage(reply, pages.webhookPage(view, { account, ...activity, ...notices }), status);
    } catch (error) {
      if (!isAppError(error) || error.code !== 'plan_required') throw error;
      return sendPage(reply, pages.webhookPage(view, { planRequired: error.message }), 403);
    }
  };

  web.get<{ Querystring: { m?: string } }>('/webhook', getPage, async (request, reply) => {
    const info = NOTICES[request.query.m ?? ''];
    return webhookView(request, reply, info ? { info } : {});
  });

  web.post<{ Body: { webhook_url?: string } }>('/webhook', postForm, async (request, reply) => {
    const raw = String(request.body?.webhook_url ?? '').trim();
    try {
      const url = await setWebhookUrl(
        deps,
        ctx.allowlist,
        signedIn(request),
        raw === '' ? null : raw,
      );
      return reply.redirect(`/webhook?m=${url === null ? 'cleared' : 'saved'}`, 303);
    } catch (error) {
      if (!isAppError(error) || error.code === 'plan_required' || error.status >= 500) throw error;
      return webhookView(request, reply, { error: error.message }, error.status);
    }
  });

  web.post('/webhook/test', postForm, async (request, reply) => {
    try {
      const event = await sendWebhookTest(deps, signedIn(request));
      return webhookView(
        request,
        reply,
        event.error === null
          ? { info: `Test event delivered: the receiver answered HTTP ${event.statusCode}.` }
          : { error: `Test event not delivered: ${event.error}` },
      );
    } catch (error) {
      if (!isAppError(error) || error.code === 'plan_required' || error.status >= 500) throw error;
      return webhookView(request, reply, { error: error.message }, error.status);
    }
  });
}
