// A lazily loaded door (ADR 0012, ADR 0014): the MCP client alone, for callers that fetch a live
// server's snapshot without loading the rest of the engine. `index.ts` exports the same.

export {
  fetchSnapshot,
  FetchSnapshotError,
  type FetchSnapshotOptions,
  type FetchSnapshotReason,
  readSession,
  type ConnectedClient,
} from './mcp/fetch-snapshot.js';
