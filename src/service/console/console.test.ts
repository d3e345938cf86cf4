// The console over HTTP (app.inject): cookie flags, CSRF, CSP, sessions that survive a restart and
// expire, sign-out, rotation, plan gates and the waiting status poll. The browser suite
// (test/browser) drives the same pages in Chromium.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createSqliteStore } from '../../store/index.js';
import type { Store } from '../../store/port.js';
import { SESSION_LIFETIME_MS, sessionTokenHash } from '../sessions.js';
import {
  makeResult,
  multipartBody,
  startHarness,
  type Harness,
  type TestAccount,
} from '../test-support/harness.js';

function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return Object.fromEntries(list.map((c) => c.split(';')[0]!.split('=') as [string, string]));
}

function csrfOf(body: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(body);
  assert.ok(match, 'the page has a CSRF field');
  return match[1]!;
}

/**
 * Words run together where a template line break swallowed a space ("above.Upgrade"): htm drops
 * whitespace that contains a line break next to an element.
 */
function assertSpaced(body: string): void {
  const text = body.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, '');
  const glued = /[\w.,:;)]<(a|code|strong|em)\b|<\/(a|code|strong|em)>[\w(]/.exec(text);
  assert.equal(
    glued,
    null,
    `glued text: ${glued ? text.slice(glued.index - 40, glued.index + 40) : ''}`,
  );
}

/** A browser stand-in: keeps cookies, posts forms. */
class Browser {
  readonly jar: Record<string, string> = {};
  constructor(private readonly h: Harness) {}
  get cookie(): string {
    return Object.entries(this.jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }
  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const response = await this.h.app.inject({
      method: 'GET',
      url,
      headers: { cookie: this.cookie, ...headers },
    });
    Object.assign(this.jar, cookiesOf(response));
    if (String(response.headers['content-type']).startsWith('text/html'))
      assertSpaced(response.body);
    return response;
  }
  async post(url: string, form: Record<string, string>): Promise<LightMyRequestResponse> {
    const response = await this.h.app.inject({
      method: 'POST',
      url,
      headers: { cookie: this.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    Object.assign(this.jar, cookiesOf(response));
    if (String(response.headers['content-type']).startsWith('text/html'))
      assertSpaced(response.body);
    return response;
  }
  /** Posts a form found on `page` with its CSRF token. */
  async submit(page: string, url: string, form: Record<string, string> = {}) {
    const token = csrfOf((await this.get(page)).body);
    return this.post(url, { _csrf: token, ...form });
  }
  async signIn(key: string): Promise<LightMyRequestResponse> {
    return this.submit('/login', '/login', { api_key: key });
  }
}

describe('web console', () => {
  let h: Harness;
  let dir: string;
  let store: Store;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'palisade-console-'));
    store = await createSqliteStore(join(dir, 'palisade.db'));
    await store.migrate();
    h = await startHarness({ worker: false, store });
  });
  after(async () => {
    await h.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the landing page and the sign-in page with a strict CSP and no inline code', async () => {
    const browser = new Browser(h);
    for (const url of ['/', '/login']) {
      const response = await browser.get(url);
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      const csp = String(response.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ]) {
        assert.ok(csp.includes(directive), `${url}: ${directive} in ${csp}`);
      }
      assert.ok(!/<script(?![^>]*\bsrc=)/.test(response.body), 'no inline script');
      assert.ok(!/\sstyle=/.test(response.body), 'no inline style');
      assert.ok(!/(src|href|action)="(https?:)?\/\//.test(response.body), 'nothing from elsewhere');
    }
    const landing = await browser.get('/');
    assert.match(landing.body, /href="\/login"/);
    assert.match(landing.body, /href="\/docs"/);
  });

  it('signs in with a key into an HttpOnly SameSite=Strict session cookie that holds no key', async () => {
    const { key } = await h.createAccount('developer');
    const browser = new Browser(h);
    const response = await browser.signIn(key);
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, '/account');
    const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = setCookie.find((c) => c.startsWith('palisade_session='));
    assert.ok(session);
    assert.match(session, /; HttpOnly/);
    assert.match(session, /; SameSite=Strict/);
    assert.doesNotMatch(session, /; Secure/, 'plain http in this test');
    assert.ok(!session.includes(key));
    const account = await browser.get('/account');
    assert.equal(account.statusCode, 200);
    assert.match(account.body, /0 of 15/);
    assert.ok(!account.body.includes(key), 'the key is never shown again');
  });

  it('marks the cookies Secure behind https', async () => {
    const secure = await startHarness({
      worker: false,
      env: { PALISADE_BASE_URL: 'https://palisade.example' },
    });
    try {
      const { key } = await secure.createAccount('developer');
      const response = await new Browser(secure).signIn(key);
      const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
      assert.ok(setCookie.length > 0);
      for (const cookie of setCookie) assert.match(cookie, /; Secure/);
      const page = await new Browser(secure).get('/login');
      assert.ok(String(page.headers['strict-transport-security']).includes('max-age='));
    } finally {
      await secure.close();
    }
  });

  it('refuses a wrong key on the page, and forms without a valid CSRF token', async () => {
    const browser = new Browser(h);
    const wrong = await browser.signIn('pal_wrong');
    assert.equal(wrong.statusCode, 401);
    assert.match(wrong.body, /This API key is not valid/);
    assert.match(wrong.body, /role="alert"/);

    const { key } = await h.createAccount('team');
    await browser.signIn(key);
    const noToken = await browser.post('/webhook', { webhook_url: '' });
    assert.equal(noToken.statusCode, 403);
    assert.match(noToken.body, /form has expired or did not come from this site/);
    const badToken = await browser.post('/webhook', { webhook_url: '', _csrf: 'forged' });
    assert.equal(badToken.statusCode, 403);
    // A token minted before sign-in belongs to no session: refused after sign-in.
    const stranger = new Browser(h);
    const preLogin = csrfOf((await stranger.get('/login')).body);
    await stranger.post('/login', { _csrf: preLogin, api_key: key });
    const reused = await stranger.post('/webhook', { _csrf: preLogin, webhook_url: '' });
    assert.equal(reused.statusCode, 403);
  });

  it('keeps sessions across a restart, ends them when they expire and at sign-out', async () => {
    const { key } = await h.createAccount('developer');
    const browser = new Browser(h);
    await browser.signIn(key);
    // A second service on the same database (a restart) accepts the cookie.
    const restarted = await startHarness({ worker: false, store });
    try {
      const again = new Browser(restarted);
      Object.assign(again.jar, browser.jar);
      assert.equal((await again.get('/account')).statusCode, 200);
    } finally {
      await restarted.close();
    }
    // The database holds the token's hash and the account id: no key, no token.
    const stored = await store.sessions.find(
      sessionTokenHash(browser.jar.palisade_session!),
      new Date(),
    );
    assert.ok(stored);
    assert.deepEqual(Object.keys(stored).sort(), [
      'accountId',
      'createdAt',
      'expiresAt',
      'tokenHash',
    ]);

    h.advance(SESSION_LIFETIME_MS + 1000);
    try {
      const expired = await browser.get('/account');
      assert.equal(expired.statusCode, 303);
      assert.equal(expired.headers.location, '/login?next=%2Faccount');
    } finally {
      h.advance(-(SESSION_LIFETIME_MS + 1000));
    }

    const other = new Browser(h);
    await other.signIn(key);
    const out = await other.submit('/account', '/logout');
    assert.equal(out.statusCode, 303);
    assert.equal(out.headers.location, '/login?m=signed_out');
    const after = await other.get('/account');
    assert.equal(after.statusCode, 303);
  });

  it('rotates the key after confirmation: new key shown once, old key 401, other sessions end', async () => {
    const owner: TestAccount = await h.createAccount('developer');
    const first = new Browser(h);
    const second = new Browser(h);
    await first.signIn(owner.key);
    await second.signIn(owner.key);
    const confirm = await first.get('/account/key');
    assert.match(confirm.body, /Yes, generate a new key/);
    const rotated = await first.submit('/account/key', '/account/key');
    assert.equal(rotated.statusCode, 200);
    const newKey = /value="(pal_[0-9A-Za-z]+)"/.exec(rotated.body)?.[1];
    assert.ok(newKey);
    const api = (k: string) =>
      h.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': k } });
    assert.equal((await api(owner.key)).statusCode, 401);
    assert.equal((await api(newKey)).statusCode, 200);
    assert.equal((await second.get('/account')).statusCode, 303, 'the other browser is out');
    const still = await first.get('/account');
    assert.equal(still.statusCode, 200, 'the rotating browser got a fresh session');
    assert.ok(!still.body.includes(newKey), 'shown once');
  });

  it('gates history, reports and webhooks by plan, with upgrade prompts', async () => {
    const free = await h.createAccount('free');
    const scan = await h.seedCompleteScan(free.account, makeResult());
    const browser = new Browser(h);
    await browser.signIn(free.key);
    const page = await browser.get(`/scans/${scan.id}`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /PDF reports? requires the Developer plan/);
    assert.ok(!page.body.includes('Create the PDF report'));
    assert.match(page.body, /Category scores are shown on the Developer plan/);
    assert.ok(!page.body.includes('Remove instructions addressed to the model'), 'no remediation');
    assert.match((await browser.get('/scans')).body, /Scan history requires the Developer plan/);
    const hook = await browser.get('/webhook');
    assert.equal(hook.statusCode, 403);
    assert.match(hook.body, /Webhooks requires the Team plan/);

    const dev = await h.createAccount('developer');
    const devScan = await h.seedCompleteScan(dev.account, makeResult());
    const devBrowser = new Browser(h);
    await devBrowser.signIn(dev.key);
    const devPage = await devBrowser.get(`/scans/${devScan.id}`);
    assert.match(devPage.body, /Remove instructions addressed to the model/);
    assert.match(devPage.body, /<svg/);
    const report = await devBrowser.submit(`/scans/${devScan.id}`, `/scans/${devScan.id}/report`);
    assert.equal(report.statusCode, 200);
    const href = /href="(http:\/\/palisade\.test\/v1\/reports\/[^"]+\.pdf)"/.exec(report.body)?.[1];
    assert.ok(href, 'a report link');
    const pdf = await h.app.inject({ method: 'GET', url: new URL(href).pathname });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
    // Another account's scan is not found.
    assert.equal((await devBrowser.get(`/scans/${scan.id}`)).statusCode, 404);
  });

  it('submits scans from the forms with clear messages for bad input', async () => {
    const { key } = await h.createAccount('developer');
    const browser = new Browser(h);
    await browser.signIn(key);
    const privateTarget = await browser.submit('/scans/new', '/scans/new/url', {
      url: 'http://10.0.0.8/mcp',
    });
    assert.equal(privateTarget.statusCode, 400);
    assert.match(privateTarget.body, /role="alert"[^>]*>[^<]*private/);
    const ok = await browser.submit('/scans/new', '/scans/new/url', {
      url: 'http://127.0.0.1:9/mcp',
    });
    assert.equal(ok.statusCode, 303);
    assert.match(String(ok.headers.location), /^\/scans\/[0-9a-f-]{36}$/);

    const token = csrfOf((await browser.get('/scans/new')).body);
    const upload = (filename: string, content: string) => {
      const form = multipartBody([{ filename, content }]);
      return h.app.inject({
        method: 'POST',
        url: `/scans/new/files?_csrf=${encodeURIComponent(token)}`,
        headers: { ...form.headers, cookie: browser.cookie },
        payload: form.payload,
      });
    };
    const refused = await upload('run.exe', 'MZ\u0090\u0000');
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /run\.exe/);
    const accepted = await upload('mcp.json', '{"mcpServers":{}}');
    assert.equal(accepted.statusCode, 303);
    const form = await browser.get('/scans/new');
    assert.match(form.body, /10 MB/);
    assert.match(form.body, /\.json/);
  });

  it('answers the status poll as JSON, waiting with ?wait, 401 without a session', async () => {
    const { key, account } = await h.createAccount('developer');
    const scan = await h.seedQueuedScan(account);
    const browser = new Browser(h);
    assert.equal((await browser.get(`/scans/${scan.id}/status`)).statusCode, 401);
    await browser.signIn(key);
    const started = performance.now();
    const pending = browser.get(`/scans/${scan.id}/status?wait=10`);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await h.deps.store.scans.fail(scan.id, 'The MCP server did not answer.', new Date());
    const response = await pending;
    const elapsed = performance.now() - started;
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      scan_id: scan.id,
      status: 'failed',
      error: 'The MCP server did not answer.',
    });
    assert.ok(elapsed >= 400 && elapsed < 2000, `${elapsed} ms`);
  });

  it('shows the last webhook deliveries to a team account', async () => {
    const team = await h.createAccount('team');
    const browser = new Browser(h);
    await browser.signIn(team.key);
    const saved = await browser.submit('/webhook', '/webhook', {
      webhook_url: 'https://hooks.example.test/palisade',
    });
    assert.equal(saved.statusCode, 303);
    assert.equal(saved.headers.location, '/webhook?m=saved');
    const page = await browser.get('/webhook?m=saved');
    assert.match(page.body, /The webhook URL is saved/);
    assert.match(page.body, /value="https:\/\/hooks\.example\.test\/palisade"/);
    assert.match(page.body, /No deliveries yet/);
    // A scan-completion delivery appears in the list with its status and last error.
    const scan = await h.seedCompleteScan(team.account, makeResult());
    await h.deps.store.webhooks.createDelivery({
      id: h.deps.newId(),
      accountId: team.account.id,
      scanId: scan.id,
      eventId: h.deps.newId(),
      url: 'https://hooks.example.test/palisade',
      body: '{}',
      status: 'failed',
      attempts: 12,
      nextAttemptAt: null,
      lastError: 'HTTP 500',
      createdAt: new Date(),
    });
    const listed = await browser.get('/webhook');
    assert.match(listed.body, new RegExp(`Scan ${scan.id.slice(0, 8)}`));
    assert.match(listed.body, /d-failed">failed</);
    assert.match(listed.body, />HTTP 500</);
    const cleared = await browser.submit('/webhook', '/webhook', { webhook_url: '' });
    assert.equal(cleared.headers.location, '/webhook?m=cleared');
    assert.equal((await h.deps.store.accounts.findById(team.account.id))?.webhookUrl, null);
  });
});
