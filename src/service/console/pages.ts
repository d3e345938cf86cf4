// The console's pages, rendered on the server with Preact (htm tagged templates, so no build
// step): every interpolated value is escaped by the renderer, never concatenated into HTML.
// No inline script or style anywhere (the Content-Security-Policy allows neither): behaviour is in
// /assets/console.js, looks in /assets/console.css. Forms work without JavaScript.

import { createRequire } from 'node:module';
import { OWASP_CATEGORY_NAMES, SEVERITIES, type OwaspCategory } from '../../engine/types.js';
import type { Account, Scan, ScanStatus, WebhookDelivery } from '../../store/port.js';
import type { WebhookTestEvent } from '../../store/port.js';
import type { FindingViewA, ScanViewA } from '../presenters/variant-a.js';
import { planAllows } from '../../plans.js';
import { reportFileName } from '../../reports/file-name.js';

/** A Preact element; only the renderer looks inside. */
type VNode = { readonly type: unknown; readonly props: unknown };
// Preact is loaded without its type declarations: they pull the DOM library into the whole
// program, where its Response and stream types clash with Node's (engine/net/guarded-fetch.ts).
// The two functions used here are typed by hand.
const require = createRequire(import.meta.url);
const { h } = require('preact') as {
  h: (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => VNode;
};
const { render } = require('preact-render-to-string') as { render: (node: VNode) => string };
const htm = require('htm') as {
  bind(hyperscript: typeof h): (strings: TemplateStringsArray, ...values: unknown[]) => VNode;
};
const html = htm.bind(h);
type Node = VNode | VNode[] | string | null | undefined | false;

export interface Layout {
  title: string;
  /** The signed-in account, for the navigation; null on public pages. */
  account: Account | null;
  csrf: string;
  /** Which navigation entry is current. */
  current?: 'account' | 'scans' | 'new' | 'webhook' | 'login' | 'home';
}

const fmtDate = (d: Date | string): string => {
  const text = typeof d === 'string' ? d : d.toISOString();
  return text.replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
};

function navLink(href: string, label: string, here: boolean): VNode {
  return html`<li>
    <a href=${href} aria-current=${here ? 'page' : undefined}>${label}</a>
  </li>`;
}

function page(layout: Layout, body: Node): string {
  const { account, current } = layout;
  const nav = account
    ? html`<nav aria-label="Console">
        <ul>
          ${navLink('/account', 'Account', current === 'account')}
          ${navLink('/scans', 'Scans', current === 'scans')}
          ${navLink('/scans/new', 'New scan', current === 'new')}
          ${navLink('/webhook', 'Webhook', current === 'webhook')}
          ${navLink('/docs', 'API docs', false)}
          <li>
            <form method="post" action="/logout" class="inline">
              <input type="hidden" name="_csrf" value=${layout.csrf} />
              <button type="submit" class="link">Sign out</button>
            </form>
          </li>
        </ul>
      </nav>`
    : html`<nav aria-label="Site">
        <ul>
          ${navLink('/', 'Home', current === 'home')}
          ${navLink('/login', 'Sign in', current === 'login')}
          ${navLink('/docs', 'API docs', false)}
        </ul>
      </nav>`;
  const doc = html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${layout.title} · Palisade</title>
      <link rel="stylesheet" href="/assets/console.css" />
      <script src="/assets/console.js" defer></script>
    </head>
    <body>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <a class="brand" href=${account ? '/account' : '/'}>Palisade</a>
        ${nav}
      </header>
      <main id="main" tabindex="-1">${body}</main>
      <footer class="foot">
        <p>Palisade scans MCP servers and their files against the OWASP LLM Top 10.</p>
      </footer>
    </body>
  </html>`;
  return `<!doctype html>${render(doc)}`;
}

function notice(kind: 'error' | 'ok' | 'info', text: string | undefined): Node {
  if (!text) return null;
  return html`<p class=${`notice ${kind}`} role=${kind === 'error' ? 'alert' : 'status'}>
    ${text}
  </p>`;
}

function csrfField(csrf: string): VNode {
  return html`<input type="hidden" name="_csrf" value=${csrf} />`;
}

function upgradePrompt(text: string): VNode {
  return html`<p class="upgrade">${text} <a href="/v1/plans">See the plans</a>.</p>`;
}

// ---------------------------------------------------------------------------------------------

export function landingPage(layout: Layout): string {
  return page(
    { ...layout, current: 'home' },
    html`<section class="hero">
      <h1>Security scans for MCP servers</h1>
      <p>
        Palisade connects to your MCP server (or reads its configuration, dependency and code
        files), checks the tools it offers against the OWASP LLM Top 10, and gives you a score, a
        grade and findings you can act on.
      </p>
      <p class="actions">
        <a class="button" href=${layout.account ? '/account' : '/login'}>Open the console</a>
        <a class="button secondary" href="/docs">Read the API docs</a>
      </p>
    </section>`,
  );
}

export function loginPage(layout: Layout, error?: string, info?: string): string {
  return page(
    { ...layout, current: 'login' },
    html`<h1>Sign in</h1>
      ${notice('error', error)} ${notice('info', info)}
      <form method="post" action="/login" class="card">
        ${csrfField(layout.csrf)}
        <label for="api_key">API key</label>
        <input
          id="api_key"
          name="api_key"
          type="password"
          autocomplete="off"
          spellcheck="false"
          required
          aria-describedby="api_key_help"
        />
        <p id="api_key_help" class="help">
          Your key starts with <code>pal_</code>. It is checked once; the browser then keeps only a
          session cookie, never the key.
        </p>
        <button type="submit">Sign in</button>
      </form>`,
  );
}

export interface AccountView {
  account: Account;
  scansUsed: number;
  scansLimit: number;
  resetsAt: Date;
}

export function accountPage(layout: Layout, view: AccountView, info?: string): string {
  const { account } = view;
  const percent = view.scansLimit > 0 ? Math.round((view.scansUsed / view.scansLimit) * 100) : 100;
  return page(
    { ...layout, current: 'account' },
    html`<h1>Account</h1>
      ${notice('ok', info)}
      <dl class="card facts">
        <dt>E-mail</dt>
        <dd>${account.email}</dd>
        <dt>Plan</dt>
        <dd><span class="plan">${account.tier}</span></dd>
        <dt>API key</dt>
        <dd><code class="key" data-testid="key-hint">${account.apiKeyHint}</code></dd>
      </dl>
      <section class="card" aria-labelledby="usage-heading">
        <h2 id="usage-heading">Usage this month</h2>
        <p>
          <span data-testid="usage">${view.scansUsed} of ${view.scansLimit}</span> scans used
          (${percent}%).
        </p>
        <progress
          max=${view.scansLimit}
          value=${Math.min(view.scansUsed, view.scansLimit)}
          aria-label=${`${view.scansUsed} of ${view.scansLimit} scans used`}
        ></progress>
        <p class="help">The quota resets on ${fmtDate(view.resetsAt)}.</p>
      </section>
      <section class="card" aria-labelledby="key-heading">
        <h2 id="key-heading">API key</h2>
        <p>
          Generating a new key revokes the current one immediately: scripts using it get 401 and
          every signed-in browser is signed out.
        </p>
        <a class="button danger" href="/account/key">Generate a new key…</a>
      </section>`,
  );
}

export function confirmRotatePage(layout: Layout): string {
  return page(
    { ...layout, current: 'account' },
    html`<h1>Generate a new API key?</h1>
      <div class="card">
        <p>
          The current key (<code>${layout.account?.apiKeyHint}</code>) stops working${' '}
          <strong>at once</strong>. Every script, CI job and webhook receiver that uses it must be
          given the new key. Every console session of this account is signed out.
        </p>
        <form method="post" action="/account/key" class="actions">
          ${csrfField(layout.csrf)}
          <button type="submit" class="danger">Yes, generate a new key</button>
          <a class="button secondary" href="/account">Cancel</a>
        </form>
      </div>`,
  );
}

export function newKeyPage(layout: Layout, apiKey: string): string {
  return page(
    { ...layout, current: 'account' },
    html`<h1>Your new API key</h1>
      ${notice('ok', 'The old key has been revoked. Other browsers were signed out.')}
      <div class="card">
        <label for="new_key">New API key (shown only this once)</label>
        <input
          id="new_key"
          type="text"
          readonly
          value=${apiKey}
          class="key-field"
          spellcheck="false"
          data-select-on-focus
        />
        <p class="help">Copy it now and keep it secret. Palisade stores only a hash of it.</p>
        <button type="button" data-copy="#new_key">Copy to clipboard</button>
        <p><a href="/account">Back to the account</a></p>
      </div>`,
  );
}

// --- scans ------------------------------------------------------------------------------------

function statusBadge(status: ScanStatus): VNode {
  return html`<span class=${`badge status-${status}`}>${status}</span>`;
}

function gradeBadge(grade: string | null | undefined): Node {
  if (!grade) return html`<span class="muted">—</span>`;
  return html`<span class=${`grade grade-${grade.toLowerCase()}`}>${grade}</span>`;
}

export interface HistoryView {
  scans: { scan: Scan; target: string }[];
  total: number;
  page: number;
  perPage: number;
  status: ScanStatus | undefined;
}

export function scansPage(layout: Layout, view: HistoryView | { planRequired: string }): string {
  if ('planRequired' in view) {
    return page(
      { ...layout, current: 'scans' },
      html`<h1>Scans</h1>
        ${upgradePrompt(view.planRequired)}
        <p>You can still <a href="/scans/new">start a scan</a> and follow it to its result.</p>`,
    );
  }
  const pages = Math.max(1, Math.ceil(view.total / view.perPage));
  const query = (p: number) =>
    `/scans?page=${p}${view.status ? `&status=${encodeURIComponent(view.status)}` : ''}`;
  const rows = view.scans.map(
    ({ scan, target }) =>
      html`<tr>
        <td data-label="Target"><a href=${`/scans/${scan.id}`}>${target}</a></td>
        <td data-label="Date">${fmtDate(scan.createdAt)}</td>
        <td data-label="Status">${statusBadge(scan.status)}</td>
        <td data-label="Score">${scan.result?.overallScore ?? '—'}</td>
        <td data-label="Grade">${gradeBadge(scan.result?.letterGrade)}</td>
        <td data-label="Findings">${scan.result?.findings.length ?? '—'}</td>
      </tr>`,
  );
  const options = ['', 'queued', 'running', 'complete', 'failed'].map(
    (s) =>
      html`<option value=${s} selected=${(view.status ?? '') === s}>
        ${s === '' ? 'All' : s}
      </option>`,
  );
  return page(
    { ...layout, current: 'scans' },
    html`<h1>Scans</h1>
      <form method="get" action="/scans" class="filters">
        <label for="status">Status</label>
        <select id="status" name="status">
          ${options}
        </select>
        <button type="submit">Filter</button>
        <a class="button secondary" href="/scans/new">New scan</a>
      </form>
      ${
        view.scans.length === 0
          ? html`<p>No scans${view.status ? ` with status ${view.status}` : ''} yet.</p>`
          : html`<table class="history">
              <caption>
                ${view.total} scan${view.total === 1 ? '' : 's'}, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Target</th>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                  <th scope="col">Score</th>
                  <th scope="col">Grade</th>
                  <th scope="col">Findings</th>
                </tr>
              </thead>
              <tbody>
                ${rows}
              </tbody>
            </table>`
      }
      <nav class="pager" aria-label="Pages">
        ${view.page > 1 ? html`<a href=${query(view.page - 1)} rel="prev">Previous</a>` : null}
        <span>Page ${view.page} of ${pages}</span>
        ${view.page < pages ? html`<a href=${query(view.page + 1)} rel="next">Next</a>` : null}
      </nav>`,
  );
}

export interface NewScanView {
  error?: string;
  url?: string;
  maxUploadBytes: number;
  acceptedTypes: string[];
  csrf: string;
}

const mb = (bytes: number): string => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export function newScanPage(layout: Layout, view: NewScanView): string {
  return page(
    { ...layout, current: 'new' },
    html`<h1>New scan</h1>
      ${notice('error', view.error)}
      <section class="card" aria-labelledby="url-heading">
        <h2 id="url-heading">Scan an MCP server</h2>
        <form method="post" action="/scans/new/url">
          ${csrfField(view.csrf)}
          <label for="url">Server URL</label>
          <input
            id="url"
            name="url"
            type="url"
            required
            placeholder="https://mcp.example.com/mcp"
            value=${view.url ?? ''}
            aria-describedby="url_help"
          />
          <p id="url_help" class="help">
            http:// or https://; private and reserved addresses are not scanned.
          </p>
          <label for="auth_token">Token (optional)</label>
          <input
            id="auth_token"
            name="auth_token"
            type="password"
            autocomplete="off"
            aria-describedby="token_help"
          />
          <p id="token_help" class="help">
            Sent to the server as a Bearer token; stored encrypted.
          </p>
          <button type="submit">Scan the server</button>
        </form>
      </section>
      <section class="card" aria-labelledby="files-heading">
        <h2 id="files-heading">Scan files</h2>
        <form
          method="post"
          action=${`/scans/new/files?_csrf=${encodeURIComponent(view.csrf)}`}
          enctype="multipart/form-data"
        >
          <div class="dropzone" data-dropzone>
            <label for="files">Choose files, or drop them here</label>
            <input
              id="files"
              name="files"
              type="file"
              multiple
              required
              aria-describedby="files_help"
            />
            <ul class="filelist" data-filelist aria-live="polite"></ul>
          </div>
          <p id="files_help" class="help">
            Up to <strong>${mb(view.maxUploadBytes)}</strong> in total.
            ${` Accepted: ${view.acceptedTypes.join(', ')}.`}
          </p>
          <button type="submit">Scan the files</button>
        </form>
      </section>`,
  );
}

// --- one scan ---------------------------------------------------------------------------------

export interface ScanPageView {
  scan: Scan;
  target: string;
  /** The plan-gated variant A view of a complete scan. */
  result: ScanViewA | null;
  position: number | undefined;
  reportsAllowed: boolean;
  reportPlanMessage: string;
  report?: { url: string; expiresAt: Date };
  error?: string;
}

function categoryChart(categories: NonNullable<ScanViewA['category_scores']>): VNode {
  const rowHeight = 28;
  const height = categories.length * rowHeight;
  const bars = categories.map((c, i) => {
    const y = i * rowHeight;
    const width = Math.max(0, Math.min(100, c.score)) * 2.4;
    const name = OWASP_CATEGORY_NAMES[c.category as OwaspCategory] ?? c.category;
    return html`<g>
      <title>${`${c.category} ${name}: ${c.score} (${c.rating})`}</title>
      <text x="0" y=${y + 18} class="axis">${c.category}</text>
      <rect x="60" y=${y + 6} width="240" height="16" class="track" />
      <rect x="60" y=${y + 6} width=${width} height="16" class=${`bar ${ratingClass(c.rating)}`} />
      <text x="310" y=${y + 18} class="value">${`${c.score} · ${c.rating}`}</text>
    </g>`;
  });
  return html`<figure class="chart">
    <svg
      viewBox=${`0 0 460 ${height}`}
      role="img"
      aria-labelledby="chart-caption"
      preserveAspectRatio="xMinYMin meet"
    >
      ${bars}
    </svg>
    <figcaption id="chart-caption">${chartCaption(categories)}</figcaption>
  </figure>`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function countText(findings: number): string {
  return ` / 100 · ${plural(findings, 'finding')}`;
}

function chartCaption(categories: NonNullable<ScanViewA['category_scores']>): string {
  const parts = categories.map((c) => `${c.category} ${c.score} (${c.rating})`);
  return `Score per OWASP LLM category (100 is best): ${parts.join(', ')}.`;
}

function ratingClass(rating: string): string {
  if (/critical/i.test(rating)) return 'r-critical';
  if (/high/i.test(rating)) return 'r-high';
  if (/medium|moderate/i.test(rating)) return 'r-medium';
  return 'r-low';
}

function findingItem(f: FindingViewA, detailed: boolean): VNode {
  const detail = !detailed
    ? html`<p class="upgrade">
        Description, evidence and remediation are on the Developer plan and above.${' '}
        <a href="/v1/plans">Upgrade</a>.
      </p>`
    : html`${f.description ? html`<p>${f.description}</p>` : null}
      ${
        f.evidence && f.evidence.length > 0
          ? html`<h5>Evidence</h5>
              <ul class="evidence">
                ${f.evidence.map((e) => html`<li><code>${e}</code></li>`)}
              </ul>`
          : null
      }
      ${
        f.remediation
          ? html`<h5>Remediation</h5>
              <p>${f.remediation}</p>`
          : null
      }
      ${
        f.hipaa_mapping && f.hipaa_mapping.length > 0
          ? html`<p class="muted">HIPAA: ${f.hipaa_mapping.join('; ')}</p>`
          : null
      }
      ${
        f.soc2_mapping.length > 0
          ? html`<p class="muted">SOC 2: ${f.soc2_mapping.join('; ')}</p>`
          : null
      }`;
  return html`<li class="finding">
    <details>
      <summary>
        <span class=${`sev sev-${f.severity.toLowerCase()}`}>${f.severity.toLowerCase()}</span>
        <span class="title">${f.title}</span>
        <span class="muted">${f.owasp_category}${f.file ? ` · ${f.file}` : ''}</span>
      </summary>
      ${detail}
    </details>
  </li>`;
}

export function scanPage(layout: Layout, view: ScanPageView): string {
  const { scan, result } = view;
  // What the plan shows comes from the one plan policy (src/plans.ts).
  const detailed = layout.account ? planAllows(layout.account.tier, 'finding-detail') : false;
  const ended = scan.status === 'complete' || scan.status === 'failed';
  const progress =
    scan.status === 'queued'
      ? `Queued${view.position !== undefined ? ` (position ${view.position})` : ''}.`
      : scan.status === 'running'
        ? (scan.progress ?? 'Running.')
        : scan.status === 'failed'
          ? `The scan failed: ${scan.error ?? 'unknown error'}`
          : 'Complete.';
  const head = html`<h1>Scan</h1>
    ${notice('error', view.error)}
    <dl class="card facts">
      <dt>What was scanned</dt>
      <dd data-testid="target">${view.target}</dd>
      <dt>Type</dt>
      <dd>${scan.type === 'mcp' ? 'MCP server' : 'Files'}</dd>
      <dt>Started</dt>
      <dd>${fmtDate(scan.createdAt)}</dd>
      <dt>Status</dt>
      <dd>
        <span
          data-follow-scan=${ended ? undefined : `/scans/${scan.id}/status`}
          data-testid="status"
          aria-live="polite"
          >${statusBadge(scan.status)} <span data-progress>${progress}</span></span
        >
        ${
          ended
            ? null
            : html`<noscript
                ><a href=${`/scans/${scan.id}`}>Refresh</a> to see the progress.</noscript
              >`
        }
      </dd>
    </dl>`;
  if (result === null) return page({ ...layout, current: 'scans' }, head);

  const groups = SEVERITIES.map((severity) => {
    const items = result.findings.filter((f) => f.severity.toLowerCase() === severity);
    if (items.length === 0) return null;
    return html`<section class="severity-group" aria-labelledby=${`sev-${severity}`}>
      <h3 id=${`sev-${severity}`}>
        <span class=${`sev sev-${severity}`}>${severity}</span
        >${` ${plural(items.length, 'finding')}`}
      </h3>
      <ul class="findings">
        ${items.map((f) => findingItem(f, detailed))}
      </ul>
    </section>`;
  });
  const report = view.reportsAllowed
    ? html`<form method="post" action=${`/scans/${scan.id}/report`} class="inline">
          ${csrfField(layout.csrf)}
          <button type="submit">Create the PDF report</button>
        </form>
        ${
          view.report
            ? html`<p class="notice ok" role="status">
                Report ready:${' '}
                <a
                  href=${view.report.url}
                  download=${reportFileName(scan)}
                  data-testid="report-link"
                  >Download the PDF report</a
                >${` (link valid until ${fmtDate(view.report.expiresAt)}).`}
              </p>`
            : null
        }`
    : upgradePrompt(view.reportPlanMessage);
  return page(
    { ...layout, current: 'scans' },
    html`${head}
      <section class="card result" aria-labelledby="result-heading">
        <h2 id="result-heading">Result</h2>
        <p class="score">
          <span class=${`grade big grade-${result.letter_grade.toLowerCase()}`} data-testid="grade"
            >${result.letter_grade}</span
          >
          <span
            >Score <strong>${result.overall_score}</strong>${countText(result.findings_count)}</span
          >
        </p>
        ${
          result.category_scores
            ? categoryChart(result.category_scores)
            : upgradePrompt('Category scores are shown on the Developer plan and above.')
        }
        <div class="actions">${report}</div>
      </section>
      <section aria-labelledby="findings-heading">
        <h2 id="findings-heading">Findings</h2>
        ${result.findings.length === 0 ? html`<p>No findings. Well done.</p>` : groups}
      </section>`,
  );
}

// --- webhook ----------------------------------------------------------------------------------

export interface WebhookView {
  account: Account;
  deliveries: WebhookDelivery[];
  tests: WebhookTestEvent[];
  error?: string;
  info?: string;
}

export function webhookPage(layout: Layout, view: WebhookView | { planRequired: string }): string {
  if ('planRequired' in view) {
    return page(
      { ...layout, current: 'webhook' },
      html`<h1>Webhook</h1>
        ${upgradePrompt(view.planRequired)}`,
    );
  }
  const rows = [
    ...view.deliveries.map((d) => ({
      at: d.createdAt,
      kind: `Scan ${d.scanId.slice(0, 8)}…`,
      status: d.status,
      detail: d.lastError ?? (d.status === 'delivered' ? 'Delivered' : 'Waiting'),
      attempts: d.attempts,
    })),
    ...view.tests.map((t) => ({
      at: t.at,
      kind: 'Test event',
      status: t.error === null ? 'delivered' : 'failed',
      detail: t.error ?? `HTTP ${t.statusCode}`,
      attempts: 1,
    })),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, 10);
  return page(
    { ...layout, current: 'webhook' },
    html`<h1>Webhook</h1>
      ${notice('error', view.error)} ${notice('ok', view.info)}
      <section class="card" aria-labelledby="hook-heading">
        <h2 id="hook-heading">Receiver</h2>
        <form method="post" action="/webhook">
          ${csrfField(layout.csrf)}
          <label for="webhook_url">Webhook URL</label>
          <input
            id="webhook_url"
            name="webhook_url"
            type="url"
            value=${view.account.webhookUrl ?? ''}
            placeholder="https://example.com/hooks/palisade"
            aria-describedby="hook_help"
          />
          <p id="hook_help" class="help">
            Palisade POSTs a JSON event when a scan ends, signed with your API key in${' '}
            <code>X-Palisade-Signature</code>. Leave empty and save to clear.
          </p>
          <button type="submit">Save</button>
        </form>
        ${
          view.account.webhookUrl
            ? html`<form method="post" action="/webhook/test" class="inline">
                ${csrfField(layout.csrf)}
                <button type="submit" class="secondary">Send a signed test event</button>
              </form>`
            : null
        }
      </section>
      <section class="card" aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Last deliveries</h2>
        ${
          rows.length === 0
            ? html`<p>No deliveries yet.</p>`
            : html`<table class="deliveries">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Event</th>
                    <th scope="col">Status</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Detail</th>
                  </tr>
                </thead>
                <tbody>
                  ${rows.map(
                    (r) =>
                      html`<tr>
                        <td data-label="When">${fmtDate(r.at)}</td>
                        <td data-label="Event">${r.kind}</td>
                        <td data-label="Status">
                          <span class=${`badge d-${r.status}`}>${r.status}</span>
                        </td>
                        <td data-label="Attempts">${r.attempts}</td>
                        <td data-label="Detail">${r.detail}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
      </section>`,
  );
}

export function errorPage(layout: Layout, status: number, message: string): string {
  return page(
    layout,
    html`<h1>${status === 404 ? 'Not found' : 'Something went wrong'}</h1>
      ${notice('error', message)}
      <p><a href=${layout.account ? '/account' : '/'}>Go back</a></p>`,
  );
}
