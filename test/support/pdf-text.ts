// Reads the text of a PDF that pdfkit wrote with its standard fonts: inflates each content stream
// (FlateDecode, or raw when uncompressed), then decodes the hex strings of every TJ operator as
// Windows-1252. One returned line per text object (BT … ET). Enough to assert on our own reports
// without a PDF library or poppler in CI; not a general PDF parser.

import { inflateSync } from 'node:zlib';

const STREAM_RE = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
const TEXT_OBJECT_RE = /BT([\s\S]*?)ET/g;
const TJ_RE = /\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g;
const HEX_RE = /<([0-9a-fA-F]*)>/g;

// Windows-1252's 0x80–0x9F block (Node's TextDecoder treats the label as Latin-1 there).
const CP1252_HIGH =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

function decodeWinAnsi(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) {
    out += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  }
  return out;
}

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  for (const match of text.matchAll(STREAM_RE)) {
    const raw = Buffer.from(match[1] ?? '', 'latin1');
    try {
      out.push(inflateSync(raw).toString('latin1'));
    } catch {
      out.push(raw.toString('latin1'));
    }
  }
  return out;
}

export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const content of streams(pdf)) {
    for (const block of content.matchAll(TEXT_OBJECT_RE)) {
      let line = '';
      for (const tj of (block[1] ?? '').matchAll(TJ_RE)) {
        for (const hex of (tj[1] ?? '').matchAll(HEX_RE)) {
          line += decodeWinAnsi(Buffer.from(hex[1] ?? '', 'hex'));
        }
      }
      if (line) lines.push(line);
    }
  }
  return lines;
}

export function pdfText(pdf: Buffer): string {
  return pdfTextLines(pdf).join('\n');
}

export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
}
