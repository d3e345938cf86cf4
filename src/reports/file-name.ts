// The name a report is saved under. Kept apart from the renderer so that naming a report (the
// console's download link) does not load pdfkit.

import type { Scan } from '../store/port.js';

/** `palisade-<target>-<date>.pdf`: the target's host and path (or file names), safe for headers. */
export function reportFileName(scan: Pick<Scan, 'target' | 'finishedAt' | 'createdAt'>): string {
  const date = (scan.finishedAt ?? scan.createdAt).toISOString().slice(0, 10);
  const target =
    scan.target
      .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
      .replace(/[?#].*$/s, '')
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-[-.]*-|-\.+|\.+-|\.{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 60)
      .replace(/[-.]+$/g, '') || 'scan';
  return `palisade-${target}-${date}.pdf`;
}
