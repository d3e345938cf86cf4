// What every job handler is given: its own module, so that the handlers (which call each other:
// a scan's end notifies the webhook job) share the type without importing one another for it.

import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { fetchSnapshot, scanFiles, scanSnapshot } from '../engine/index.js';
import type { Queue } from '../queue/port.js';
import type { Store } from '../store/port.js';

/** The engine entry points a scan uses; tests may stand in for them. */
export interface ScanEngine {
  fetchSnapshot: typeof fetchSnapshot;
  scanSnapshot: typeof scanSnapshot;
  scanFiles: typeof scanFiles;
}

export interface JobDeps {
  config: Readonly<Config>;
  store: Store;
  queue: Queue;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  masterKey: Buffer;
  /** Defaults to the real engine. */
  engine?: ScanEngine;
}
