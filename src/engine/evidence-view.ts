// The public shape of one piece of evidence, shared by the API presenters (both variants) and the
// CLI's JSON: built field by field, so nothing internal leaks.
import type { Evidence } from './types.js';

/**
 * One piece of evidence with its exact place, in the order of `evidence` (both variants,
 * `evidence_details`; the CLI's JSON too): `pointer` is an RFC 6901 JSON pointer into the
 * scanned snapshot or config, `file`, `line` and `column` (1-based) the place in a file.
 */
export interface EvidenceView {
  location: string;
  snippet: string;
  pointer?: string;
  file?: string;
  line?: number;
  column?: number;
}

export function presentEvidence(evidence: Evidence): EvidenceView {
  const view: EvidenceView = { location: evidence.location, snippet: evidence.snippet };
  if (evidence.pointer !== undefined) view.pointer = evidence.pointer;
  if (evidence.file !== undefined) view.file = evidence.file;
  if (evidence.line !== undefined) view.line = evidence.line;
  if (evidence.column !== undefined) view.column = evidence.column;
  return view;
}
