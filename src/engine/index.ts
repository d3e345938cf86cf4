// The engine's public surface: what the CLI, the jobs and the tests import.
export * from './types.js';
export type * from './inputs/types.js';
export { score, gradeFor } from './scoring.js';
export {
  fetchSnapshot,
  FetchSnapshotError,
  type FetchSnapshotOptions,
  type FetchSnapshotReason,
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
