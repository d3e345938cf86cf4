// What a scan saw (issue 13): the server it talked to, the counts of what it analysed, each file
// read with its kind, and each thing it could not analyse with the reason. A scan with any gap is
// incomplete, and the scoring keeps it from an A (docs/scoring.md): a clean grade must never hide
// a file that was padded past a limit, a bomb, a nested archive or a list call that failed.

import type { Coverage, CoverageFile, CoverageGap, McpSnapshot } from './types.js';

/** Gaps listed per result at most: a hostile archive can hold thousands of refused entries. */
export const MAX_COVERAGE_GAPS = 500;
/** Files listed per result at most (the upload caps already bound them at 2,000). */
export const MAX_COVERAGE_FILES = 2_000;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, 200) : undefined;
}

/** Gaps a snapshot carries (a live fetch records list calls that failed), kept only when well
 *  formed: a snapshot file is user input. */
export function snapshotGaps(snapshot: McpSnapshot): CoverageGap[] {
  const raw: unknown = snapshot.gaps;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((g: unknown): CoverageGap[] => {
    if (typeof g !== 'object' || g === null) return [];
    const { subject, reason } = g as Record<string, unknown>;
    const s = text(subject);
    const r = text(reason);
    return s && r ? [{ subject: s, reason: r }] : [];
  });
}

function count(list: unknown): number {
  return Array.isArray(list) ? list.length : 0;
}

/** The server a snapshot describes; undefined when it names nothing. */
export function serverOf(snapshot: McpSnapshot): Coverage['server'] {
  const info = typeof snapshot.serverInfo === 'object' ? snapshot.serverInfo : undefined;
  const server: NonNullable<Coverage['server']> = {};
  const name = text(info?.name);
  const version = text(info?.version);
  const protocolVersion = text(snapshot.protocolVersion);
  if (name) server.name = name;
  if (version) server.version = version;
  if (protocolVersion) server.protocolVersion = protocolVersion;
  server.transport = text(snapshot.transport?.transport) ?? 'snapshot';
  return server;
}

/** The coverage of one snapshot scan: a live server, or a snapshot file (`origin`). */
export function snapshotCoverage(snapshot: McpSnapshot): Coverage {
  const files: CoverageFile[] =
    !snapshot.transport && snapshot.origin ? [{ path: snapshot.origin, kind: 'snapshot' }] : [];
  return finishCoverage({
    server: serverOf(snapshot),
    counts: {
      tools: count(snapshot.tools),
      prompts: count(snapshot.prompts),
      resources: count(snapshot.resources),
      resourceTemplates: count(snapshot.resourceTemplates),
    },
    files,
    gaps: snapshotGaps(snapshot),
  });
}

/** Bounds the lists and sets `complete` from the gaps (over the cap, a last gap says how many
 *  more there were: the list is cut, never the verdict). */
export function finishCoverage(parts: Omit<Coverage, 'complete'>): Coverage {
  let gaps = parts.gaps;
  if (gaps.length > MAX_COVERAGE_GAPS) {
    const more = gaps.length - (MAX_COVERAGE_GAPS - 1);
    gaps = [
      ...gaps.slice(0, MAX_COVERAGE_GAPS - 1),
      { subject: `${more} more`, reason: `${more} more items were not analysed (list cut)` },
    ];
  }
  const coverage: Coverage = {
    complete: gaps.length === 0,
    counts: { ...parts.counts },
    files: parts.files.slice(0, MAX_COVERAGE_FILES),
    gaps,
  };
  if (parts.server) coverage.server = parts.server;
  return coverage;
}
