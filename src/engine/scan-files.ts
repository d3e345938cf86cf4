// File scans: uploads and local files, from bytes to findings. Each file is classified (name and
// content must agree), archives are expanded under the caps, and each text file is routed to the
// analysis that fits it: MCP snapshot JSON to the tool-definition rules, client configs to the
// config rules, dependency files to the dependency rules, source code to the code rules (and the
// tools it defines to the tool-definition rules), anything else to the secret checks.

import {
  ArchiveError,
  newInflateBudget,
  readArchive,
  readArchiveSync,
  type ArchiveErrorCode,
  type SkippedEntry,
} from './inputs/archive.js';
import { classifyFile, type Classification, type TextFormat } from './inputs/classify.js';
import { analyseCodeFile, type CodeOutcome } from './analyse-code/index.js';
import { parseClientConfig } from './inputs/config/parse-config.js';
import { parseDependencyFile } from './inputs/deps/index.js';
import {
  DocumentError,
  isRecord,
  parseJsonDocument,
  parseTomlDocument,
  parseYamlDocument,
  type ParsedDocument,
} from './inputs/documents.js';
import { INPUT_LIMITS } from './inputs/limits.js';
import type { ConfigInput, InputFile } from './inputs/types.js';
import {
  runRule,
  sortFindings,
  type Rule,
  type RuleInputs,
  type RuleTarget,
} from './rules/define-rule.js';
import { CONFIG_RULES } from './rules/config/index.js';
import { DEPENDENCY_RULES } from './rules/dependencies/index.js';
import { RuleFailureError, scanSnapshotFindings } from './scan-snapshot.js';
import { score } from './scoring.js';
import { finishCoverage, serverOf, snapshotGaps } from './coverage.js';
import type {
  Coverage,
  CoverageFile,
  CoverageGap,
  Finding,
  McpSnapshot,
  McpTool,
  ProgressFn,
  ScanResult,
} from './types.js';

export interface ScanFilesOptions {
  onProgress?: ProgressFn;
}

export interface SkippedFile {
  path: string;
  reason: string;
}

export type UploadErrorCode = 'unsupported_file_type' | 'payload_too_large' | 'invalid_archive';

export type UploadCheck =
  | {
      ok: true;
      /** Accepted files; archive entries as `archive.zip!/path/in/archive`. */
      accepted: string[];
      /** Archive entries that will not be analysed, with the reason (symlinks, nested archives…). */
      skipped?: SkippedFile[];
    }
  | { ok: false; code: UploadErrorCode; message: string };

/** A file scan that cannot go ahead: the caller maps `code` to its error (400/413). */
export class FileScanError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FileScanError';
  }
}

/** Names as shown to users: control characters replaced, length bounded. */
function displayName(path: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = path.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}

/** How an archive entry is named in results: `archive.zip!/dir/file.json`. */
export function archiveEntryName(archive: string, entry: string): string {
  return `${archive}!/${entry}`;
}

interface ExpandedFile {
  path: string;
  classification: Extract<Classification, { kind: 'text' }>;
}

function rejection(path: string, reason: string): string {
  return `file ${displayName(path)} ${reason.startsWith('is ') || reason.startsWith('its ') ? reason : `was refused: ${reason}`}`;
}

function checkCount(files: InputFile[]): void {
  if (files.length === 0)
    throw new FileScanError('unsupported_file_type', 'no files were uploaded');
  if (files.length > INPUT_LIMITS.maxFiles) {
    throw new FileScanError(
      'payload_too_large',
      `${files.length} files uploaded; at most ${INPUT_LIMITS.maxFiles} are accepted`,
    );
  }
}

function checkTextSize(path: string, bytes: Uint8Array): void {
  if (bytes.length > INPUT_LIMITS.maxTextFileBytes) {
    throw new FileScanError(
      'payload_too_large',
      `file ${displayName(path)} is larger than ${INPUT_LIMITS.maxTextFileBytes / (1024 * 1024)} MB`,
    );
  }
}

/** Classifies archive entries: accepted ones become files, others are skipped with their reason. */
function admitEntries(
  archive: string,
  entries: { path: string; bytes: Uint8Array }[],
  skippedEntries: SkippedEntry[],
  out: ExpandedFile[],
  skipped: SkippedFile[],
): void {
  for (const s of skippedEntries)
    skipped.push({ path: archiveEntryName(archive, s.path), reason: s.reason });
  for (const entry of entries) {
    const name = archiveEntryName(archive, entry.path);
    const classification = classifyFile(entry.path, entry.bytes);
    if (!classification.ok) skipped.push({ path: name, reason: classification.reason });
    else if (classification.kind === 'archive')
      skipped.push({ path: name, reason: 'archives inside archives are not scanned' });
    else out.push({ path: name, classification });
  }
  if (out.length > INPUT_LIMITS.maxFiles) {
    throw new FileScanError(
      'payload_too_large',
      `the upload holds more than ${INPUT_LIMITS.maxFiles} files`,
    );
  }
}

function asFileScanError(error: unknown): unknown {
  if (error instanceof ArchiveError)
    return new FileScanError(error.code satisfies ArchiveErrorCode, error.message);
  return error;
}

/** Expands and classifies an upload for the scan, reading archives as streams under the caps. */
async function expand(
  files: InputFile[],
): Promise<{ files: ExpandedFile[]; skipped: SkippedFile[]; archives: string[] }> {
  checkCount(files);
  const budget = newInflateBudget();
  const out: ExpandedFile[] = [];
  const skipped: SkippedFile[] = [];
  const archives: string[] = [];
  for (const file of files) {
    const classification = classifyFile(file.path, file.bytes);
    if (!classification.ok) {
      throw new FileScanError('unsupported_file_type', rejection(file.path, classification.reason));
    }
    if (classification.kind === 'archive') {
      try {
        const name = displayName(file.path);
        const expanded = await readArchive(name, classification.format, file.bytes, budget);
        admitEntries(name, expanded.files, expanded.skipped, out, skipped);
        archives.push(name);
      } catch (error) {
        throw asFileScanError(error);
      }
      continue;
    }
    checkTextSize(file.path, file.bytes);
    out.push({ path: displayName(file.path), classification });
  }
  return { files: out, skipped, archives };
}

/** Synchronous twin of `expand` for inspection: the same steps with the synchronous reader. */
function expandSync(files: InputFile[]): { files: ExpandedFile[]; skipped: SkippedFile[] } {
  checkCount(files);
  const budget = newInflateBudget();
  const out: ExpandedFile[] = [];
  const skipped: SkippedFile[] = [];
  for (const file of files) {
    const classification = classifyFile(file.path, file.bytes);
    if (!classification.ok)
      throw new FileScanError('unsupported_file_type', rejection(file.path, classification.reason));
    if (classification.kind === 'archive') {
      try {
        const expanded = readArchiveSync(
          displayName(file.path),
          classification.format,
          file.bytes,
          budget,
        );
        admitEntries(displayName(file.path), expanded.files, expanded.skipped, out, skipped);
      } catch (error) {
        throw asFileScanError(error);
      }
      continue;
    }
    checkTextSize(file.path, file.bytes);
    out.push({ path: displayName(file.path), classification });
  }
  return { files: out, skipped };
}

/**
 * Submission-time check (synchronous, bounded): every file classified, archives opened and
 * inflated under the caps. Returns the accepted names or the first reason to refuse the upload.
 */
export function inspectUpload(files: InputFile[]): UploadCheck {
  try {
    const { files: accepted, skipped } = expandSync(files);
    return { ok: true, accepted: accepted.map((f) => f.path), skipped };
  } catch (error) {
    if (error instanceof FileScanError)
      return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Routing and analysis.

interface Collector {
  findings: Finding[];
  failures: { ruleId: string; error: unknown }[];
  tools: number;
  prompts: number;
  resources: number;
  resourceTemplates: number;
  /** The first server a snapshot file names. */
  server?: Coverage['server'];
  /** Files analysed, with the kind they were read as (coverage). */
  files: CoverageFile[];
  /** What was not analysed, and why (coverage gaps; `skipped` for compatibility). */
  skipped: SkippedFile[];
}

function countOf(list: unknown): number {
  return Array.isArray(list) ? list.length : 0;
}

function runRules<T extends RuleTarget>(
  rules: readonly Rule<T>[],
  input: RuleInputs[T],
  file: string,
  c: Collector,
): void {
  for (const rule of rules) {
    for (const finding of runRule(rule, input, (ruleId, error) =>
      c.failures.push({ ruleId, error }),
    )) {
      finding.file ??= file;
      c.findings.push(finding);
    }
  }
}

function runSnapshot(snapshot: McpSnapshot, file: string, c: Collector): void {
  c.tools += snapshot.tools.length;
  c.prompts += countOf(snapshot.prompts);
  c.resources += countOf(snapshot.resources);
  c.resourceTemplates += countOf(snapshot.resourceTemplates);
  c.server ??= snapshot.serverInfo ? serverOf(snapshot) : undefined;
  for (const gap of snapshotGaps(snapshot))
    c.skipped.push({ path: `${file}: ${gap.subject}`, reason: gap.reason });
  c.files.push({ path: file, kind: 'snapshot' });
  try {
    for (const finding of scanSnapshotFindings(snapshot)) {
      finding.file ??= file;
      c.findings.push(finding);
    }
  } catch (error) {
    if (error instanceof RuleFailureError) c.failures.push(...error.failures);
    else throw error;
  }
}

/** `{"tools": [...]}` (or a JSON-RPC `tools/list` result): what a live fetch collects. */
function asSnapshot(doc: unknown, path: string): McpSnapshot | undefined {
  const body =
    isRecord(doc) && isRecord(doc.result) && Array.isArray(doc.result.tools) ? doc.result : doc;
  if (!isRecord(body) || !Array.isArray(body.tools)) return undefined;
  if (!body.tools.every((t) => isRecord(t) && typeof t.name === 'string')) return undefined;
  if ('mcpServers' in body || 'dependencies' in body) return undefined;
  return { ...(body as unknown as McpSnapshot), tools: body.tools as McpTool[], origin: path };
}

/** Text with no more specific reading: secrets are still worth finding in it. */
function genericInput(path: string, text: string, document: unknown = undefined): ConfigInput {
  return { path, client: 'generic', servers: [], duplicateNames: [], document, text };
}

const SECRET_RULES = CONFIG_RULES.filter((r) => r.meta.id === 'config-hardcoded-secret');

// Lockfiles are large and machine-written: no key lines or duplicate-key tracking for them.
const UNTRACKED_KEYS = new Set(['package-lock.json', 'Pipfile.lock']);

function parseStructured(
  format: TextFormat,
  text: string,
  dependencyFile?: string,
): ParsedDocument | undefined {
  if (format === 'json')
    return parseJsonDocument(text, { trackKeys: !UNTRACKED_KEYS.has(dependencyFile ?? '') });
  if (format === 'yaml') return parseYamlDocument(text);
  if (format === 'toml' || format === 'pipfile') return parseTomlDocument(text);
  return undefined;
}

function isCode(file: ExpandedFile): boolean {
  const { format } = file.classification;
  return format === 'javascript' || format === 'typescript' || format === 'python';
}

async function analyseFile(
  file: ExpandedFile,
  c: Collector,
  codeAhead?: Promise<CodeOutcome | undefined>,
): Promise<void> {
  const { path, classification } = file;
  const { format, text, dependencyFile } = classification;
  if (isCode(file)) {
    await analyseCode(path, codeAhead ?? analyseCodeFile(path, text, CODE_CHECK), c);
    return;
  }
  let parsed: ParsedDocument | undefined;
  try {
    parsed = parseStructured(format, text, dependencyFile);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    // The structure could not be read (a bomb, too deep, a syntax error): reported as not
    // analysed, and the text still goes through the secret checks, which need no structure.
    c.skipped.push({ path, reason: `not analysed: ${error.message}` });
    runRules(SECRET_RULES, genericInput(path, text), path, c);
    return;
  }
  if (dependencyFile) {
    const input = parseDependencyFile(dependencyFile, path, text, parsed);
    runRules(DEPENDENCY_RULES, input, path, c);
    c.files.push({ path, kind: 'dependencies' });
    return;
  }
  if (parsed) {
    const snapshot =
      format === 'json' || format === 'yaml' ? asSnapshot(parsed.value, path) : undefined;
    if (snapshot) {
      runSnapshot(snapshot, path, c);
      runRules(SECRET_RULES, genericInput(path, text, parsed.value), path, c);
      return;
    }
    const configFormat = format === 'pipfile' ? 'toml' : format;
    const config =
      configFormat === 'json' || configFormat === 'yaml' || configFormat === 'toml'
        ? parseClientConfig(
            path,
            text,
            parsed.value,
            configFormat,
            parsed.duplicates,
            parsed.keyLines,
          )
        : undefined;
    if (config) {
      runRules(CONFIG_RULES, config, path, c);
      c.files.push({ path, kind: 'mcp-config' });
      return;
    }
  }
  runRules(SECRET_RULES, genericInput(path, text, parsed?.value), path, c);
  c.files.push({ path, kind: 'text' });
}

/** A scan runs the tool-definition rules on the tools found in code where the code was analysed
 *  (for JS/TS, the analysis thread), so that that work is off the main thread too; the tools
 *  themselves are then only counted. */
const CODE_CHECK = { toolRules: true, tools: false } as const;

/** The code rules and the tool-definition rules on the file's tools have already run (on the
 *  analysis thread for JS/TS): their findings and failures are collected here. */
async function analyseCode(
  path: string,
  analysed: Promise<CodeOutcome | undefined>,
  c: Collector,
): Promise<void> {
  const outcome = await analysed;
  if (!outcome) return;
  if (outcome.skipped) c.skipped.push({ path, reason: outcome.skipped });
  else {
    c.files.push({ path, kind: 'code' });
    // A parser that meets a syntax error recovers what it can, and after some errors nothing:
    // a file made to fail parsing must not read as analysed and clean.
    const [first] = outcome.errors;
    if (first !== undefined) {
      const n = outcome.errors.length;
      c.skipped.push({
        path,
        reason: `partly analysed: ${n} syntax error${n === 1 ? '' : 's'} (first at line ${first.slice(0, 200)}); only what the parser recovered was checked`,
      });
    }
  }
  c.failures.push(...outcome.failures);
  c.tools += outcome.toolCount;
  for (const finding of [...outcome.findings, ...(outcome.toolFindings ?? [])]) {
    finding.file ??= path;
    c.findings.push(finding);
  }
}

/** JS/TS files whose analysis starts ahead of their turn: the analysis thread parses them and
 *  runs their code rules while this thread runs the tool-definition rules of earlier files and
 *  parses Python, so a scan uses two cores. Bounded, so that a slow main thread does not queue
 *  the whole upload's texts on the analysis thread. */
const CODE_LOOKAHEAD_FILES = 8;

/** Starts the analysis of upcoming JS/TS files, at most CODE_LOOKAHEAD_FILES ahead. */
class CodeLookahead {
  private readonly started = new Map<number, Promise<CodeOutcome | undefined>>();
  private next = 0;

  constructor(private readonly files: readonly ExpandedFile[]) {}

  /** The analysis of file `index` if it was started ahead (it is then handed over once). */
  take(index: number): Promise<CodeOutcome | undefined> | undefined {
    const parsed = this.started.get(index);
    this.started.delete(index);
    this.fill(index + 1);
    return parsed;
  }

  private fill(from: number): void {
    this.next = Math.max(this.next, from);
    while (this.started.size < CODE_LOOKAHEAD_FILES && this.next < this.files.length) {
      const i = this.next++;
      const file = this.files[i]!;
      const format = file.classification.format;
      if (format !== 'javascript' && format !== 'typescript') continue;
      const parsed = analyseCodeFile(file.path, file.classification.text, CODE_CHECK);
      // Handled when its turn comes; until then a failure must not count as unhandled.
      parsed.catch(() => undefined);
      this.started.set(i, parsed);
    }
  }
}

function filesCoverage(c: Collector): Coverage {
  const gaps: CoverageGap[] = c.skipped.map((s) => ({ subject: s.path, reason: s.reason }));
  return finishCoverage({
    ...(c.server ? { server: c.server } : {}),
    counts: {
      tools: c.tools,
      prompts: c.prompts,
      resources: c.resources,
      resourceTemplates: c.resourceTemplates,
    },
    files: c.files,
    gaps,
  });
}

/** Adds gaps found outside the engine (files a directory walk refused) to a file scan's result:
 *  the coverage, `skipped` and the grade (an incomplete scan is not an A) follow. */
export function withGaps(result: ScanResult, gaps: readonly CoverageGap[]): ScanResult {
  if (gaps.length === 0) return result;
  const previous = result.coverage;
  const coverage = finishCoverage({
    ...(previous?.server ? { server: previous.server } : {}),
    counts: previous?.counts ?? {
      tools: result.stats.tools,
      prompts: result.stats.prompts,
      resources: result.stats.resources,
      resourceTemplates: 0,
    },
    files: previous?.files ?? [],
    gaps: [...gaps, ...(previous?.gaps ?? [])],
  });
  return {
    ...result,
    ...score(result.findings, { complete: coverage.complete }),
    skipped: [
      ...gaps.map((g) => ({ path: g.subject, reason: g.reason })),
      ...(result.skipped ?? []),
    ],
    coverage,
  };
}

/**
 * Scans uploaded or local files. Throws FileScanError when the upload breaks a rule or cap
 * (unsupported type, bomb, traversal) and RuleFailureError when a detector failed; a file that
 * cannot be parsed is skipped with its reason and the scan goes on.
 */
export async function scanFiles(
  files: InputFile[],
  options: ScanFilesOptions = {},
): Promise<ScanResult> {
  const startedAt = performance.now();
  const progress = options.onProgress ?? ((): void => undefined);
  progress(`Reading ${files.length} uploaded file${files.length === 1 ? '' : 's'}`);
  let expanded: Awaited<ReturnType<typeof expand>>;
  try {
    expanded = await expand(files);
  } catch (error) {
    throw asFileScanError(error);
  }
  const c: Collector = {
    findings: [],
    failures: [],
    tools: 0,
    prompts: 0,
    resources: 0,
    resourceTemplates: 0,
    files: expanded.archives.map((path) => ({ path, kind: 'archive' })),
    skipped: [...expanded.skipped],
  };
  const total = expanded.files.length;
  const lookahead = new CodeLookahead(expanded.files);
  for (const [i, file] of expanded.files.entries()) {
    progress(`Analysing ${i + 1} of ${total} files: ${file.path}`);
    try {
      await analyseFile(file, c, lookahead.take(i));
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      c.skipped.push({ path: file.path, reason: `not analysed: ${error.message}` });
    }
  }
  if (c.failures.length > 0) throw new RuleFailureError(c.failures);
  const findings = sortFindings(c.findings);
  const coverage = filesCoverage(c);
  const result: ScanResult = {
    ...score(findings, { complete: coverage.complete }),
    findings,
    target: files.map((f) => displayName(f.path)).join(', '),
    stats: {
      tools: c.tools,
      prompts: c.prompts,
      resources: c.resources + c.resourceTemplates,
      files: total,
      durationMs: Math.round(performance.now() - startedAt),
    },
    skipped: c.skipped,
    coverage,
  };
  for (const s of c.skipped) progress(`Skipped ${s.path}: ${s.reason}`);
  return result;
}
