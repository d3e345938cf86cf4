// `palisade submit TARGET… --server URL`: a scan run by a Palisade service instead of locally.
// An http(s) URL is submitted as an MCP scan, anything else as files to upload; the command then
// follows the scan with waiting polls (`GET /v1/scan/{id}?wait=30`, one rate-limited request per
// 30 s at most) and prints the final body as JSON. Exit codes: 0 complete, 2 failed or not done.

import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Command } from 'commander';
import type { CliContext } from './context.js';

/** The longest wait the API grants per poll. */
export const POLL_WAIT_SECONDS = 30;
const EXIT_FAILED = 2;

interface SubmitOptions {
  server: string;
  apiKey?: string;
  token?: string;
  timeout: string;
}

type Body = Record<string, unknown>;

class SubmitError extends Error {}

async function call(
  url: string,
  init: RequestInit,
  ctx: CliContext,
): Promise<{ status: number; body: Body }> {
  for (;;) {
    const response = await fetch(url, init);
    const text = await response.text();
    let body: Body;
    try {
      body = JSON.parse(text) as Body;
    } catch {
      throw new SubmitError(`${url} answered HTTP ${response.status} without JSON`);
    }
    // Over the per-minute request limit: wait as told, then ask again.
    if (response.status === 429 && body.code === 'rate_limited') {
      const seconds = Number(response.headers.get('retry-after') ?? '5');
      ctx.stderr(`rate limited; retrying in ${seconds} s\n`);
      await sleep(Math.max(1, seconds) * 1000);
      continue;
    }
    return { status: response.status, body };
  }
}

async function submitScan(
  base: string,
  targets: string[],
  headers: Record<string, string>,
  options: SubmitOptions,
  ctx: CliContext,
): Promise<string> {
  const only = targets[0];
  const isUrl = targets.length === 1 && only !== undefined && /^https?:\/\//i.test(only);
  let init: RequestInit;
  let path: string;
  if (isUrl) {
    path = '/v1/scan/mcp';
    init = {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ url: only, ...(options.token ? { auth_token: options.token } : {}) }),
    };
  } else {
    const form = new FormData();
    for (const target of targets) {
      const bytes = await readFile(resolve(ctx.cwd, target));
      form.append('files', new Blob([bytes]), basename(target));
    }
    path = '/v1/scan/upload';
    init = { method: 'POST', headers, body: form };
  }
  const { status, body } = await call(`${base}${path}`, init, ctx);
  if (status !== 202 || typeof body.scan_id !== 'string') {
    throw new SubmitError(`submission refused (HTTP ${status}): ${String(body.error ?? '')}`);
  }
  return body.scan_id;
}

export function registerSubmitCommand(program: Command, ctx: CliContext): void {
  program
    .command('submit')
    .description(
      'Scan with a Palisade service: submit an MCP URL or files, follow the scan, print the result.',
    )
    .argument('<targets...>', 'one MCP server URL, or one or more files to upload')
    .requiredOption('--server <url>', 'the service base URL, e.g. https://palisade.example.com')
    .option('--api-key <key>', 'the API key (or set PALISADE_API_KEY)')
    .option('--token <token>', 'bearer token the MCP server needs')
    .option('--timeout <seconds>', 'give up after this long', '600')
    .action(async (targets: string[], options: SubmitOptions) => {
      const key = options.apiKey ?? ctx.env.PALISADE_API_KEY;
      if (!key) {
        ctx.stderr('palisade submit: an API key is needed (--api-key or PALISADE_API_KEY)\n');
        ctx.exitCode = EXIT_FAILED;
        return;
      }
      const base = options.server.replace(/\/+$/, '').replace(/\/v1$/, '');
      const headers = { authorization: `Bearer ${key}` };
      const deadline = Date.now() + Number(options.timeout) * 1000;
      try {
        const id = await submitScan(base, targets, headers, options, ctx);
        ctx.stderr(`submitted scan ${id}\n`);
        for (;;) {
          const left = Math.ceil((deadline - Date.now()) / 1000);
          const wait = Math.max(0, Math.min(POLL_WAIT_SECONDS, left));
          const { status, body } = await call(
            `${base}/v1/scan/${encodeURIComponent(id)}?wait=${wait}`,
            { headers },
            ctx,
          );
          if (status !== 200) {
            throw new SubmitError(`poll refused (HTTP ${status}): ${String(body.error ?? '')}`);
          }
          const state = String(body.status);
          if (state === 'complete' || state === 'completed' || state === 'failed') {
            ctx.stdout(`${JSON.stringify(body, null, 2)}\n`);
            ctx.exitCode = state === 'failed' ? EXIT_FAILED : 0;
            return;
          }
          if (Date.now() >= deadline) {
            throw new SubmitError(`scan ${id} is still ${state} after ${options.timeout} s`);
          }
          ctx.stderr(`${state}${body.progress ? `: ${String(body.progress)}` : ''}\n`);
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        ctx.stderr(`palisade submit: ${message}\n`);
        ctx.exitCode = EXIT_FAILED;
      }
    });
}
