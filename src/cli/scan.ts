// `palisade scan TARGET…`: the engine without the server. Each MCP URL is fetched live and each
// snapshot JSON analysed as a server; all other paths go to the file scanner together. Prints a
// table, the full JSON result (variant B shape) or SARIF; exits 0 clean, 1 when a finding is at or
// above --fail-on, 2 when the scan itself failed.

//
// What a scan needs loads when it needs it (`await import`): the MCP client for URLs, the file
// scanner and its parsers for files, SARIF for --format sarif. A snapshot scan loads none of them.

import { Option, type Command } from 'commander';
import {
  compareSeverity,
  findingIds,
  formatTable,
  parseCidrList,
  presentCapabilities,
  presentCoverage,
  presentEvidence,
  type CapabilitiesView,
  type CoverageView,
  type EvidenceView,
} from '../engine/light.js';
import {
  SEVERITIES,
  type CoverageGap,
  type Finding,
  type McpSnapshot,
  type ScanResult,
  type Severity,
} from '../engine/types.js';
import type { CliContext } from './context.js';
import { resolveTarget, type ScanTarget } from './scan-targets.js';
import { loadSnapshotEngine } from './snapshot-engine.js';

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
  /** Scan the MCP clients' configs on this machine (also when no target is given). */
  installed?: boolean;
  /** Start configured stdio servers to list their tools (runs their code). */
  runStdio?: boolean;
  /** Seconds a stdio server has to list everything (default 30). */
  stdioTimeout?: string;
  /** Lockfile of the servers' definitions: written the first time, compared after. */
  pin?: string;
  /** Accept the definitions the servers offer now into the --pin file. */
  updatePin?: boolean;
  verbose?: boolean;
}

/** A file left out while walking a directory, and why. */
interface Refused {
  path: string;
  reason: string;
}

type Outcome =
  | {
      ok: true;
      result: ScanResult;
      /** A server's scan: what it offered, and its key in a --pin file. */
      pinned?: { key: string; snapshot: McpSnapshot };
      refused?: Refused[];
    }
  | { ok: false; target: string; message: string };

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
  /** One entry per line of `evidence`, with exact places: pointer, file, line, column. */
  evidence_details: EvidenceView[];
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
  /** What the scan saw and what it could not analyse (docs/cli.md). */
  coverage?: CoverageView;
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
    evidence_details: f.evidence.map(presentEvidence),
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
    ...(result.coverage ? { coverage: presentCoverage(result.coverage) } : {}),
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
  parseCidrList(allowlist); // throws a sentence naming the bad entry
  return allowlist;
}

async function scanUrl(
  url: string,
  options: ScanCommandOptions,
  allowlist: string[],
  ctx: CliContext,
): Promise<{ snapshot: McpSnapshot; result: ScanResult }> {
  const progress = (message: string) => {
    if (!options.quiet) ctx.stderr(`palisade: ${message}\n`);
  };
  const token = options.token ?? ctx.env.PALISADE_SCAN_TOKEN;
  const { fetchSnapshot, FetchSnapshotError } = await import('../engine/fetch-snapshot.js');
  const { scanSnapshot } = await loadSnapshotEngine();
  try {
    const snapshot = await fetchSnapshot(url, {
      allowlist,
      onProgress: progress,
      ...(token ? { authToken: token } : {}),
    });
    return { snapshot, result: scanSnapshot(snapshot) };
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
      const scanned =
        target.kind === 'url'
          ? await scanUrl(target.url, options, allowlist, ctx)
          : {
              snapshot: target.snapshot,
              result: (await loadSnapshotEngine()).scanSnapshot(target.snapshot),
            };
      outcomes.push({
        ok: true,
        result: scanned.result,
        pinned: { key: name, snapshot: scanned.snapshot },
      });
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
    const { scanFiles, withGaps } = await import('../engine/scan-files.js');
    // Files the walk refused are not analysed: they are part of the result (coverage), not
    // only a line on stderr.
    const refused: CoverageGap[] = [];
    const files = await collectFiles(paths, {
      cwd: ctx.cwd,
      onSkip: (path, reason) => {
        note(`skipped ${path}: ${reason}`);
        refused.push({ subject: path, reason: `not analysed: ${reason}` });
      },
    });
    if (files.length === 0) throw new Error('There is no file Palisade can scan there.');
    return { ok: true, result: withGaps(await scanFiles(files), refused) };
  } catch (error) {
    return { ok: false, target: paths.join(', '), message: messageOf(error) };
  }
}

/** The terminal's width: COLUMNS, else the TTY's, else 100. */
function terminalWidth(ctx: CliContext): number {
  const fromEnv = Number.parseInt(ctx.env.COLUMNS ?? '', 10);
  if (Number.isFinite(fromEnv) && fromEnv > 0) return fromEnv;
  return process.stdout.isTTY && process.stdout.columns ? process.stdout.columns : 100;
}

async function render(
  done: readonly { result: ScanResult; refused?: Refused[] }[],
  options: ScanCommandOptions,
  ctx: CliContext,
): Promise<string> {
  const results = done.map((d) => d.result);
  const format = options.format;
  if (format === 'sarif') {
    const { toSarif } = await import('../engine/sarif.js');
    return `${JSON.stringify(toSarif(results), null, 2)}\n`;
  }
  if (format === 'json') {
    const views = results.map(toVariantBJson);
    return `${JSON.stringify(views.length === 1 ? views[0] : views, null, 2)}\n`;
  }
  const width = terminalWidth(ctx);
  return done
    .map((d) =>
      formatTable(d.result, {
        width,
        verbose: options.verbose === true,
        ...(d.refused && d.refused.length > 0 ? { refused: d.refused } : {}),
      }),
    )
    .join('\n');
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
  // (`palisade scan` as a process compiles regular expressions straight to machine code: V8's
  // --no-regexp-tier-up, set by bin/palisade.js before anything compiles one.)
  let allowlist: string[];
  try {
    allowlist = await allowlistFrom(options, ctx);
  } catch (error) {
    ctx.stderr(`palisade: invalid allowlist: ${messageOf(error)}\n`);
    return EXIT_FAILED;
  }
  if (options.updatePin && !options.pin) {
    ctx.stderr('palisade: --update-pin needs --pin FILE\n');
    return EXIT_FAILED;
  }
  if (args.length === 0 || options.installed) {
    if (args.length > 0) {
      ctx.stderr('palisade: --installed scans this machine; give it no targets\n');
      return EXIT_FAILED;
    }
    return runInstalled(options, allowlist, ctx);
  }
  const outcomes: Outcome[] = [];
  const targets = await resolveAll(args, ctx, outcomes);
  await scanTargets(targets, options, allowlist, ctx, outcomes);
  if (options.pin) {
    const failed = await pinOutcomes(options, ctx, outcomes);
    if (failed) return EXIT_FAILED;
  }

  const done = outcomes.flatMap((o) => (o.ok ? [o] : []));
  if (done.length > 0 || options.format === 'sarif') {
    ctx.stdout(await render(done, options, ctx));
  }
  for (const o of outcomes) {
    if (!o.ok) ctx.stderr(`palisade: could not scan ${o.target}: ${o.message}\n`);
  }
  return exitCodeFor(outcomes, options.failOn);
}

/** `palisade scan` with no target: the MCP clients' configs and servers on this machine. */
async function runInstalled(
  options: ScanCommandOptions,
  allowlist: string[],
  ctx: CliContext,
): Promise<number> {
  const { scanInstalled } = await import('./installed/scan-installed.js');
  const { renderInstalled } = await import('./installed/report.js');
  const timeout = Number(options.stdioTimeout ?? '30');
  if (!Number.isFinite(timeout) || timeout <= 0) {
    ctx.stderr('palisade: --stdio-timeout must be a positive number of seconds\n');
    return EXIT_FAILED;
  }
  const scan = await scanInstalled({
    runStdio: options.runStdio === true,
    allowlist,
    env: ctx.env,
    cwd: ctx.cwd,
    stdioCaps: { timeoutMs: Math.round(timeout * 1000) },
    progress: (message) => {
      if (!options.quiet) ctx.stderr(`palisade: ${message}\n`);
    },
  });
  const outcomes: Outcome[] = scan.servers.map((s) =>
    s.status === 'scanned'
      ? { ok: true, result: s.result, pinned: { key: s.server.pinKey, snapshot: s.snapshot } }
      : { ok: false, target: s.server.pinKey, message: s.reason },
  );
  if (options.pin) {
    if (await pinOutcomes(options, ctx, outcomes)) return EXIT_FAILED;
    // The results with their definition changes go back to the servers they belong to.
    scan.servers.forEach((s, i) => {
      const o = outcomes[i]!;
      if (s.status === 'scanned' && o.ok) s.result = o.result;
    });
  }
  if (scan.configResult) outcomes.push({ ok: true, result: scan.configResult });
  ctx.stdout(await renderInstalled(scan, options.format, toVariantBJson));
  // Servers not started (no --run-stdio, or an inline shell command) are reported, not failures.
  const failures = scan.servers.filter((s) => s.status === 'failed');
  const ran = outcomes.filter((o) => o.ok);
  const code = exitCodeFor(ran, options.failOn);
  return failures.length > 0 ? EXIT_FAILED : code;
}

/** Compares the servers scanned against the --pin file (writing it when new); true on failure. */
async function pinOutcomes(
  options: ScanCommandOptions,
  ctx: CliContext,
  outcomes: Outcome[],
): Promise<boolean> {
  const { applyPinFile } = await import('./pin-file.js');
  const indices = outcomes.flatMap((o, i) => (o.ok && o.pinned ? [i] : []));
  const servers = indices.map((i) => {
    const o = outcomes[i] as Extract<Outcome, { ok: true }>;
    return { key: o.pinned!.key, snapshot: o.pinned!.snapshot, result: o.result };
  });
  try {
    const pinned = await applyPinFile(options.pin!, servers, options.updatePin === true);
    indices.forEach((outcomeIndex, k) => {
      const o = outcomes[outcomeIndex] as Extract<Outcome, { ok: true }>;
      o.result = pinned.results[k]!;
    });
    if (!options.quiet) for (const note of pinned.notes) ctx.stderr(`palisade: pin: ${note}\n`);
    return false;
  } catch (error) {
    ctx.stderr(`palisade: --pin: ${messageOf(error)}\n`);
    return true;
  }
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
    .argument(
      '[targets...]',
      'MCP URL, snapshot .json, file, directory or archive; none: the MCP clients installed here',
    )
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
    .option('--installed', "scan the MCP clients' configs and servers on this machine")
    .option('--run-stdio', 'start configured stdio servers to list their tools (runs their code)')
    .option('--stdio-timeout <seconds>', 'time a stdio server has to list its tools', '30')
    .option('--pin <file>', 'lockfile of server definitions: written first, compared after')
    .option('--update-pin', 'accept the current definitions into the --pin file')
    .option('-v, --verbose', "table: add each finding's description, evidence and remediation")
    .action(async (targets: string[], options: ScanCommandOptions) => {
      ctx.exitCode = await runScan(targets, options, ctx);
    });
}
