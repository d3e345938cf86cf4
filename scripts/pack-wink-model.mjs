// Packs wink's English core model (eng-core-web-model.json, 2.9 MB of JSON) into the binary form
// src/engine/meaning/wink-model.ts reads at run time without parsing or indexing it (ADR 0018):
//
//   "PWM1" | u32 header length | header JSON | zero padding to 4 bytes | sections
//
// The header is the core model's JSON with the large parts taken out into sections (byte offset
// and length, each 4-byte aligned): the packed lexicon and the expansions as raw little-endian
// u32 words (the JSON holds them in base64), the lexeme list as one NUL-joined UTF-8 string, and
// the lexemes' sort order (u32 indexes into the list, in code-unit order), which lets a lookup
// binary-search the list instead of building an 87,593-key table at start, and where each word
// starts in the list (u32 byte offsets, one more for the end), which lets the reader decode only
// the words a scan asks for instead of splitting the whole list. The model package's
// version is recorded; the reader falls back to the JSON when it differs. The header also carries
// the lemmatizer's exception lists as JSON.
//
// The build (scripts/build.mjs) writes it beside the bundled chunks; the wink-model test packs it
// in memory and requires the same reading of a corpus as the package's own model.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const PACKAGE = 'wink-eng-lite-web-model';
export const PACKED_WINK_MODEL = 'eng-core-web-model.pwm';

/** The lemmatizer's WordNet exception lists: JavaScript modules of some 10,000 constants each,
 *  which take longer to compile than their JSON takes to parse. */
export const LEMMA_EXCEPTIONS = [
  'wn-adjective-exceptions.js',
  'wn-noun-exceptions.js',
  'wn-verb-exceptions.js',
];

const align4 = (n) => (n + 3) & ~3;

/** The installed model's core JSON path and its package version. */
export function winkModelSource(from = import.meta.url) {
  const require = createRequire(from);
  const path = require.resolve(`${PACKAGE}/dist/languages/cur/models/eng-core-web-model.json`);
  const version = require(`${PACKAGE}/package.json`).version;
  return { path, version };
}

/** The packed form of the core model at `path` (see above). */
export function packWinkModel(path, version) {
  const model = JSON.parse(readFileSync(path, 'utf8'));
  const list = model.features.lexeme.list;
  if (list.some((word) => word.includes('\0'))) throw new Error('a lexeme holds a NUL');
  // A word listed twice is found at its last index, as wink's own table (filled in list order)
  // would find it.
  const last = new Map();
  list.forEach((word, k) => last.set(word, k));
  const order = Uint32Array.from([...last.values()].sort((a, b) => compare(list[a], list[b])));
  const starts = new Uint32Array(list.length + 1);
  for (let k = 0; k < list.length; k++)
    starts[k + 1] = starts[k] + Buffer.byteLength(list[k], 'utf8') + 1;
  const parts = [
    ['lexicon', Buffer.from(model.lexicon, 'base64')],
    ['xpansions', Buffer.from(model.xpansions, 'base64')],
    ['lexemeOrder', Buffer.from(order.buffer)],
    ['lexemeList', Buffer.from(list.join('\0'), 'utf8')],
    ['lexemeStarts', Buffer.from(starts.buffer)],
  ];
  model.lexicon = null;
  model.xpansions = null;
  model.features.lexeme.list = null;
  const sections = {};
  let offset = 0;
  for (const [name, bytes] of parts) {
    sections[name] = [offset, bytes.length];
    offset = align4(offset + bytes.length);
  }
  const require = createRequire(path);
  const lemmaExceptions = Object.fromEntries(
    LEMMA_EXCEPTIONS.map((file) => [file, require(`${PACKAGE}/dist/${file}`)]),
  );
  const header = Buffer.from(JSON.stringify({ version, sections, model, lemmaExceptions }), 'utf8');
  const start = align4(8 + header.length);
  const out = Buffer.alloc(start + offset);
  out.write('PWM1', 0, 'latin1');
  out.writeUInt32LE(header.length, 4);
  header.copy(out, 8);
  for (const [name, bytes] of parts) bytes.copy(out, start + sections[name][0]);
  return out;
}

function compare(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
