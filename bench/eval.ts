// npm run eval: detection accuracy on the labelled third-party benchmark.
// Prints recall on eligible malicious cases, the share of benign cases with a high or critical
// finding, reference-server noise, tables per source and attack type, and the worst offenders.
// Exits non-zero when a target is missed.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { calibrateFindings, CORROBORATION_THRESHOLD } from '../src/engine/calibrate.js';
import {
  readsProse,
  scanSnapshot,
  scanSnapshotFindings,
  snapshotRuleFindings,
} from '../src/engine/scan-snapshot.js';
import { scanFiles } from '../src/engine/scan-files.js';
import type { Finding, McpSnapshot, McpTool, Severity } from '../src/engine/types.js';
import {
  isWithin,
  LEARNED_RULE,
  LEARNED_THRESHOLD,
  loudAfterCalibration,
  loudByRules,
  leaveEachOut,
  loadTrainingSources,
  targetPrefix,
  TRAINING_SETS,
  type BlindCase,
  type HeldOutCase,
} from './learned/data.js';
import { CORPUS_SNAPSHOT_DIR, HELDOUT_SNAPSHOT_DIR } from './wild/servers.js';

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

const TARGET_RECALL = 0.95;
const TARGET_BENIGN_HIGH_RATE = 0.03;
/** Share of real servers with a high or critical finding a reviewer calls false (issue 11). */
const TARGET_WILD_FALSE_HIGH_RATE = 0.03;
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

/** F1 of "some finding at medium or above" over malicious (positives) and benign (negatives). */
function f1(truePositives: number, positives: number, falsePositives: number): string {
  const precision =
    truePositives + falsePositives === 0 ? 0 : truePositives / (truePositives + falsePositives);
  const recall = positives === 0 ? 0 : truePositives / positives;
  const score = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return `F1 ${score.toFixed(3)} (precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)})`;
}

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
  // --sets a,b: only those blind sets (a new set's first measurement), nothing else.
  const only = process.argv.indexOf('--sets');
  if (only >= 0) {
    const names = (process.argv[only + 1] ?? '').split(',').filter(Boolean);
    return names.flatMap((name) => evaluateBlindHalf(name)).length ? 1 : 0;
  }
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
  console.log(`Third-party ${f1(malicious.filter(caught).length, malicious.length, benignAny)}`);
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
  missed.push(
    ...evaluateBlindSets(),
    ...evaluateWildCorpus(wildDir, 'Real-world corpus', true),
    ...evaluateWildCorpus(
      HELDOUT_SNAPSHOT_DIR,
      'Held-out real servers (never tuned to or trained on)',
      false,
    ),
  );
  evaluateLearnedLeaveOneOut();
  if (recall < TARGET_RECALL) missed.push('recall');
  if (benignHighRate > TARGET_BENIGN_HIGH_RATE) missed.push('benign high rate');
  if (referenceLoud > 0) missed.push('reference servers');
  console.log(missed.length ? `\nTARGETS MISSED: ${missed.join(', ')}` : '\nAll targets met.');
  return missed.length ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// The blind set (bench/blind/): plain-language attacks planted into real servers' tools by a
// writer who had not read the rules, in two halves. The dev half is used while developing; the
// holdout half is only measured (run with --no-holdout while tuning). A case counts as caught
// only when a finding at medium or above points at the planted item, and a benign case counts as
// loud only when a high or critical finding points at its item.

const blindDir = resolve(process.env.PALISADE_BLIND_DIR ?? join(import.meta.dirname, 'blind'));

function onTarget(
  findings: Finding[],
  prefix: string | undefined,
  severities: ReadonlySet<Severity>,
): boolean {
  if (prefix === undefined) return false;
  return findings.some(
    (f) => severities.has(f.severity) && f.evidence.some((e) => isWithin(e.location, prefix)),
  );
}

/** Each blind case's findings, scanned once: the halves and the leave-one-out read the same
 *  rules' findings (the leave-one-out calibrates them with its own model). */
const BLIND_FINDINGS = new Map<string, { raw: Finding[]; shipped: Finding[] }>();
function scannedBlindCase(set: string, c: BlindCase): { raw: Finding[]; shipped: Finding[] } {
  const key = `${set}/${c.id}`;
  let found = BLIND_FINDINGS.get(key);
  if (!found) {
    const raw = snapshotRuleFindings(c.snapshot);
    found = { raw, shipped: calibrateFindings(c.snapshot, raw, readsProse) };
    BLIND_FINDINGS.set(key, found);
  }
  return found;
}
const blindFindings = (set: string, c: BlindCase): Finding[] => scannedBlindCase(set, c).shipped;
const blindRuleFindings = (set: string, c: BlindCase): Finding[] => scannedBlindCase(set, c).raw;

function evaluateBlindHalf(name: string): string[] {
  const file = join(blindDir, `${name}.json`);
  if (!existsSync(file)) {
    console.log(`\nBlind set ${name}: not found at ${file}`);
    return [];
  }
  const cases = (JSON.parse(readFileSync(file, 'utf8')) as { cases: BlindCase[] }).cases;
  const rows = cases.map((c) => {
    const findings = blindFindings(name, c);
    const prefix = targetPrefix(c);
    return {
      c,
      findings,
      caught: onTarget(findings, prefix, AT_LEAST_MEDIUM),
      byRules: onTarget(
        findings.filter((f) => f.ruleId !== LEARNED_RULE),
        prefix,
        AT_LEAST_MEDIUM,
      ),
      loud: onTarget(findings, prefix, AT_LEAST_HIGH),
      loudByRules: onTarget(blindRuleFindings(name, c), prefix, AT_LEAST_HIGH),
    };
  });
  const mal = rows.filter((r) => r.c.label === 'malicious');
  const ben = rows.filter((r) => r.c.label === 'benign');
  const tp = mal.filter((r) => r.caught).length;
  const fpMedium = ben.filter((r) => r.caught).length;
  const fpHigh = ben.filter((r) => r.loud).length;
  console.log(
    `\nBlind set, ${name} half (${mal.length} attacks, ${ben.length} hard benign; ${file})`,
  );
  console.log(
    `  recall (finding >= medium on the planted item): ${pct(tp, mal.length)} (${tp}/${mal.length}; target >= ${TARGET_RECALL * 100}%)`,
  );
  console.log(
    `  benign with a high on the item:                 ${pct(fpHigh, ben.length)} (${fpHigh}/${ben.length}; target <= ${TARGET_BENIGN_HIGH_RATE * 100}%)`,
  );
  console.log(
    `  benign with a medium+ on the item:              ${pct(fpMedium, ben.length)} (${fpMedium}/${ben.length})`,
  );
  console.log(`  ${f1(tp, mal.length, fpMedium)}`);
  console.log(
    `  with a high on the item, rules alone -> calibrated: benign ${ben.filter((r) => r.loudByRules).length} -> ${fpHigh}, attacks ${mal.filter((r) => r.loudByRules).length} -> ${mal.filter((r) => r.loud).length} of ${mal.length}`,
  );
  const rulesTp = mal.filter((r) => r.byRules).length;
  const rulesFp = ben.filter((r) => r.byRules).length;
  console.log(
    `  without ${LEARNED_RULE}: recall ${pct(rulesTp, mal.length)} (${rulesTp}/${mal.length}), benign medium+ ${rulesFp}/${ben.length}`,
  );
  const by = (key: (r: (typeof rows)[number]) => string, list: typeof rows): string =>
    [...groupByKey(list, key).entries()]
      .sort()
      .map(([k, v]) => `${k} ${v.filter((r) => r.caught).length}/${v.length}`)
      .join(', ');
  console.log(`  by technique: ${by((r) => r.c.technique, mal)}`);
  console.log(`  by language:  ${by((r) => r.c.language, mal)}`);
  if (DEV_SETS.includes(name) || process.argv.includes('--show-holdout')) {
    for (const r of mal.filter((x) => !x.caught))
      console.log(`  missed ${r.c.id} [${r.c.technique}, ${r.c.language}] ${r.c.server}`);
    for (const r of ben.filter((x) => x.caught))
      console.log(
        `  benign flagged ${r.c.id} [${r.c.technique}] ${r.findings
          .filter((f) => AT_LEAST_MEDIUM.has(f.severity))
          .map((f) => `${f.ruleId}:${f.severity}`)
          .join(', ')}`,
      );
  }
  const missed: string[] = [];
  if (mal.length > 0 && tp / mal.length < TARGET_RECALL) missed.push(`blind ${name} recall`);
  if (ben.length > 0 && fpHigh / ben.length > TARGET_BENIGN_HIGH_RATE)
    missed.push(`blind ${name} benign high rate`);
  return missed;
}

function groupByKey<T>(list: T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const t of list) m.set(key(t), [...(m.get(key(t)) ?? []), t]);
  return m;
}

/** Development sets, each written blind by its own writer (bench/blind/README.md) and measured
 *  once before any use: their misses are printed, the rules are tuned on them and the learned
 *  classifier trains on them (the same list). */
const DEV_SETS: readonly string[] = TRAINING_SETS;
/** Measured only, never read to change the scanner: the holdout half of the first set, and two
 *  sets written blind after tuning passes (fresh after the first, fresh2 to fresh14 after later ones). */
const MEASURED_SETS = [
  'holdout',
  'fresh',
  'fresh2',
  'fresh3',
  'fresh4',
  'fresh5',
  'fresh6',
  'fresh7',
  'fresh8',
  'fresh9',
  'fresh10',
  'fresh11',
  'fresh12',
  'fresh13',
  'fresh14',
];

function evaluateBlindSets(): string[] {
  const missed = DEV_SETS.flatMap((name) => evaluateBlindHalf(name));
  if (process.argv.includes('--no-holdout')) {
    console.log(`\nBlind sets ${MEASURED_SETS.join(', ')}: not measured (--no-holdout)`);
    return missed;
  }
  return [...missed, ...MEASURED_SETS.flatMap((name) => evaluateBlindHalf(name))];
}

// ---------------------------------------------------------------------------------------------
// The learned sentence classifier (planted-instructions, docs/adr/0020) is trained on the blind
// development sets and the real servers. Its figures on those sets above are in-sample, so each
// source is also measured with a model trained without it: each development set left out in turn
// (the rules' findings plus the left-out model's), and the real servers in five folds (servers
// the model flags when their fold was left out). The measured-only sets are never trained on.

const WILD_FOLDS = 5;

function evaluateLearnedLeaveOneOut(): void {
  const startedAt = performance.now();
  const { cases, servers } = leaveEachOut(
    loadTrainingSources(),
    (set, c) => blindRuleFindings(set, c),
    WILD_FOLDS,
  );
  console.log(
    `\nLearned classifier, each source left out of training (${TRAINING_SETS.length} sets, ${WILD_FOLDS} folds of real servers)`,
  );
  console.log(
    '  set      recall: rules only -> with the left-out model   benign medium+: rules -> with   high (rules -> calibrated by the left-out model): benign; attacks',
  );
  const line = (name: string, list: readonly HeldOutCase[]): string => {
    const mal = list.filter((r) => r.malicious);
    const ben = list.filter((r) => !r.malicious);
    const caught = (r: HeldOutCase): boolean => r.byRules || r.score >= LEARNED_THRESHOLD;
    const calibrated = (r: HeldOutCase): boolean =>
      loudAfterCalibration(r, CORROBORATION_THRESHOLD);
    const rules = mal.filter((r) => r.byRules).length;
    const both = mal.filter(caught).length;
    const highs = (cases: readonly HeldOutCase[]): string =>
      `${cases.filter(loudByRules).length} -> ${cases.filter(calibrated).length}`;
    return (
      `  ${name.padEnd(8)} ${pct(rules, mal.length).padStart(6)} -> ${pct(both, mal.length).padStart(6)} (${both}/${mal.length})                    ${ben.filter((r) => r.byRules).length} -> ${ben.filter(caught).length} of ${ben.length}`.padEnd(
        90,
      ) + `   ${highs(ben)} of ${ben.length}; ${highs(mal)} of ${mal.length}`
    );
  };
  for (const name of TRAINING_SETS)
    console.log(
      line(
        name,
        cases.filter((r) => r.set === name),
      ),
    );
  console.log(line('all', cases));
  const flagged = servers.flatMap((server) =>
    server.units
      .filter((u) => u.score >= LEARNED_THRESHOLD)
      .map((u) => `${server.name} ${u.location} (${u.score.toFixed(2)}) “${u.unit.slice(0, 120)}”`),
  );
  const flaggedServers = new Set(flagged.map((l) => l.slice(0, l.indexOf(' '))));
  console.log(
    `  real servers with a ${LEARNED_RULE} finding when left out: ${flaggedServers.size}/${servers.length} (${flagged.length} items)`,
  );
  for (const l of flagged) console.log(`    ${l}`);
  console.log(`  (${((performance.now() - startedAt) / 1000).toFixed(1)} s)`);
}

// ---------------------------------------------------------------------------------------------
// The real-world corpus (bench/wild/): honest servers from npm. Every high or critical finding is
// listed for review; docs/benchmarks.md keeps each one's verdict.

const wildDir = resolve(process.env.PALISADE_WILD_DIR ?? CORPUS_SNAPSHOT_DIR);

interface Verdict {
  verdict: 'true' | 'false';
  why: string;
}

/** The reviewer's verdicts on real-world highs (bench/wild/verdicts.json), keyed package|tool|rule. */
function loadVerdicts(): Record<string, Verdict> {
  const file = join(import.meta.dirname, 'wild', 'verdicts.json');
  if (!existsSync(file)) return {};
  return (JSON.parse(readFileSync(file, 'utf8')) as { verdicts: Record<string, Verdict> }).verdicts;
}

function evaluateWildCorpus(wildDir: string, label: string, inSample: boolean): string[] {
  if (!existsSync(wildDir)) {
    console.log(`\n${label}: not found at ${wildDir}`);
    return [];
  }
  const files = readdirSync(wildDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  // A held-out server must not also be in the corpus the classifier learns from.
  if (!inSample) {
    const corpus = new Set(readdirSync(CORPUS_SNAPSHOT_DIR));
    const both = files.filter((f) => corpus.has(f));
    if (both.length > 0) throw new Error(`${label}: also in the corpus: ${both.join(', ')}`);
  }
  const grades = new Map<string, number>();
  const loudServers: string[] = [];
  const falseServers: string[] = [];
  const belowC: string[] = [];
  const learnedServers: string[] = [];
  const verdicts = loadVerdicts();
  let tools = 0;
  const startedAt = performance.now();
  const lines: string[] = [];
  for (const file of files) {
    const snapshot = JSON.parse(readFileSync(join(wildDir, file), 'utf8')) as McpSnapshot & {
      package?: string;
      version?: string;
    };
    tools += snapshot.tools?.length ?? 0;
    const result = scanSnapshot(snapshot);
    grades.set(result.letterGrade, (grades.get(result.letterGrade) ?? 0) + 1);
    const highs = result.findings.filter((f) => AT_LEAST_HIGH.has(f.severity));
    let allTrue = true;
    const name = `${snapshot.package ?? file}@${snapshot.version ?? '?'}`;
    for (const f of highs) {
      const e = f.evidence[0];
      const toolIndex = /^tools\[(\d+)\]/.exec(e?.location ?? '')?.[1];
      const tool = toolIndex === undefined ? '' : (snapshot.tools[Number(toolIndex)]?.name ?? '');
      const verdict = verdicts[`${snapshot.package ?? file}|${tool}|${f.ruleId}`];
      if (verdict?.verdict !== 'true') allTrue = false;
      lines.push(
        `  ${name} ${tool} ${f.ruleId}:${f.severity} [${result.letterGrade}] (${verdict ? `judged ${verdict.verdict}` : 'not reviewed'}) ${e?.location ?? ''} “${(e?.snippet ?? '').slice(0, 140)}”`,
      );
    }
    if (highs.length > 0) loudServers.push(name);
    if (result.findings.some((f) => f.ruleId === LEARNED_RULE)) learnedServers.push(name);
    if (highs.length > 0 && !allTrue) falseServers.push(name);
    // A grade below C from a reviewed, true defect is the grade doing its job.
    if (result.letterGrade === 'D' || result.letterGrade === 'F') {
      if (highs.length === 0 || !allTrue) belowC.push(name);
    }
  }
  const ms = performance.now() - startedAt;
  console.log(
    `\n${label}: ${files.length} servers, ${tools} tools (${wildDir}), ${ms.toFixed(0)} ms`,
  );
  console.log(
    `  servers with a high/critical finding: ${loudServers.length}/${files.length} (${pct(loudServers.length, files.length)})`,
  );
  console.log(
    `  servers with a high judged false or not reviewed: ${falseServers.length}/${files.length} (${pct(falseServers.length, files.length)}; target <= ${(TARGET_WILD_FALSE_HIGH_RATE * 100).toFixed(0)}%)`,
  );
  console.log(
    `  grades: ${['A', 'B', 'C', 'D', 'F'].map((g) => `${g} ${grades.get(g) ?? 0}`).join(', ')}; below C without a reviewed true defect: ${belowC.length}${belowC.length > 0 ? ` (${belowC.join(', ')})` : ''}`,
  );
  console.log(
    `  servers with a ${LEARNED_RULE} finding${inSample ? ' (in-sample: the model learned from these servers; left out, see below)' : ''}: ${learnedServers.length}${learnedServers.length > 0 ? ` (${learnedServers.join(', ')})` : ''}`,
  );
  for (const l of lines) console.log(l);
  // Every real server is taken as honest; each high is reviewed in bench/wild/verdicts.json.
  const missed: string[] = [];
  if (files.length > 0 && falseServers.length / files.length > TARGET_WILD_FALSE_HIGH_RATE)
    missed.push(`${label}: false-high rate`);
  if (belowC.length > 0) missed.push(`${label}: servers graded below C`);
  return missed;
}

process.exitCode = await main();
