// What version a dependency declaration stands for. An exact pin is judged as is; a range is
// judged by the lowest version it allows, because that is what an install may resolve to (and
// the finding says so). Open-ended or non-registry specifiers are not judged.

import semver from 'semver';
import { valid as validPep440 } from '@renovatebot/pep440';
import { boundedMemo } from '../../memo.js';
import type { Dependency, Ecosystem } from '../types.js';

export interface JudgedVersion {
  version: string;
  /** True when the version is the minimum of a declared range rather than an exact pin. */
  fromRange: boolean;
}

/** A specifier that accepts anything: `*`, `latest`, `x`, empty, or a bare lower bound. */
export function isWildcardSpecifier(ecosystem: Ecosystem, range: string): boolean {
  const r = range.trim();
  if (r === '' || r === '*' || r.toLowerCase() === 'latest' || /^[xX](?:\.[xX*])*$/.test(r))
    return true;
  if (ecosystem === 'npm') return /^>=?\s*\S+$/.test(r);
  // PyPI: only lower bounds (`>=1.0`), no upper one and no pin.
  const parts = r.split(',').map((p) => p.trim());
  return parts.every((p) => /^>=?/.test(p));
}

/** Minimum versions by range text: a large upload declares the same ranges many times, and
 *  `semver.minVersion` is costly. */
const npmMinimum = boundedMemo(10_000, computeNpmMinimum);

function computeNpmMinimum(range: string): string | undefined {
  const r = range.trim();
  if (r === '' || r === '*' || r.toLowerCase() === 'latest' || /^[xX]$/.test(r)) return undefined;
  if (/^(?:npm:|git|https?:|file:|link:|workspace:|github:)/.test(r) || r.includes('/'))
    return undefined;
  if (!semver.validRange(r)) return undefined;
  try {
    return semver.minVersion(r)?.version;
  } catch {
    return undefined;
  }
}

function pypiMinimum(range: string): string | undefined {
  let best: string | undefined;
  for (const part of range.split(',')) {
    const m = /^\s*(===|==|~=|>=|\^|~)\s*([0-9][0-9A-Za-z.!+-]*)\s*$/.exec(part);
    if (!m) continue;
    const version = m[2]!.replace(/\.\*$/, '');
    if (!validPep440(version)) continue;
    best = version; // The last lower bound is usually the tightest; ranges rarely list two.
  }
  return best;
}

/** The version an advisory lookup should judge for this dependency, if any. */
export function judgedVersion(ecosystem: Ecosystem, dep: Dependency): JudgedVersion | undefined {
  if (dep.version) return { version: dep.version, fromRange: false };
  if (!dep.range) return undefined;
  const min = ecosystem === 'npm' ? npmMinimum(dep.range) : pypiMinimum(dep.range);
  return min ? { version: min, fromRange: true } : undefined;
}

/** An exact version from an npm specifier (`1.2.3`, `=1.2.3`, `v1.2.3`), else undefined. */
export function exactNpmVersion(spec: string): string | undefined {
  const s = spec.trim().replace(/^=/, '');
  // Only `v?digit…` can be a strict semver version. Asking semver about a range (`^1.2.0`) costs
  // a thrown and caught exception each time: most of a large upload's dependency parsing.
  if (!/^v?\d/.test(s)) return undefined;
  return semver.valid(s) ?? undefined;
}

/** An exact version from a PEP 440 specifier (`==1.2.3`, `===1.2.3`), else undefined. */
export function exactPypiVersion(spec: string): string | undefined {
  const m = /^\s*={2,3}\s*([0-9][0-9A-Za-z.!+-]*)\s*$/.exec(spec);
  if (!m || m[1]!.endsWith('.*')) return undefined;
  return validPep440(m[1]) ? m[1]! : undefined;
}
