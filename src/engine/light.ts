// The engine's light door: what the CLI and the service need before (or without) any scan, and
// cheap to load at start-up (ADR 0012): the order of severities, the CLI table, the capability
// view, checks of target addresses and URLs, file classification and the input limits. It loads
// no rule, parser or MCP client; `index.ts` is the whole engine, and re-exports this.

export type * from './inputs/types.js';
export { compareSeverity } from './rules/define-rule.js';
export { findingIds, formatTable } from './format-table.js';
export { presentCapabilities, type CapabilitiesView } from './capability-view.js';
export { presentEvidence, type EvidenceView } from './evidence-view.js';
export { resolvePointer } from './quote.js';
export { presentCoverage, type CoverageView } from './coverage-view.js';
export {
  checkUrlSyntax,
  parseCidrList,
  type ParsedCidr,
  type UrlSyntaxCheck,
} from './net/address-policy.js';
export {
  archiveFormatOf,
  classifyFile,
  dependencyFileKindOf,
  DEPENDENCY_FILE_NAMES,
  EXTENSION_FORMATS,
  type ArchiveFormat,
  type Classification,
  type DependencyFileKind,
  type TextFormat,
} from './inputs/classify.js';
export { INPUT_LIMITS } from './inputs/limits.js';
