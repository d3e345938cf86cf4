// A plain-text report of one scan result for terminals: a summary line, then one row per
// finding (most severe first, as the engine sorts them) with where it was found.

import { SEVERITIES, type Finding, type ScanResult, type Severity } from './types.js';

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
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

/** Options for the terminal table. */
export interface TableOptions {
  /** Terminal width in columns (default 100); the TITLE and WHERE columns wrap to fit it. */
  width?: number;
  /** Adds each finding's description, evidence and remediation under its row. */
  verbose?: boolean;
  /** Files left out before the scan (a directory walk's refusals), listed after the findings. */
  refused?: readonly { path: string; reason: string }[];
}

const DEFAULT_WIDTH = 100;
const MIN_WIDTH = 40;
const GAP = '  ';

/**
 * Wraps text to lines of at most `width` characters: at spaces, and inside a long word (a path, a
 * JSON pointer) after a separator when one is near, else hard.
 */
export function wrapText(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const lines: string[] = [];
  let line = '';
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  for (let word of words) {
    if (word === '') continue;
    if (line !== '' && line.length + 1 + word.length <= w) {
      line += ` ${word}`;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    while (Array.from(word).length > w) {
      const chars = Array.from(word);
      let cut = w;
      for (let i = w; i > Math.floor(w / 2); i--) {
        if ('/.:_-[]#,'.includes(chars[i - 1] ?? '')) {
          cut = i;
          break;
        }
      }
      lines.push(chars.slice(0, cut).join(''));
      word = chars.slice(cut).join('');
    }
    line = word;
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** The table's lines, grouped per row (a row wraps onto several lines). */
function renderRows(rows: string[][], width: number): string[][] {
  const cols = rows[0]!.length;
  const natural = Array.from({ length: cols }, (_, col) =>
    Math.max(...rows.map((r) => Array.from(r[col] ?? '').length)),
  );
  // Every column but the last two (TITLE, WHERE) keeps its natural width; those two share the
  // rest of the line and wrap when they do not fit.
  const widths = [...natural];
  const fixed = natural.slice(0, cols - 2).reduce((a, b) => a + b, 0) + GAP.length * (cols - 1);
  const available = Math.max(20, width - fixed);
  const title = natural[cols - 2] ?? 0;
  const where = natural[cols - 1] ?? 0;
  if (title + where > available) {
    let titleWidth = Math.min(title, Math.max(10, Math.floor(available * 0.5)));
    let whereWidth = Math.max(10, available - titleWidth);
    if (whereWidth > where) {
      whereWidth = where;
      titleWidth = Math.max(10, available - whereWidth);
    }
    widths[cols - 2] = titleWidth;
    widths[cols - 1] = whereWidth;
  }
  const out: string[][] = [];
  for (const row of rows) {
    const cells = row.map((cell, col) => wrapText(cell, widths[col] ?? 1));
    const height = Math.max(...cells.map((c) => c.length));
    const lines: string[] = [];
    out.push(lines);
    for (let i = 0; i < height; i++) {
      lines.push(
        cells
          .map((c, col) => (col === cols - 1 ? (c[i] ?? '') : padEnd(c[i] ?? '', widths[col] ?? 0)))
          .join(GAP)
          .trimEnd(),
      );
    }
  }
  return out;
}

function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - Array.from(text).length));
}

/** An indented, wrapped paragraph: `label: text`, continuation lines under the text. */
function block(label: string, text: string, width: number, indent = 4): string[] {
  const head = `${' '.repeat(indent)}${label}: `;
  const lines = wrapText(text, Math.max(20, width - head.length));
  return lines.map((l, i) => (i === 0 ? head : ' '.repeat(head.length)) + l);
}

/** Renders one result as text (no colours: safe to pipe and to diff). */
export function formatTable(result: ScanResult, options: TableOptions = {}): string {
  const width = Math.max(MIN_WIDTH, options.width ?? DEFAULT_WIDTH);
  const lines = [
    `Target:   ${result.target}`,
    `Score:    ${result.overallScore}/100 (grade ${result.letterGrade})`,
    `Findings: ${result.findings.length} (${countBySeverity(result.findings)})`,
  ];
  const listed = (title: string, items: readonly { path: string; reason: string }[]) =>
    items.length === 0
      ? []
      : ['', title, ...items.flatMap((s) => block(s.path, s.reason, width, 2))];
  const gaps =
    result.coverage?.gaps.map((g) => ({ path: g.subject, reason: g.reason })) ??
    result.skipped ??
    [];
  const tail = [
    ...listed('Not analysed:', gaps),
    ...listed('Left out (not a file Palisade scans):', options.refused ?? []),
  ];
  if (result.findings.length === 0) {
    return [...lines, '', 'No findings.', ...tail, ''].join('\n');
  }
  const ids = findingIds(result.findings);
  const header = ['SEVERITY', 'ID', 'OWASP', 'TITLE', 'WHERE'];
  const cells = result.findings.map((f, i) => [
    f.severity.toUpperCase(),
    ids[i] ?? '',
    f.owasp,
    flat(f.title),
    flat(whereOf(f)),
  ]);
  const rows = renderRows([header, ...cells], width);
  const table: string[] = [];
  rows.forEach((rowLines, i) => {
    table.push(...rowLines);
    const f = i > 0 ? result.findings[i - 1] : undefined;
    if (!options.verbose || !f) return;
    table.push(...block('Description', flat(f.description), width));
    for (const e of f.evidence.slice(0, 3)) {
      table.push(...block('Evidence', flat(`${e.location}: ${e.snippet}`), width));
    }
    if (f.evidence.length > 3) table.push(`    … and ${f.evidence.length - 3} more`);
    table.push(...block('Remediation', flat(f.remediation), width));
    if (i < rows.length - 1) table.push('');
  });
  const flagged = result.categoryScores.filter((c) => c.rating !== 'pass');
  const categories = flagged.map((c) => `  ${c.category}  ${c.score}  ${c.rating}`);
  return [
    ...lines,
    '',
    ...table,
    ...(categories.length > 0 ? ['', 'Categories at risk:', ...categories] : []),
    ...tail,
    '',
  ].join('\n');
}
