// The engine's public surface: what the CLI, the jobs and the tests import.
export * from './types.js';
export type * from './inputs/types.js';
export { score, gradeFor } from './scoring.js';
export {
  fetchSnapshot,
  FetchSnapshotError,
  type FetchSnapshotOptions,
  type FetchSnapshotReason,
  readSession,
  type ConnectedClient,
} from './mcp/fetch-snapshot.js';
export { scanSnapshot, type ScanSnapshotOptions } from './scan-snapshot.js';
export {
  scanFiles,
  inspectUpload,
  FileScanError,
  type ScanFilesOptions,
  type SkippedFile,
  type UploadCheck,
} from './scan-files.js';
export { redactSecrets } from './secrets.js';
export { ALL_RULES } from './rules/index.js';
export {
  PIN_FORMAT,
  applyPin,
  asDefinitionPin,
  compareDefinitions,
  definitionChangeFindings,
  pinDefinitions,
  readableDiff,
  DEFINITION_CHANGED_RULE_ID,
  type DefinitionChange,
  type DefinitionPin,
} from './pin/definitions.js';
export { parseClientConfig } from './inputs/config/parse-config.js';
export { parseJsonDocument, parseTomlDocument } from './inputs/documents.js';
export { commandTokens, programName } from './inputs/config/launchers.js';
export { compareSeverity, sortFindings } from './rules/define-rule.js';
export { formatTable, findingIds } from './format-table.js';
