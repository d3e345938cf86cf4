// SARIF 2.1.0 output, for code-scanning dashboards (GitHub, Azure DevOps, IDE viewers). One run
// holds every target scanned together; rule ids are the rules' own ids, so they stay stable
// across runs and a dashboard can track a finding over time.

import { createHash } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Rule, RuleTarget } from './rules/define-rule.js';
import { ALL_RULES } from './rules/index.js';
import type { Evidence, Finding, ScanResult, Severity } from './types.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

type SarifLevel = 'error' | 'warning' | 'note';

const LEVEL: Record<Severity, SarifLevel> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
};

// GitHub reads `security-severity` (0-10) to rank alerts: >= 9 critical, >= 7 high, >= 4 medium.
const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
};

export interface SarifOptions {
  /** The rule catalogue (defaults to every rule the engine has). */
  rules?: readonly Rule<RuleTarget>[];
  toolVersion?: string;
}

export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: SarifRun[];
}

export interface SarifRun {
  tool: { driver: SarifDriver };
  /** One invocation: it succeeded (the findings are real), and each thing a scan could not
   *  analyse is a notification, so a dashboard shows an incomplete scan as such. */
  invocations: SarifInvocation[];
  results: SarifResult[];
  properties: {
    targets: {
      target: string;
      overallScore: number;
      letterGrade: string;
      /** False when something was not analysed (the notifications list it). */
      complete?: boolean;
    }[];
  };
}

export interface SarifNotification {
  level: 'warning';
  message: { text: string };
  descriptor: { id: string };
  locations?: SarifLocation[];
  properties: { target: string; subject: string; reason: string };
}

export interface SarifInvocation {
  executionSuccessful: true;
  toolExecutionNotifications: SarifNotification[];
}

interface SarifDriver {
  name: string;
  version: string;
  rules: SarifRule[];
}

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string };
  helpUri?: string;
  defaultConfiguration: { level: SarifLevel };
  properties: { tags: string[]; precision: string; 'security-severity': string };
}

interface SarifLocation {
  physicalLocation?: {
    artifactLocation: { uri: string };
    region?: { startLine: number; startColumn?: number };
  };
  logicalLocations?: { fullyQualifiedName: string; kind: string }[];
  message?: { text: string };
  /** `pointer`: the RFC 6901 pointer to the quoted value in the scanned snapshot or config. */
  properties?: { pointer: string };
}

export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: { text: string };
  locations: SarifLocation[];
  relatedLocations?: (SarifLocation & { id: number })[];
  partialFingerprints: Record<string, string>;
  properties: Record<string, unknown>;
}

const PRECISION = { high: 'high', medium: 'medium', low: 'low' } as const;

function ruleName(id: string): string {
  return id
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

function sarifRule(rule: Rule<RuleTarget>): SarifRule {
  const m = rule.meta;
  const tags = [
    'security',
    m.owasp,
    ...(m.owaspMcp ? [m.owaspMcp] : []),
    ...(m.cwe ? [m.cwe] : []),
  ];
  const sarif: SarifRule = {
    id: m.id,
    name: ruleName(m.id),
    shortDescription: { text: m.title },
    fullDescription: { text: m.description },
    help: { text: m.remediation },
    defaultConfiguration: { level: LEVEL[m.severity] },
    properties: {
      tags,
      precision: PRECISION[m.confidence],
      'security-severity': SECURITY_SEVERITY[m.severity],
    },
  };
  if (m.references[0]) sarif.helpUri = m.references[0];
  return sarif;
}

/** A rule the catalogue lacks (should not happen) still gets an entry built from its finding. */
function ruleFromFinding(f: Finding): SarifRule {
  return {
    id: f.ruleId,
    name: ruleName(f.ruleId),
    shortDescription: { text: f.title },
    fullDescription: { text: f.title },
    help: { text: f.remediation },
    defaultConfiguration: { level: LEVEL[f.severity] },
    properties: {
      tags: ['security', f.owasp],
      precision: PRECISION[f.confidence],
      'security-severity': SECURITY_SEVERITY[f.severity],
    },
  };
}

const FILE_LINE = /^(.*):(\d+)$/;
const PATH_LINE = /^(.*) \(line (\d+)\)$/;

/**
 * Splits a file finding's evidence location into a line and a path inside the file. Rules write
 * `file:line` (code, lockfiles), `json.path (line N)` (configs) or `file json.path`.
 */
function splitFileLocation(location: string, file: string): { line?: number; inner?: string } {
  const fileLine = FILE_LINE.exec(location);
  if (fileLine && (fileLine[1] === file || fileLine[1] === '' || file.endsWith(fileLine[1]!))) {
    return { line: Number(fileLine[2]) };
  }
  const pathLine = PATH_LINE.exec(location);
  const rest = pathLine ? pathLine[1]! : location;
  const inner = rest.startsWith(`${file} `) ? rest.slice(file.length + 1) : rest;
  return {
    ...(pathLine ? { line: Number(pathLine[2]) } : {}),
    ...(inner !== '' && inner !== file ? { inner } : {}),
  };
}

/**
 * File findings sit at file, line and column; others at a path inside the definition they came
 * from, with the JSON pointer to it.
 */
function locationOf(
  evidence: Evidence | undefined,
  finding: Finding,
  target: string,
): SarifLocation {
  const location = evidence?.location ?? '';
  const file = evidence?.file ?? finding.file;
  let result: SarifLocation;
  if (file !== undefined) {
    const { line: parsed, inner } = splitFileLocation(location, file);
    const line = evidence?.line ?? parsed;
    const physical: NonNullable<SarifLocation['physicalLocation']> = {
      artifactLocation: { uri: toUri(file) },
    };
    if (line !== undefined && line > 0) {
      physical.region = { startLine: line };
      if (evidence?.column !== undefined && evidence.line !== undefined)
        physical.region.startColumn = evidence.column;
    }
    result = { physicalLocation: physical };
    if (inner !== undefined)
      result.logicalLocations = [{ fullyQualifiedName: inner, kind: 'member' }];
  } else {
    result = {
      // The snapshot file or server URL the definition came from, so viewers can group by it.
      physicalLocation: { artifactLocation: { uri: toUri(target) } },
      logicalLocations: [{ fullyQualifiedName: location, kind: 'member' }],
    };
  }
  if (evidence?.pointer !== undefined) result.properties = { pointer: evidence.pointer };
  return result;
}

/**
 * SARIF wants URIs: relative paths with forward slashes and percent-encoding (resolved against
 * the checkout by viewers), absolute paths as file:// URIs, URLs as they are.
 */
function toUri(path: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return path;
  if (isAbsolute(path)) return pathToFileURL(path).href;
  return path.split(/[\\/]/).map(encodeURIComponent).join('/');
}

function fingerprint(f: Finding, target: string): string {
  const first = f.evidence[0];
  return createHash('sha256')
    .update([f.ruleId, f.file ?? target, first?.location ?? '', first?.snippet ?? ''].join('\0'))
    .digest('hex')
    .slice(0, 32);
}

function sarifResult(f: Finding, ruleIndex: number, target: string): SarifResult {
  const [first, ...rest] = f.evidence;
  const primary = locationOf(first, f, target);
  const result: SarifResult = {
    ruleId: f.ruleId,
    ruleIndex,
    level: LEVEL[f.severity],
    message: { text: f.description },
    locations: [primary],
    partialFingerprints: { 'palisadeFinding/v1': fingerprint(f, target) },
    properties: {
      title: f.title,
      severity: f.severity,
      confidence: f.confidence,
      owasp: f.owasp,
      ...(f.owaspMcp ? { owaspMcp: f.owaspMcp } : {}),
      ...(f.cwe ? { cwe: f.cwe } : {}),
      evidence: f.evidence.map((e) => e.snippet),
      target,
    },
  };
  if (rest.length > 0) {
    result.relatedLocations = rest.map((e, i) => ({
      id: i + 1,
      ...locationOf(e, f, target),
      message: { text: e.snippet },
    }));
  }
  return result;
}

/** Id of the notification that says a part of a target was not analysed. */
export const NOT_ANALYSED_ID = 'palisade/not-analysed';

/** One notification per coverage gap. File scans point at the file (or archive entry); live and
 *  snapshot scans name the part of the server (`prompts/list`) inside the target. */
function notificationsOf(result: ScanResult): SarifNotification[] {
  const isFileScan = result.skipped !== undefined;
  return (result.coverage?.gaps ?? []).map((gap) => ({
    level: 'warning',
    message: { text: `Not analysed: ${gap.subject}: ${gap.reason}` },
    descriptor: { id: NOT_ANALYSED_ID },
    locations: [
      isFileScan
        ? { physicalLocation: { artifactLocation: { uri: toUri(gap.subject) } } }
        : {
            physicalLocation: { artifactLocation: { uri: toUri(result.target) } },
            logicalLocations: [{ fullyQualifiedName: gap.subject, kind: 'member' }],
          },
    ],
    properties: { target: result.target, subject: gap.subject, reason: gap.reason },
  }));
}

/** Builds one SARIF log (one run) from the results of one invocation. */
export function toSarif(results: readonly ScanResult[], options: SarifOptions = {}): SarifLog {
  const rules = (options.rules ?? ALL_RULES).map(sarifRule);
  const indexById = new Map(rules.map((r, i) => [r.id, i]));
  const sarifResults: SarifResult[] = [];
  for (const result of results) {
    for (const finding of result.findings) {
      let index = indexById.get(finding.ruleId);
      if (index === undefined) {
        index = rules.push(ruleFromFinding(finding)) - 1;
        indexById.set(finding.ruleId, index);
      }
      sarifResults.push(sarifResult(finding, index, result.target));
    }
  }
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Palisade',
            version: options.toolVersion ?? '0.1.0',
            rules,
          },
        },
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: results.flatMap(notificationsOf),
          },
        ],
        results: sarifResults,
        properties: {
          targets: results.map((r) => ({
            target: r.target,
            overallScore: r.overallScore,
            letterGrade: r.letterGrade,
            ...(r.coverage ? { complete: r.coverage.complete } : {}),
          })),
        },
      },
    ],
  };
}
