// Refreshes the offline advisory snapshot (src/engine/inputs/advisories/osv.json) from OSV.
//
//   node --import tsx scripts/refresh-advisories.ts [--dry-run] [--add npm:pkg] [--add PyPI:pkg]
//
// For every package the snapshot already covers (plus any --add), asks OSV which advisories affect
// it (POST /v1/querybatch), downloads each full record (GET /v1/vulns/{id}) and rewrites the file.
// Locally curated entries (ids starting PALISADE-) are kept as they are. The scanner never calls
// this: it reads the committed snapshot, so scans work offline. Without a network the script stops
// with a clear message and leaves the snapshot untouched.
// API: https://google.github.io/osv.dev/post-v1-querybatch/ and /get-v1-vulns/

import { readFileSync, writeFileSync } from 'node:fs';
import type { AdvisoryDataset, OsvAdvisory } from '../src/engine/inputs/advisories/advisories.js';

// Overridable for tests, which serve a fake OSV on 127.0.0.1 and write to a temporary file.
const API = process.env.OSV_API_URL ?? 'https://api.osv.dev/v1';
const DATASET = process.env.PALISADE_OSV_DATASET
  ? new URL(`file://${process.env.PALISADE_OSV_DATASET}`)
  : new URL('../src/engine/inputs/advisories/osv.json', import.meta.url);
const TIMEOUT_MS = 15_000;
const BATCH_SIZE = 500; // /v1/querybatch accepts up to 1000 queries

interface PackageRef {
  ecosystem: string;
  name: string;
}

interface BatchQuery {
  package: PackageRef;
  page_token?: string;
}

interface BatchResponse {
  results: { vulns?: { id: string }[]; next_page_token?: string }[];
}

class OfflineError extends Error {}

async function call<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new OfflineError(
      `cannot reach ${API} (${(error as Error).cause ?? (error as Error).message})`,
    );
  }
  if (!response.ok) throw new Error(`${API}${path} answered HTTP ${response.status}`);
  return (await response.json()) as T;
}

function packagesOf(dataset: AdvisoryDataset, extra: PackageRef[]): PackageRef[] {
  const seen = new Map<string, PackageRef>();
  for (const ref of [
    ...dataset.advisories.flatMap((a) => a.affected.map((x) => x.package)),
    ...extra,
  ]) {
    seen.set(`${ref.ecosystem}:${ref.name}`, { ecosystem: ref.ecosystem, name: ref.name });
  }
  return [...seen.values()].sort((a, b) =>
    `${a.ecosystem}:${a.name}`.localeCompare(`${b.ecosystem}:${b.name}`),
  );
}

/** Every advisory id for the packages, following OSV's per-query pagination. */
async function advisoryIds(packages: PackageRef[]): Promise<Set<string>> {
  const ids = new Set<string>();
  let pending: BatchQuery[] = packages.map((p) => ({ package: p }));
  while (pending.length > 0) {
    const batch = pending.slice(0, BATCH_SIZE);
    pending = pending.slice(BATCH_SIZE);
    const response = await call<BatchResponse>('/querybatch', { queries: batch });
    response.results.forEach((result, i) => {
      for (const v of result.vulns ?? []) ids.add(v.id);
      if (result.next_page_token)
        pending.push({ ...batch[i]!, page_token: result.next_page_token });
    });
  }
  return ids;
}

/** Keeps only the affected entries for packages the snapshot tracks (records can list many). */
function trimmed(record: OsvAdvisory, tracked: Set<string>): OsvAdvisory {
  const affected = record.affected.filter((a) =>
    tracked.has(`${a.package.ecosystem}:${a.package.name}`),
  );
  const out: OsvAdvisory = {
    id: record.id,
    aliases: (record.aliases ?? []).filter((a) => a.startsWith('CVE-')),
    summary: record.summary ?? record.details?.split('\n')[0] ?? record.id,
    affected,
  };
  if (record.withdrawn) out.withdrawn = record.withdrawn;
  if (record.database_specific?.severity)
    out.database_specific = { severity: record.database_specific.severity };
  if (record.references)
    out.references = record.references
      .filter((r) => r.type === 'ADVISORY' || r.type === 'WEB')
      .slice(0, 3);
  return out;
}

function parseArgs(argv: string[]): { dryRun: boolean; extra: PackageRef[] } {
  const extra: PackageRef[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] !== '--add') continue;
    const spec = argv[++i] ?? '';
    const colon = spec.indexOf(':');
    if (colon <= 0)
      throw new Error(`--add expects ECOSYSTEM:NAME (npm:axios, PyPI:requests), got "${spec}"`);
    extra.push({ ecosystem: spec.slice(0, colon), name: spec.slice(colon + 1) });
  }
  return { dryRun: argv.includes('--dry-run'), extra };
}

async function main(): Promise<void> {
  const { dryRun, extra } = parseArgs(process.argv.slice(2));
  const current = JSON.parse(readFileSync(DATASET, 'utf8')) as AdvisoryDataset;
  const packages = packagesOf(current, extra);
  const tracked = new Set(packages.map((p) => `${p.ecosystem}:${p.name}`));
  console.log(`querying OSV for ${packages.length} packages`);
  const ids = await advisoryIds(packages);
  const records: OsvAdvisory[] = [];
  for (const id of [...ids].sort())
    records.push(trimmed(await call<OsvAdvisory>(`/vulns/${encodeURIComponent(id)}`), tracked));
  const curated = current.advisories.filter((a) => a.id.startsWith('PALISADE-') && !ids.has(a.id));
  const next: AdvisoryDataset = {
    description: current.description,
    updated: new Date().toISOString().slice(0, 10),
    advisories: [...records.filter((r) => r.affected.length > 0), ...curated],
  };
  console.log(
    `${records.length} advisories from OSV, ${curated.length} curated kept (was ${current.advisories.length})`,
  );
  if (dryRun) return;
  writeFileSync(DATASET, `${JSON.stringify(next, null, 1)}\n`);
  console.log(`wrote ${DATASET.pathname}`);
}

main().catch((error: unknown) => {
  if (error instanceof OfflineError) {
    console.error(
      `refresh-advisories: ${error.message}. The offline snapshot was left unchanged; run this where api.osv.dev is reachable.`,
    );
  } else {
    console.error(`refresh-advisories: ${(error as Error).message}`);
  }
  process.exitCode = 1;
});
