import type { McpSnapshot, ProgressFn } from '../types.js';

export interface FetchSnapshotOptions {
  authToken?: string;
  /** CIDRs exempt from the private-address block (PALISADE_TARGET_ALLOWLIST). */
  allowlist?: readonly string[];
  connectTimeoutMs?: number;
  maxResponseBytes?: number;
  totalTimeoutMs?: number;
  onProgress?: ProgressFn;
  signal?: AbortSignal;
}

// Placeholder until the live-fetch work lands (issue 2).
export async function fetchSnapshot(
  _url: string,
  _options: FetchSnapshotOptions = {},
): Promise<McpSnapshot> {
  throw new Error('fetchSnapshot is not implemented yet');
}
