// A plain-text report of one scan result for terminals: a summary line, then one row per
// finding (most severe first, as the engine sorts them) with where it was found.

import { SEVERITIES, type Finding, type ScanResult, type Severity } from './types.js';

const TITLE_MAX_CHARS = 60;
const WHERE_MAX_CHARS = 60;

function clip(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= maxChars ? flat : `${flat.slice(0, maxChars - 1)}…`;
}

function countBySeverity(findings: readonly Finding[]): string {
  const counts = new Map<Severity, number>(SEVERITIES.map((s) => [s, 0]));
  for (const f of findings) counts.set(f.severity, (counts.get(f.severity) ?? 0) + 1);
  return SEVERITIES.map((s) => `${counts.get(s) ?? 0} ${s}`).join(', ');
}

/** Variant B style ids (`TP-1`, `TP-2`, …), numbered per prefix in the result's order. */
export function findingIds(findings: readonly Finding[]): string[] {
  const counters = new Map<string, number>();
  return findings.map((f) => {
    const n = (counters.get(f.idPrefix) ?? 0) + 1;
    counters.set(f.idPrefix, n);
    return `${f.idPrefix}-${n}`;
  });
}

function whereOf(f: Finding): string {
  const location = f.evidence[0]?.location ?? '';
  if (f.file !== undefined && !location.startsWith(f.file)) {
    return location ? `${f.file} ${location}` : f.file;
  }
  return location || f.file || '';
}

function renderRows(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length)));
  return rows.map((r) =>
    r
      .map((cell, col) => (col === r.length - 1 ? cell : cell.padEnd(widths[col] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

/** Renders one result as text (no colours: safe to pipe and to diff). */
export function formatTable(result: ScanResult): string {
  const lines = [
    `Target:   ${result.target}`,
    `Score:    ${result.overallScore}/100 (grade ${result.letterGrade})`,
    `Findings: ${result.findings.length} (${countBySeverity(result.findings)})`,
  ];
  const skipped = (result.skipped ?? []).map((s) => `  ${s.path}: ${s.reason}`);
  const skippedBlock = skipped.length > 0 ? ['', 'Not analysed:', ...skipped] : [];
  if (result.findings.length === 0) {
    return [...lines, '', 'No findings.', ...skippedBlock, ''].join('\n');
  }
  const ids = findingIds(result.findings);
  const rows = [
    ['SEVERITY', 'ID', 'OWASP', 'TITLE', 'WHERE'],
    ...result.findings.map((f, i) => [
      f.severity.toUpperCase(),
      ids[i] ?? '',
      f.owasp,
      clip(f.title, TITLE_MAX_CHARS),
      clip(whereOf(f), WHERE_MAX_CHARS),
    ]),
  ];
  const flagged = result.categoryScores.filter((c) => c.rating !== 'pass');
  const categories = flagged.map((c) => `  ${c.category}  ${c.score}  ${c.rating}`);
  return [
    ...lines,
    '',
    ...renderRows(rows),
    ...(categories.length > 0 ? ['', 'Categories at risk:', ...categories] : []),
    ...skippedBlock,
    '',
  ].join('\n');
}
