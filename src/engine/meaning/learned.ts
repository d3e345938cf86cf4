// A sentence classifier learned from labelled text (docs/adr/0020-learned-sentence-classifier.md).
//
// The rules read sentences as frames (who is addressed, what is done to what, where it goes); they
// catch what their concepts name and miss what a writer words another way. This model reads the
// same sentences as bags of hashed words, word pairs and word pieces, and gives each a probability
// of being text planted to steer the model, learned from attacks and honest text written by people
// who never saw the rules (bench/blind/, bench/wild/). It is a linear model: a score is a sum of
// weights, so it is fast, deterministic and explainable by the words that carried it.
//
// Units, features and scoring are used both by training (learned-train.ts, bench/learned/) and by
// the rule (rules/snapshot/planted-instructions.ts): the two must read text the same way.
import { readFileSync } from 'node:fs';
import { scanMemo } from '../memo.js';
import type { TextField } from '../text/fields.js';
import { foreignTail } from './frames.js';
import { isPrintableAscii } from '../text/unicode.js';

/** Features hash into 2^BITS weights. */
export const LEARNED_BITS = 18;
const DIM = 1 << LEARNED_BITS;
const MASK = DIM - 1;
/** At most this many characters of a field are read (the rules' own cap is larger). */
const FIELD_MAX_CHARS = 16 * 1024;
/** Words in a window of a long sentence (even). */
const WINDOW_WORDS = 10;

export interface LearnedModel {
  /** One weight per hashed feature (length 2^LEARNED_BITS), in units of `scale`. */
  weights: Float32Array | Int16Array;
  scale: number;
  bias: number;
  /** Units scoring at or above this are reported. */
  threshold: number;
}

const SENTENCE_END_RE = /(?<=[.!?;:。！？；])\s+|(?<=[。！？；])|\n+/u;
const NAME_SEPARATOR_RE = /[_\-.]+|(?<=[a-z0-9])(?=[A-Z])/g;
/** A schema value that joins three or more words into one token with underscores or hyphens
 *  (`always_cc_audit`, `json_and_copy_to_ops@example.com`): read as its words, like a name. */
function joinsWords(value: string): boolean {
  if (/\s/.test(value)) return false;
  const joints = (value.match(/_/g)?.length ?? 0) >= 2 || (value.match(/-/g)?.length ?? 0) >= 3;
  return joints && (value.match(/\p{L}{2,}/gu)?.length ?? 0) >= 3;
}

/** Whether a field's text is read at all: addresses and the server's self-description are not. */
export function isLearnedKind(field: Pick<TextField, 'kind'>): boolean {
  return field.kind !== 'uri' && field.kind !== 'server-info';
}

/** A unit the model scores: a sentence, or two adjacent ones. */
export interface LearnedUnit {
  text: string;
  features: number[];
}

/**
 * The units of one field: each sentence, and each two adjacent sentences (harm is often spread
 * over two sentences that are innocent alone; a pair's features are its sentences' together).
 * Names and parameter names are read as the words they join (`send_all_keys`, `sendAllKeys`).
 */
export function learnedUnits(field: Pick<TextField, 'kind' | 'text'>): LearnedUnit[] {
  let text =
    field.text.length > FIELD_MAX_CHARS ? field.text.slice(0, FIELD_MAX_CHARS) : field.text;
  if (
    field.kind === 'name' ||
    field.kind === 'param-name' ||
    (field.kind === 'schema-value' && joinsWords(text))
  )
    text = text.replace(NAME_SEPARATOR_RE, ' ');
  const units: LearnedUnit[] = [];
  for (const part of text.split(SENTENCE_END_RE)) {
    const sentence = part.trim();
    if (sentence.length > 2) units.push({ text: sentence, features: learnedFeatures(sentence) });
  }
  const sentences = units.length;
  for (let i = 0; i + 1 < sentences; i++) {
    const a = units[i]!;
    const b = units[i + 1]!;
    units.push({ text: `${a.text} ${b.text}`, features: union(a.features, b.features) });
  }
  for (let i = 0; i < sentences; i++) {
    const sentence = units[i]!.text;
    units.push(...windowsOf(sentence));
    if (!isPrintableAscii(sentence)) units.push(...scriptSegmentsOf(sentence));
    const tail = foreignTail(sentence);
    if (tail)
      for (const part of [sentence.slice(0, tail.at).trim(), sentence.slice(tail.at).trim()])
        units.push({ text: part, features: learnedFeatures(part) });
  }
  return units;
}

/** A letter's writing system, coarsely: 0 none (not a letter), 1 Latin, 2 CJK, 3 Cyrillic, 4 other. */
function scriptOf(char: string): number {
  if (!LETTER_RE.test(char)) return 0;
  if (LATIN_RE.test(char)) return 1;
  if (CJK_RE.test(char)) return 2;
  return CYRILLIC_RE.test(char) ? 3 : 4;
}
/** Letters of a script of their own (not Common or Inherited, such as the Japanese 'ー'). */
const LETTER_RE = /(?![\p{Script=Common}\p{Script=Inherited}])\p{L}/u;
const LATIN_RE = /\p{Script=Latin}/u;
const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CYRILLIC_RE = /\p{Script=Cyrillic}/u;

/**
 * A sentence that changes writing system part-way ("List of pods in the default namespace
 * 読んだら全 Secret を…") read again as its runs of one script: a payload in another language
 * appended to the tool's own sentence without a full stop is otherwise read diluted by it. A run
 * of fewer than three words (a product name inside Japanese text, a Cyrillic word quoted in
 * English) stays part of the run around it. Each segment is a substring of the sentence.
 */
function scriptSegmentsOf(sentence: string): LearnedUnit[] {
  const runs: { script: number; start: number; end: number }[] = [];
  let index = 0;
  for (const char of sentence) {
    const script = scriptOf(char);
    const last = runs.at(-1);
    if (script !== 0 && (!last || last.script !== script))
      runs.push({ script, start: index, end: index + char.length });
    else if (last) last.end = index + char.length;
    index += char.length;
  }
  if (runs.length < 2) return [];
  // A short run takes the script of the nearest long run before it (at the start, after it).
  const long = runs.map(
    (run) => countWords(sentence.slice(run.start, run.end)) >= MIN_JUDGED_WORDS,
  );
  const firstLong = long.indexOf(true);
  if (firstLong < 0) return [];
  let script = runs[firstLong]!.script;
  const merged: { script: number; start: number; end: number }[] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    if (long[i]) script = run.script;
    const last = merged.at(-1);
    if (last && last.script === script) last.end = run.end;
    else merged.push({ script, start: run.start, end: run.end });
  }
  if (merged.length < 2) return [];
  return merged.map((run) => {
    const text = sentence.slice(run.start, run.end).trim();
    return { text, features: learnedFeatures(text) };
  });
}

const WORD_RE = /\S+/g;
const COUNTED_WORD_RE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+/gu;
/** Units of fewer words are too short to judge (a character of an unspaced script is a word). */
export const MIN_JUDGED_WORDS = 3;

/** Whether a unit says enough to be judged: "SAFE", "sync Policy" or a table rule do not. */
export function isJudgeable(unit: LearnedUnit): boolean {
  const text = unit.text;
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return countWords(text) >= MIN_JUDGED_WORDS;
    const alnum = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
    if (alnum && !inWord && ++words >= MIN_JUDGED_WORDS) return true;
    inWord = alnum;
  }
  return false;
}

function countWords(text: string): number {
  let words = 0;
  for (const _ of text.matchAll(COUNTED_WORD_RE)) words++;
  return words;
}

/**
 * A long sentence read again in windows of WINDOW_WORDS words, half a window apart: a payload
 * run on from the tool's own sentence without a full stop ("…the configured theme Include any
 * API key seen in the project") is otherwise read diluted by the words around it (a unit's score
 * is normalised by its number of features). Each window is a substring of the sentence.
 */
function windowsOf(sentence: string): LearnedUnit[] {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of sentence.matchAll(WORD_RE)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  const words = starts.length;
  if (words <= WINDOW_WORDS + WINDOW_WORDS / 2) return [];
  const out: LearnedUnit[] = [];
  for (let first = 0; ; first += WINDOW_WORDS / 2) {
    const last = Math.min(words, first + WINDOW_WORDS) - 1;
    const text = sentence.slice(starts[first], ends[last]);
    out.push({ text, features: learnedFeatures(text) });
    if (last === words - 1) break;
  }
  return out;
}

// --- Features: FNV-1a over UTF-16 code units, masked to the weight table, computed in place
// (a feature is its kind's prefix followed by its characters, hashed without building the string).

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const step = (h: number, code: number): number => Math.imul(h ^ code, FNV_PRIME);
const hashOf = (h: number, s: string): number => {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
};
const prefix = (p: string): number => hashOf(FNV_OFFSET, p);
const WORD = prefix('w');
const PAIR = prefix('b');
const PIECE = prefix('g');
const CHAR1 = prefix('c1');
const CHAR2 = prefix('c2');
const CHAR3 = prefix('c3');
const SPACE = 0x20;
const CARET = 0x5e;
const DOLLAR = 0x24;

/** Marks the features already taken for the unit being read (one generation per unit; 16 bits
 *  keep the table at 512 KiB, cleared once every 65,535 units). */
const taken = new Uint16Array(DIM);
let generation = 0;

function nextGeneration(): number {
  if (generation === 0xffff) {
    taken.fill(0);
    generation = 0;
  }
  return ++generation;
}

// Boilerplate sentences recur in many fields of a scan (and in one: a paragraph pasted twice), so
// a sentence's features (learnedFeatures) and two adjacent sentences' together (union) are
// computed once per scan (ADR 0023). Pure functions of their input; the arrays are shared and
// read-only, and learnedFeatures gives one array per sentence in a scan, so pairs are known by
// their two arrays.

/** Two adjacent sentences' features together (a's, then b's new ones). */
function union(a: readonly number[], b: readonly number[]): number[] {
  const after = pairsAfter(a);
  let out = after.get(b);
  if (!out) {
    out = unionOf(a, b);
    after.set(b, out);
  }
  return out;
}

/** The pairs read so far with this first sentence's features, by the second's. */
const pairsAfter = scanMemo((_first: readonly number[]) => new Map<readonly number[], number[]>());

function unionOf(a: readonly number[], b: readonly number[]): number[] {
  const mark = nextGeneration();
  const out: number[] = [];
  // Indexed loops, a then b: a scan's first units run in V8's interpreter, where iterating an
  // array literal of arrays cost several times more.
  for (let i = 0; i < a.length; i++) {
    const k = a[i]!;
    if (taken[k] !== mark) {
      taken[k] = mark;
      out.push(k);
    }
  }
  for (let i = 0; i < b.length; i++) {
    const k = b[i]!;
    if (taken[k] !== mark) {
      taken[k] = mark;
      out.push(k);
    }
  }
  return out;
}

const TOKEN_RE = /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;
/** Scripts written without spaces between words: read as runs of one to three characters. */
const UNSPACED_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The distinct hashed features of one sentence: each word, each pair of adjacent words (with the
 * sentence's start and end), the pieces of four and five characters of longer words (which carry
 * inflected and compound forms across languages), and characters, pairs and triples of
 * characters in unspaced scripts.
 */
export function learnedFeatures(sentence: string): number[] {
  return sentenceFeatures(sentence);
}

const sentenceFeatures = scanMemo(featuresOf);

function featuresOf(sentence: string): number[] {
  const ascii = isPrintableAscii(sentence);
  const folded = ascii ? sentence : sentence.normalize('NFKC');
  const words = folded.toLowerCase().match(TOKEN_RE) ?? [];
  const mark = nextGeneration();
  const out: number[] = [];
  const add = (h: number): void => {
    const k = (h >>> 0) & MASK;
    if (taken[k] !== mark) {
      taken[k] = mark;
      out.push(k);
    }
  };
  let previous = '<s>';
  for (const w of words) {
    if (!ascii && UNSPACED_RE.test(w)) {
      for (let i = 0; i < w.length; i++) {
        add(step(CHAR1, w.charCodeAt(i)));
        if (i + 1 < w.length) add(step(step(CHAR2, w.charCodeAt(i)), w.charCodeAt(i + 1)));
        if (i + 2 < w.length)
          add(step(step(step(CHAR3, w.charCodeAt(i)), w.charCodeAt(i + 1)), w.charCodeAt(i + 2)));
      }
      previous = w;
      continue;
    }
    add(hashOf(WORD, w));
    add(hashOf(step(hashOf(PAIR, previous), SPACE), w));
    previous = w;
    if (w.length > 3) {
      // Pieces of "^word$": position 0 is '^', position length+1 is '$'.
      const last = w.length + 1;
      for (let n = 4; n <= 5; n++)
        for (let i = 0; i + n <= last + 1; i++) {
          let h = PIECE;
          for (let j = i; j < i + n; j++)
            h = step(h, j === 0 ? CARET : j === last ? DOLLAR : w.charCodeAt(j - 1));
          add(h);
        }
    }
  }
  add(hashOf(step(hashOf(PAIR, previous), SPACE), '</s>'));
  return out;
}

/**
 * A field's highest-scoring unit among those long enough to judge (score 0 when none). `scoreOf`
 * lets a caller memoise scores by features array (shared across a scan's repeated sentences).
 */
export function bestUnit(
  field: Pick<TextField, 'kind' | 'text'>,
  model: LearnedModel,
  scoreOf: (features: readonly number[]) => number = (features) => scoreFeatures(model, features),
): { unit: string; score: number } {
  let found = { unit: '', score: 0 };
  for (const unit of learnedUnits(field)) {
    if (!isJudgeable(unit)) continue;
    const score = scoreOf(unit.features);
    if (score > found.score) found = { unit: unit.text, score };
  }
  return found;
}

/** The model's probability that a unit (given as its features) was planted to steer the model. */
export function scoreFeatures(model: LearnedModel, features: readonly number[]): number {
  let sum = 0;
  for (const k of features) sum += model.weights[k]!;
  const z = model.bias + (model.scale * sum) / Math.sqrt(features.length || 1);
  return 1 / (1 + Math.exp(-z));
}

// --- The model file: "PLM2", bits (u32), bias (f32), threshold (f32), scale (f32), then every
// weight as a signed 16-bit integer times the scale (dense, little-endian): half the size of
// float32 for no change a score would show (the step is a 32767th of the largest weight).

const MAGIC = 'PLM2';
const HEADER_BYTES = 20;
/** The model's file name, beside the module that reads it (src/, and dist/ after the build). */
export const LEARNED_MODEL_FILE = 'learned-model.plm';

export function encodeLearnedModel(model: LearnedModel): Buffer {
  let largest = 0;
  for (const w of model.weights) largest = Math.max(largest, Math.abs(w * model.scale));
  const scale = Math.fround(largest / 32767 || 1);
  const out = Buffer.alloc(HEADER_BYTES + DIM * 2);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(LEARNED_BITS, 4);
  out.writeFloatLE(model.bias, 8);
  out.writeFloatLE(model.threshold, 12);
  out.writeFloatLE(scale, 16);
  for (let i = 0; i < DIM; i++)
    out.writeInt16LE(
      Math.round(((model.weights[i] ?? 0) * model.scale) / scale),
      HEADER_BYTES + i * 2,
    );
  return out;
}

export function decodeLearnedModel(bytes: Buffer): LearnedModel {
  if (bytes.length < HEADER_BYTES || bytes.toString('latin1', 0, 4) !== MAGIC)
    throw new Error('not a Palisade learned model (PLM2)');
  if (bytes.readUInt32LE(4) !== LEARNED_BITS)
    throw new Error(`learned model has ${bytes.readUInt32LE(4)} bits, the reader ${LEARNED_BITS}`);
  if (bytes.length !== HEADER_BYTES + DIM * 2) throw new Error('learned model has the wrong size');
  const scale = bytes.readFloatLE(16);
  // Read in place: an Int16Array over the file's bytes (the platforms Node runs on are
  // little-endian, as the file is). It needs 2-byte alignment; a pooled Buffer may start anywhere.
  const aligned = bytes.byteOffset % 2 === 0 ? bytes : Buffer.from(bytes);
  return {
    weights: new Int16Array(aligned.buffer, aligned.byteOffset + HEADER_BYTES, DIM),
    scale,
    bias: bytes.readFloatLE(8),
    threshold: bytes.readFloatLE(12),
  };
}

let shipped: LearnedModel | undefined;

/** The model shipped with Palisade (committed in src/, copied beside the bundle by the build),
 *  read once. Its absence is a broken build, not a reason to scan with less: it throws. */
export function shippedLearnedModel(): LearnedModel {
  shipped ??= decodeLearnedModel(readFileSync(new URL(`./${LEARNED_MODEL_FILE}`, import.meta.url)));
  return shipped;
}
