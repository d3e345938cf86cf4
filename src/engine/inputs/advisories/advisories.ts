// The offline advisory dataset (OSV format) and how a dependency is matched against it. The
// dataset is a curated snapshot shipped with the engine so scans never need the network;
// scripts/refresh-advisories.ts refreshes it from api.osv.dev where a network exists.

import semver from 'semver';
import { compare as comparePep440, valid as validPep440 } from '@renovatebot/pep440';
import { boundedMemo } from '../../memo.js';
import type { Ecosystem } from '../types.js';
import dataset from './osv.json' with { type: 'json' };

export type OsvSeverity = 'CRITICAL' | 'HIGH' | 'MODERATE' | 'LOW';

export interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}

export interface OsvRange {
  type: 'SEMVER' | 'ECOSYSTEM' | 'GIT';
  events: OsvEvent[];
}

export interface OsvAffected {
  package: { ecosystem: string; name: string };
  ranges?: OsvRange[];
  versions?: string[];
}

export interface OsvAdvisory {
  id: string;
  aliases?: string[];
  summary?: string;
  details?: string;
  withdrawn?: string;
  affected: OsvAffected[];
  database_specific?: { severity?: string; [key: string]: unknown };
  references?: { type: string; url: string }[];
}

export interface AdvisoryDataset {
  description?: string;
  updated?: string;
  advisories: OsvAdvisory[];
}

export const OSV_ECOSYSTEM: Readonly<Record<Ecosystem, string>> = { npm: 'npm', pypi: 'PyPI' };

/** PEP 503: PyPI names compare case-insensitively with runs of `-`, `_`, `.` folded to `-`. */
export function normalisePypiName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

export function normalisePackageName(ecosystem: Ecosystem, name: string): string {
  return ecosystem === 'pypi' ? normalisePypiName(name) : name.toLowerCase();
}

function compareVersions(ecosystem: Ecosystem, a: string, b: string): number | undefined {
  if (ecosystem === 'pypi') {
    if (!validPep440(a) || !validPep440(b)) return undefined;
    return comparePep440(a, b);
  }
  const va = npmVersion(a);
  const vb = npmVersion(b);
  if (!va || !vb) return undefined;
  return va.compare(vb);
}

/** Parsed npm versions by their text. A large upload compares the same few hundred versions
 *  against every advisory range, and parsing them again each time was most of that work. */
const npmVersion = boundedMemo(10_000, (text: string): semver.SemVer | null => {
  const normal = semver.valid(text) ?? semver.coerce(text)?.version;
  return normal ? new semver.SemVer(normal) : null;
});

/** OSV's event algorithm: walk the events in order, toggling "affected" at each boundary. */
function inRange(ecosystem: Ecosystem, version: string, range: OsvRange): boolean {
  if (range.type === 'GIT') return false;
  let affected = false;
  for (const event of range.events) {
    if (event.introduced !== undefined) {
      const c =
        event.introduced === '0' ? 1 : compareVersions(ecosystem, version, event.introduced);
      if (c !== undefined && c >= 0) affected = true;
    } else if (event.fixed !== undefined) {
      const c = compareVersions(ecosystem, version, event.fixed);
      if (c !== undefined && c >= 0) affected = false;
    } else if (event.last_affected !== undefined) {
      const c = compareVersions(ecosystem, version, event.last_affected);
      if (c !== undefined && c > 0) affected = false;
    }
  }
  return affected;
}

/** The first fixed version above `version` named by the affected ranges, if any. */
function fixedAfter(
  ecosystem: Ecosystem,
  version: string,
  affected: OsvAffected,
): string | undefined {
  const fixes = (affected.ranges ?? [])
    .flatMap((r) => r.events.map((e) => e.fixed))
    .filter(
      (f): f is string => f !== undefined && (compareVersions(ecosystem, f, version) ?? -1) > 0,
    )
    .sort((a, b) => compareVersions(ecosystem, a, b) ?? 0);
  return fixes[0];
}

export interface AdvisoryMatch {
  advisory: OsvAdvisory;
  /** The version that was judged (the exact one, or the lowest a declared range allows). */
  version: string;
  fixed?: string;
}

export class AdvisoryIndex {
  private readonly byPackage = new Map<string, OsvAdvisory[]>();

  constructor(data: AdvisoryDataset) {
    for (const advisory of data.advisories) {
      if (advisory.withdrawn) continue;
      for (const affected of advisory.affected) {
        const ecosystem =
          affected.package.ecosystem === 'PyPI' ? 'pypi' : affected.package.ecosystem;
        if (ecosystem !== 'npm' && ecosystem !== 'pypi') continue;
        const key = `${ecosystem}\u0000${normalisePackageName(ecosystem, affected.package.name)}`;
        const list = this.byPackage.get(key) ?? [];
        if (!list.includes(advisory)) list.push(advisory);
        this.byPackage.set(key, list);
      }
    }
  }

  advisoriesForPackage(ecosystem: Ecosystem, name: string): OsvAdvisory[] {
    return this.byPackage.get(`${ecosystem}\u0000${normalisePackageName(ecosystem, name)}`) ?? [];
  }

  /** Advisories affecting one exact version of a package. */
  match(ecosystem: Ecosystem, name: string, version: string): AdvisoryMatch[] {
    const wanted = normalisePackageName(ecosystem, name);
    const matches: AdvisoryMatch[] = [];
    for (const advisory of this.advisoriesForPackage(ecosystem, name)) {
      for (const affected of advisory.affected) {
        if (normalisePackageName(ecosystem, affected.package.name) !== wanted) continue;
        const listed = affected.versions?.includes(version) ?? false;
        if (!listed && !(affected.ranges ?? []).some((r) => inRange(ecosystem, version, r)))
          continue;
        const match: AdvisoryMatch = { advisory, version };
        const fixed = fixedAfter(ecosystem, version, affected);
        if (fixed) match.fixed = fixed;
        matches.push(match);
        break;
      }
    }
    return matches;
  }
}

let defaultIndex: AdvisoryIndex | undefined;

/** The shipped dataset, indexed once per process. */
export function defaultAdvisoryIndex(): AdvisoryIndex {
  defaultIndex ??= new AdvisoryIndex(dataset as AdvisoryDataset);
  return defaultIndex;
}

export function severityOf(advisory: OsvAdvisory): 'critical' | 'high' | 'medium' | 'low' {
  const s = String(advisory.database_specific?.severity ?? '').toUpperCase();
  if (s === 'CRITICAL') return 'critical';
  if (s === 'HIGH') return 'high';
  if (s === 'LOW') return 'low';
  return 'medium';
}

/** `GHSA-… (CVE-…)`: the id and its CVE aliases, for messages. */
export function advisoryLabel(advisory: OsvAdvisory): string {
  const cves = [advisory.id, ...(advisory.aliases ?? [])].filter((a) => a.startsWith('CVE-'));
  const others = cves.filter((c) => c !== advisory.id);
  return others.length ? `${advisory.id} (${others.join(', ')})` : advisory.id;
}
