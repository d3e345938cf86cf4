// Coverage as the API (both variants) and `palisade scan --format json` show it: snake_case, one
// shape for every door (docs/api.md). Built field by field, so nothing internal leaks through.
import type { Coverage } from './types.js';

/** What the scan saw and could not analyse (both variants, additive; CLI JSON). */
export interface CoverageView {
  complete: boolean;
  server?: { name?: string; version?: string; protocol_version?: string; transport?: string };
  counts: { tools: number; prompts: number; resources: number; resource_templates: number };
  files: { path: string; kind: string }[];
  gaps: { subject: string; reason: string }[];
}

export function presentCoverage(coverage: Coverage): CoverageView {
  const view: CoverageView = {
    complete: coverage.complete,
    counts: {
      tools: coverage.counts.tools,
      prompts: coverage.counts.prompts,
      resources: coverage.counts.resources,
      resource_templates: coverage.counts.resourceTemplates,
    },
    files: coverage.files.map((f) => ({ path: f.path, kind: f.kind })),
    gaps: coverage.gaps.map((g) => ({ subject: g.subject, reason: g.reason })),
  };
  const server = coverage.server;
  if (server) {
    view.server = {};
    if (server.name !== undefined) view.server.name = server.name;
    if (server.version !== undefined) view.server.version = server.version;
    if (server.protocolVersion !== undefined) view.server.protocol_version = server.protocolVersion;
    if (server.transport !== undefined) view.server.transport = server.transport;
  }
  return view;
}
