// npm run eval: detection accuracy on the labelled third-party benchmark.
// Prints recall on eligible malicious cases, the share of benign cases with a high or critical
// finding, reference-server noise, tables per source and attack type, and the worst offenders.
// Exits non-zero when a target is missed.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scanSnapshotFindings } from '../src/engine/scan-snapshot.js';
import { scanFiles } from '../src/engine/scan-files.js';
import type { Finding, McpTool, Severity } from '../src/engine/types.js';

interface BenchCase {
  id: string;
  kind: 'tools' | 'file';
  tools?: McpTool[];
  filename?: string;
  content?: string;
  label: 'malicious' | 'benign';
  attack: string;
  detectable_from?: string;
}

const TARGET_RECALL = 0.9;
const TARGET_BENIGN_HIGH_RATE = 0.05;
const SNAPSHOT_SIGNALS = ['description', 'schema', 'name', 'annotations'];
const FILE_SIGNALS = ['config', 'dependencies'];
const REFERENCE_SOURCE = 'mcp_reference_servers';
// Cisco's "offensive capability" tools say openly what they do; the README asks to stratify them.
const OFFENSIVE_ID_RE = /^cisco-remote-malicious-/;

const benchDir = resolve(
  process.env.PALISADE_BENCH_DIR ??
    join(import.meta.dirname, '../../shared/benchmarks/third_party'),
);

const AT_LEAST_MEDIUM: ReadonlySet<Severity> = new Set(['critical', 'high', 'medium']);
const AT_LEAST_HIGH: ReadonlySet<Severity> = new Set(['critical', 'high']);

interface Outcome {
  source: string;
  c: BenchCase;
  findings: Finding[];
}

function isSnapshotEligible(c: BenchCase): boolean {
  if (c.kind !== 'tools') return false;
  if (c.label === 'benign') return true;
  return SNAPSHOT_SIGNALS.some((s) => (c.detectable_from ?? '').includes(s));
}

function isFileEligible(c: BenchCase): boolean {
  return (
    c.kind === 'file' &&
    (c.label === 'benign' || FILE_SIGNALS.some((s) => (c.detectable_from ?? '').includes(s)))
  );
}

const caught = (o: Outcome): boolean => o.findings.some((f) => AT_LEAST_MEDIUM.has(f.severity));
const loud = (o: Outcome): boolean => o.findings.some((f) => AT_LEAST_HIGH.has(f.severity));
const pct = (n: number, d: number): string =>
  d === 0 ? '   n/a' : `${((100 * n) / d).toFixed(1).padStart(5)}%`;

function loadCases(): { source: string; c: BenchCase }[] {
  const out: { source: string; c: BenchCase }[] = [];
  for (const name of readdirSync(benchDir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const data = JSON.parse(readFileSync(join(benchDir, name), 'utf8')) as { cases: BenchCase[] };
    for (const c of data.cases) out.push({ source: name.replace(/\.json$/, ''), c });
  }
  return out;
}

function table(title: string, rows: Map<string, Outcome[]>): void {
  console.log(`\n${title}`);
  console.log(
    `${'group'.padEnd(40)} ${'mal'.padStart(5)} ${'recall'.padStart(7)} ${'benign'.padStart(7)} ${'high FP'.padStart(8)}`,
  );
  for (const [key, list] of [...rows.entries()].sort()) {
    const mal = list.filter((o) => o.c.label === 'malicious');
    const ben = list.filter((o) => o.c.label === 'benign');
    console.log(
      `${key.padEnd(40)} ${String(mal.length).padStart(5)} ${pct(mal.filter(caught).length, mal.length).padStart(7)} ${String(ben.length).padStart(7)} ${pct(ben.filter(loud).length, ben.length).padStart(8)}`,
    );
  }
}

/** Per rule: on how many malicious and benign cases it raised medium+ (and high+) findings. */
function ruleTable(malicious: Outcome[], benign: Outcome[]): void {
  const ids = [
    ...new Set([...malicious, ...benign].flatMap((o) => o.findings.map((f) => f.ruleId))),
  ].sort();
  const count = (list: Outcome[], id: string, sev: ReadonlySet<Severity>): number =>
    list.filter((o) => o.findings.some((f) => f.ruleId === id && sev.has(f.severity))).length;
  console.log('\nBy rule (cases with a finding of this rule)');
  console.log(
    `${'rule'.padEnd(40)} ${'mal med+'.padStart(9)} ${'mal high+'.padStart(10)} ${'ben med+'.padStart(9)} ${'ben high+'.padStart(10)}`,
  );
  for (const id of ids) {
    console.log(
      `${id.padEnd(40)} ${String(count(malicious, id, AT_LEAST_MEDIUM)).padStart(9)} ${String(count(malicious, id, AT_LEAST_HIGH)).padStart(10)} ${String(count(benign, id, AT_LEAST_MEDIUM)).padStart(9)} ${String(count(benign, id, AT_LEAST_HIGH)).padStart(10)}`,
    );
  }
}

function groupBy(list: Outcome[], key: (o: Outcome) => string): Map<string, Outcome[]> {
  const m = new Map<string, Outcome[]>();
  for (const o of list) m.set(key(o), [...(m.get(key(o)) ?? []), o]);
  return m;
}

function describe(o: Outcome, severities: ReadonlySet<Severity>): string {
  const rules = [
    ...new Set(
      o.findings.filter((f) => severities.has(f.severity)).map((f) => `${f.ruleId}:${f.severity}`),
    ),
  ];
  return `${o.c.id} [${o.c.attack}] ${rules.join(', ')}`;
}

async function scanFileCases(
  cases: { source: string; c: BenchCase }[],
): Promise<Outcome[] | string> {
  const out: Outcome[] = [];
  for (const { source, c } of cases) {
    try {
      const result = await scanFiles([
        { path: c.filename ?? 'file', bytes: Buffer.from(c.content ?? '', 'utf8') },
      ]);
      out.push({ source, c, findings: result.findings });
    } catch (error) {
      if (error instanceof Error && /not implemented/i.test(error.message))
        return 'not yet measured (scanFiles is not implemented)';
      throw error;
    }
  }
  return out;
}

async function main(): Promise<number> {
  const all = loadCases();
  const startedAt = performance.now();
  const outcomes: Outcome[] = all
    .filter(({ c }) => isSnapshotEligible(c))
    .map(({ source, c }) => ({
      source,
      c,
      findings: scanSnapshotFindings({ tools: c.tools ?? [] }),
    }));
  const elapsedMs = performance.now() - startedAt;
  const tools = outcomes.reduce((n, o) => n + (o.c.tools?.length ?? 0), 0);

  const malicious = outcomes.filter((o) => o.c.label === 'malicious');
  const benign = outcomes.filter((o) => o.c.label === 'benign');
  const reference = benign.filter((o) => o.source === REFERENCE_SOURCE);
  const stratified = malicious.filter((o) => !OFFENSIVE_ID_RE.test(o.c.id));
  const recall = malicious.filter(caught).length / malicious.length;
  const benignHighRate = benign.filter(loud).length / benign.length;
  const referenceLoud = reference.filter(loud).length;
  const benignAny = benign.filter(caught).length;

  console.log(`Benchmark: ${benchDir}`);
  console.log(
    `Snapshot cases: ${outcomes.length} (${malicious.length} eligible malicious, ${benign.length} benign), ${tools} tools, ${elapsedMs.toFixed(0)} ms`,
  );
  console.log(
    `Recall (some finding >= medium):          ${pct(malicious.filter(caught).length, malicious.length)}  (${malicious.filter(caught).length}/${malicious.length}; target >= ${TARGET_RECALL * 100}%)`,
  );
  console.log(
    `Recall excluding Cisco offensive tools:   ${pct(stratified.filter(caught).length, stratified.length)}  (${stratified.filter(caught).length}/${stratified.length})`,
  );
  console.log(
    `Benign cases with a high/critical finding: ${pct(benign.filter(loud).length, benign.length)}  (${benign.filter(loud).length}/${benign.length}; target <= ${TARGET_BENIGN_HIGH_RATE * 100}%)`,
  );
  console.log(
    `Benign cases with a medium+ finding:       ${pct(benignAny, benign.length)}  (${benignAny}/${benign.length}; informational)`,
  );
  console.log(
    `Reference servers with high/critical:      ${referenceLoud}/${reference.length} (target 0)`,
  );
  console.log(
    `Malicious with a high/critical finding:    ${pct(malicious.filter(loud).length, malicious.length)}  (${malicious.filter(loud).length}/${malicious.length}; informational)`,
  );

  table(
    'By source',
    groupBy(outcomes, (o) => o.source),
  );
  table(
    'By attack (malicious)',
    groupBy(malicious, (o) => o.c.attack),
  );

  ruleTable(malicious, benign);

  const fps = benign.filter(loud);
  console.log(`\nBenign cases with high/critical findings (${fps.length}):`);
  for (const o of fps.slice(0, 40)) console.log(`  ${describe(o, AT_LEAST_HIGH)}`);
  const misses = malicious.filter((o) => !caught(o));
  console.log(`\nMissed malicious cases (${misses.length}):`);
  for (const o of misses.slice(0, 80))
    console.log(
      `  ${o.source}: ${o.c.id} [${o.c.attack}; ${o.c.detectable_from}]${o.findings.length ? ` low: ${o.findings.map((f) => f.ruleId).join(',')}` : ''}`,
    );

  const fileCases = all.filter(({ c }) => isFileEligible(c));
  const fileOutcomes = await scanFileCases(fileCases);
  if (typeof fileOutcomes === 'string') {
    console.log(`\nFile cases (${fileCases.length}): ${fileOutcomes}`);
  } else {
    const fm = fileOutcomes.filter((o) => o.c.label === 'malicious');
    const fb = fileOutcomes.filter((o) => o.c.label === 'benign');
    console.log(
      `\nFile cases: recall ${pct(fm.filter(caught).length, fm.length)} (${fm.filter(caught).length}/${fm.length}), benign high/critical ${fb.filter(loud).length}/${fb.length}`,
    );
  }

  const missed: string[] = [];
  if (recall < TARGET_RECALL) missed.push('recall');
  if (benignHighRate > TARGET_BENIGN_HIGH_RATE) missed.push('benign high rate');
  if (referenceLoud > 0) missed.push('reference servers');
  console.log(missed.length ? `\nTARGETS MISSED: ${missed.join(', ')}` : '\nAll targets met.');
  return missed.length ? 1 : 0;
}

process.exitCode = await main();
