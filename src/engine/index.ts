// The engine's front door: its whole public surface (the jobs, the tests). Code outside the
// engine imports only the doors (ADR 0014, lint): this file; `types.ts`, the vocabulary;
// `light.ts`, what is cheap to load at start-up; and the parts loaded lazily with `import()` so
// a process loads only what it runs (ADR 0012): `fetch-snapshot.ts`, `scan-snapshot.ts`,
// `scan-files.ts`, `sarif.ts`, `guarded-fetch.ts`, `pin.ts`.
export * from './types.js';
export * from './light.js';
export { score, gradeFor } from './scoring.js';
export * from './fetch-snapshot.js';
export { scanSnapshot, type ScanSnapshotOptions } from './scan-snapshot.js';
export {
  scanFiles,
  inspectUpload,
  FileScanError,
  type ScanFilesOptions,
  type SkippedFile,
  type UploadCheck,
} from './scan-files.js';
export { toSarif, type SarifLog, type SarifOptions } from './sarif.js';
export { createGuardedFetch, GuardError, type GuardedFetch } from './guarded-fetch.js';
export { redactSecrets } from './secrets.js';
export { ALL_RULES } from './rules/index.js';
export * from './pin.js';
export { parseClientConfig } from './inputs/config/parse-config.js';
export { parseJsonDocument, parseTomlDocument } from './inputs/documents.js';
export { commandTokens, programName } from './inputs/config/launchers.js';
export { sortFindings } from './rules/define-rule.js';
