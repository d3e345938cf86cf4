// Reads the text of a PDF with poppler's `pdftotext` (Debian's poppler-utils; `.ci/run` installs
// it), the way a reader's viewer would extract it: embedded subset fonts are mapped back to
// Unicode through their ToUnicode tables, so a test sees exactly what a reader can copy.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function run(tool: string, args: string[], pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'palisade-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    const r = spawnSync(tool, [...args, file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.error) {
      throw new Error(
        `${tool} is needed to read PDFs in tests (apt-get install poppler-utils): ${r.error.message}`,
      );
    }
    if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr}`);
    return r.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text in reading order, pages separated by form feeds (pdftotext's default). */
export function pdfText(pdf: Buffer): string {
  return run('pdftotext', ['-enc', 'UTF-8'], pdf);
}

/** The non-empty lines of the text, trimmed. */
export function pdfTextLines(pdf: Buffer): string[] {
  return pdfText(pdf)
    .split(/[\n\f]/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
}
