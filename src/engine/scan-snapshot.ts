import type { McpSnapshot, ProgressFn, ScanResult } from './types.js';

export interface ScanSnapshotOptions {
  onProgress?: ProgressFn;
}

// Placeholder until the snapshot rules land (issue 2).
export function scanSnapshot(
  _snapshot: McpSnapshot,
  _options: ScanSnapshotOptions = {},
): ScanResult {
  throw new Error('scanSnapshot is not implemented yet');
}
