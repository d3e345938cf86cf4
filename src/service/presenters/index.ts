// The presenter entry points: one internal scan in, the chosen variant's shape out.

import type { Scan } from '../../store/port.js';
import { presentUnfinished, type PresentContext, type UnfinishedView } from './common.js';
import { presentCompleteA, type ScanViewA } from './variant-a.js';
import { presentCompleteB, type ScanViewB } from './variant-b.js';

export * from './common.js';
export { presentCompleteA, upgradeMessageA } from './variant-a.js';
export { presentCompleteB, upgradeMessageB } from './variant-b.js';

export type ScanView = ScanViewA | ScanViewB | UnfinishedView;

export function presentScan(
  scan: Scan,
  ctx: PresentContext,
  queuePosition: number | undefined,
): ScanView {
  if (scan.status !== 'complete' || scan.result === null) {
    return presentUnfinished(scan, queuePosition);
  }
  return ctx.variant === 'A'
    ? presentCompleteA(scan, scan.result, ctx)
    : presentCompleteB(scan, scan.result, ctx);
}
