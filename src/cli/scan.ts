// `palisade scan TARGET…`: the engine without the server. Each MCP URL is fetched live and each
// snapshot JSON analysed as a server; all other paths go to the file scanner together. Prints a
// table, the full JSON result (variant B shape) or SARIF; exits 0 clean, 1 when a finding is at or
// above --fail-on, 2 when the scan itself failed.

//
// What a scan needs loads when it needs it (`await import`): the MCP client for URLs, the file
// scanner and its parsers for files, SARIF for --format sarif. A snapshot scan loads none of them.

import { Option, type Command } from 'commander';
import { presentCapabilities, type CapabilitiesView } from '../engine/capability-view.js';
import { findingIds, formatTable } from '../engine/format-table.js';
import { compareSeverity } from '../engine/rules/define-rule.js';
import { SEVERITIES, type Finding, type ScanResult, type Severity } from '../engine/types.js';
import type { CliContext } from './context.js';
import { resolveTarget, type ScanTarget } from './scan-targets.js';

export const EXIT_CLEAN = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_FAILED = 2;

export type OutputFormat = 'table' | 'json' | 'sarif';

export interface ScanCommandOptions {
  format: OutputFormat;
  failOn: Severity;
  token?: string;
  allow: string[];
  quiet?: boolean;
}

type Outcome = { ok: true; result: ScanResult } | { ok: false; target: string; message: string };

// ---------------------------------------------------------------------------------------------
// The variant B result shape (docs/cli.md), with every detail the engine has.

export interface FindingJson {
  id: string;
  title: string;
  severity: Severity;
  owasp_category: string;
  confidence: string;
  description: string;
  remediation: string;
  evidence: string;
  hipaa_mapping: string[] | null;
  soc2_mapping: string[] | null;
  monitor_candidate: boolean;
  rule_id: string;
  cwe?: string;
  owasp_mcp?: string;
  file?: string;
}

export interface ResultJson {
  target: string;
  status: 'complete';
  overall_score: number;
  letter_grade: string;
  category_scores: { category: string; score: number; rating: string }[];
  stats: { tools: number; prompts: number; resources: number; files: number; duration_ms: number };
  findings: FindingJson[];
  /** File scans: what was not analysed, and why. */
  skipped?: { path: string; reason: string }[];
  /** Scans of servers: what the tools can do (informs; not graded). */
  capabilities?: CapabilitiesView;
}

function findingJson(f: Finding, id: string): FindingJson {
  const view: FindingJson = {
    id,
    title: f.title,
    severity: f.severity,
    owasp_category: f.owasp,
    confidence: f.confidence,
    description: f.description,
    remediation: f.remediation,
    evidence: f.evidence
      .map((e) => (e.location ? `${e.location}: ${e.snippet}` : e.snippet))
      .join('\n'),
    hipaa_mapping: f.hipaa.length > 0 ? [...f.hipaa] : null,
    soc2_mapping: f.soc2.length > 0 ? [...f.soc2] : null,
    monitor_candidate: f.monitorCandidate,
    rule_id: f.ruleId,
  };
  if (f.cwe !== undefined) view.cwe = f.cwe;
  if (f.owaspMcp !== undefined) view.owasp_mcp = f.owaspMcp;
  if (f.file !== undefined) view.file = f.file;
  return view;
}

export function toVariantBJson(result: ScanResult): ResultJson {
  const ids = findingIds(result.findings);
  return {
    target: result.target,
    status: 'complete',
    overall_score: result.overallScore,
    letter_grade: result.letterGrade,
    category_scores: result.categoryScores.map((c) => ({
      category: c.category,
      score: c.score,
      rating: c.rating,
    })),
    stats: {
      tools: result.stats.tools,
      prompts: result.stats.prompts,
      resources: result.stats.resources,
      files: result.stats.files,
      duration_ms: result.stats.durationMs,
    },
    findings: result.findings.map((f, i) => findingJson(f, ids[i] ?? `${f.idPrefix}-${i + 1}`)),
    ...(result.skipped ? { skipped: result.skipped.map((s) => ({ ...s })) } : {}),
    ...(result.capabilities ? { capabilities: presentCapabilities(result.capabilities) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function allowlistFrom(options: ScanCommandOptions, ctx: CliContext): Promise<string[]> {
  const fromEnv = (ctx.env.PALISADE_TARGET_ALLOWLIST ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const allowlist = [...fromEnv, ...options.allow];
  if (allowlist.length === 0) return allowlist;
  // The address parser (ipaddr.js) loads only when there is something to parse.
  const { parseCidrList } = await import('../engine/net/address-policy.js');
  parseCidrList(allowlist); // throws a sentence naming the bad entry
  return allowlist;
}

async function scanUrl(
  url: string,
  options: ScanCommandOptions,
  allowlist: string[],
  ctx: CliContext,
): Promise<ScanResult> {
  const progress = (message: string) => {
    if (!options.quiet) ctx.stderr(`palisade: ${message}\n`);
  };
  const token = options.token ?? ctx.env.PALISADE_SCAN_TOKEN;
  const { fetchSnapshot, FetchSnapshotError } = await import('../engine/mcp/fetch-snapshot.js');
  const { scanSnapshot } = await import('../engine/scan-snapshot.js');
  try {
    const snapshot = await fetchSnapshot(url, {
      allowlist,
      onProgress: progress,
      ...(token ? { authToken: token } : {}),
    });
    return scanSnapshot(snapshot);
  } catch (error) {
    // The engine speaks the API's words (`auth_token`); here the option is --token.
    if (error instanceof FetchSnapshotError && error.reason === 'auth_required') {
      throw new Error(error.message.replace('pass an auth_token', 'pass --token'));
    }
    throw error;
  }
}

async function resolveAll(
  args: readonly string[],
  ctx: CliContext,
  outcomes: Outcome[],
): Promise<ScanTarget[]> {
  const targets: ScanTarget[] = [];
  for (const arg of args) {
    try {
      targets.push(await resolveTarget(arg, ctx.cwd));
    } catch (error) {
      outcomes.push({ ok: false, target: arg, message: messageOf(error) });
    }
  }
  return targets;
}

async function scanTargets(
  targets: readonly ScanTarget[],
  options: ScanCommandOptions,
  allowlist: string[],
  ctx: CliContext,
  outcomes: Outcome[],
): Promise<void> {
  const paths: string[] = [];
  for (const target of targets) {
    if (target.kind === 'path') {
      paths.push(target.path);
      continue;
    }
    const name = target.kind === 'url' ? target.url : target.path;
    try {
      const result =
        target.kind === 'url'
          ? await scanUrl(target.url, options, allowlist, ctx)
          : (await import('../engine/scan-snapshot.js')).scanSnapshot(target.snapshot);
      outcomes.push({ ok: true, result });
    } catch (error) {
      outcomes.push({ ok: false, target: name, message: messageOf(error) });
    }
  }
  // Files are scanned together: one result, as an upload of the same files would give.
  if (paths.length > 0) outcomes.push(await scanPaths(paths, options, ctx));
}

async function scanPaths(
  paths: string[],
  options: ScanCommandOptions,
  ctx: CliContext,
): Promise<Outcome> {
  const note = (message: string) => {
    if (!options.quiet) ctx.stderr(`palisade: ${message}\n`);
  };
  try {
    const { collectFiles } = await import('./collect-files.js');
    const { scanFiles } = await import('../engine/scan-files.js');
    const files = await collectFiles(paths, {
      cwd: ctx.cwd,
      onSkip: (path, reason) => note(`skipped ${path}: ${reason}`),
    });
    if (files.length === 0) throw new Error('There is no file Palisade can scan there.');
    return { ok: true, result: await scanFiles(files) };
  } catch (error) {
    return { ok: false, target: paths.join(', '), message: messageOf(error) };
  }
}

async function render(results: readonly ScanResult[], format: OutputFormat): Promise<string> {
  if (format === 'sarif') {
    const { toSarif } = await import('../engine/sarif.js');
    return `${JSON.stringify(toSarif(results), null, 2)}\n`;
  }
  if (format === 'json') {
    const views = results.map(toVariantBJson);
    return `${JSON.stringify(views.length === 1 ? views[0] : views, null, 2)}\n`;
  }
  return results.map(formatTable).join('\n');
}

export function exitCodeFor(outcomes: readonly Outcome[], failOn: Severity): number {
  if (outcomes.some((o) => !o.ok)) return EXIT_FAILED;
  const blocking = outcomes.some(
    (o) => o.ok && o.result.findings.some((f) => compareSeverity(f.severity, failOn) <= 0),
  );
  return blocking ? EXIT_FINDINGS : EXIT_CLEAN;
}

/** Runs the scan command; returns the exit code (the caller sets it: no process.exit here). */
export async function runScan(
  args: readonly string[],
  options: ScanCommandOptions,
  ctx: CliContext,
): Promise<number> {
  // A scan runs each of the rules' regular expressions a few times, once per process. V8 first
  // compiles a regular expression to bytecode and compiles it again to machine code once it runs
  // again (tier-up); straight to machine code costs a short-lived scan about a fifth less CPU
  // (docs/benchmarks.md). Read when a regular expression is compiled, so setting it before the
  // rules load is in time; set here, not in bin/palisade.js, so that `palisade --version` and the
  // other commands do not load node:v8 (and the stream modules it brings).
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--no-regexp-tier-up');
  let allowlist: string[];
  try {
    allowlist = await allowlistFrom(options, ctx);
  } catch (error) {
    ctx.stderr(`palisade: invalid allowlist: ${messageOf(error)}\n`);
    return EXIT_FAILED;
  }
  const outcomes: Outcome[] = [];
  const targets = await resolveAll(args, ctx, outcomes);
  await scanTargets(targets, options, allowlist, ctx, outcomes);

  const results = outcomes.flatMap((o) => (o.ok ? [o.result] : []));
  if (results.length > 0 || options.format === 'sarif') {
    ctx.stdout(await render(results, options.format));
  }
  for (const o of outcomes) {
    if (!o.ok) ctx.stderr(`palisade: could not scan ${o.target}: ${o.message}\n`);
  }
  return exitCodeFor(outcomes, options.failOn);
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function registerScanCommand(program: Command, ctx: CliContext): void {
  program
    .command('scan')
    .description(
      'Scan MCP servers (URLs), snapshot JSON files, client configs, dependency files, code, ' +
        'directories and archives, without the server.',
    )
    .argument('<targets...>', 'MCP URL, snapshot .json, file, directory or archive')
    .addOption(
      new Option('-f, --format <format>', 'output format')
        .choices(['table', 'json', 'sarif'])
        .default('table'),
    )
    .addOption(
      new Option('--fail-on <severity>', 'exit 1 when a finding is at or above this severity')
        .choices([...SEVERITIES])
        .default('high'),
    )
    .option('--token <token>', 'bearer token for MCP URLs (or set PALISADE_SCAN_TOKEN)')
    .option(
      '--allow <cidr>',
      'exempt a CIDR from the private-address block (repeatable; adds to PALISADE_TARGET_ALLOWLIST)',
      collect,
      [],
    )
    .option('-q, --quiet', 'no progress on stderr')
    .action(async (targets: string[], options: ScanCommandOptions) => {
      ctx.exitCode = await runScan(targets, options, ctx);
    });
}
