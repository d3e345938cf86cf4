// wink-nlp's English model, loaded for what the engine uses of it: sentence boundaries, part of
// speech, lemmas and negation.
//
// The package's own entry (`wink-eng-lite-web-model`) parses every part of the model when it is
// required, named entities and sentiment included, and its core reader then deep-copies the 2.9 MB
// core JSON (stringify and parse again) and decodes the packed lexicon byte by byte. That was
// about half the CPU of a small `palisade scan` (ADR 0018 has the profile). This loader builds the
// same model object with less work:
// - from the packed form the build writes beside this module (scripts/pack-wink-model.mjs): the
//   lexicon a view on the file's bytes, lexemes decoded on first use and found by binary search,
//   the lemmatizer's exception lists as JSON;
// - without it (the sources run through tsx), from the package's core JSON, parsed once and not
//   copied, its lexicon decoded by Buffer's native base64 instead of `atob` and a loop;
// - named entities and sentiment get empty machines (wink-nlp imports them at load time, but the
//   engine's pipe never runs them); sentence, part-of-speech and negation machines are the
//   package's own.
// A test (wink-model.test.ts beside this file) reads a corpus with the packed model, the JSON one
// and the package's own, and requires the same sentences, tokens, lemmas, tags and negation flags.
import { readFileSync } from 'node:fs';
import { Module, createRequire } from 'node:module';

const PACKAGE = 'wink-eng-lite-web-model';

interface FeatureData {
  list: string[];
  hash?: Record<string, number>;
  intrinsicSize?: number;
  index?: number;
  maxIndex?: number;
}

interface CoreModel {
  packing: { layout: Record<string, number[]>; efList?: string[] };
  features: Record<string, FeatureData>;
  pos: { hash: Record<string, number> };
  lexicon: string | Uint32Array;
  xpansions: string | Uint32Array;
}

/** An empty state machine in wink-nlp's export format (its automaton's `emptyModelJSON`). */
const EMPTY_MACHINE = JSON.stringify([100, 0, { 0: {} }, {}, {}, {}]);

function words(base64: string): Uint32Array {
  const bytes = Buffer.from(base64, 'base64');
  // A Uint32Array view needs a 4-byte-aligned offset; Buffer may hand out a pooled slice.
  const own = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
  return new Uint32Array(own.buffer, own.byteOffset, own.byteLength >>> 2);
}

/** A value-to-index table with the plain-object face wink-nlp reads and writes (`hash[value]`,
 *  `hash[value] = index`): `find` answers for the model's own words, a Map keeps the words wink
 *  adds while reading. */
function tableFace(find: (word: string) => number | undefined): Record<string, number> {
  const added = new Map<string, number>();
  const lookup = (word: string) => find(word) ?? added.get(word);
  return new Proxy(Object.create(null) as Record<string, number>, {
    get: (_, key) => (typeof key === 'string' ? lookup(key) : undefined),
    set: (_, key, value: number) => (typeof key === 'string' && added.set(key, value), true),
    has: (_, key) => typeof key === 'string' && lookup(key) !== undefined,
  });
}

/** The table over a list held in memory, in a Map: filling a Map with the 87,593 lexemes takes
 *  under half the time of a dictionary-mode object. */
function indexOf(list: readonly string[]): Record<string, number> {
  const map = new Map<string, number>();
  for (let k = 0; k < list.length; k++) map.set(list[k]!, k);
  return tableFace((word) => map.get(word));
}

/**
 * The lexeme list over the packed bytes: a word is decoded the first time it is asked for, and
 * kept. A scan asks for a few thousand of the 87,593 words; splitting the whole list at start cost
 * a small scan a tenth of its CPU, most of it in the garbage collector copying the strings out of
 * the young generation. It has the array face wink-nlp uses (index, `length`, `push` of the words
 * it adds while reading).
 */
function lexemeList(bytes: Buffer, listStart: number, starts: Uint32Array): string[] {
  const count = starts.length - 1;
  const decoded = new Map<number, string>();
  const added: string[] = [];
  const word = (k: number): string | undefined => {
    if (k >= count) return added[k - count];
    let w = decoded.get(k);
    if (w === undefined) {
      // Each word is followed by a NUL, which its end leaves out.
      w = bytes.toString('utf8', listStart + starts[k]!, listStart + starts[k + 1]! - 1);
      decoded.set(k, w);
    }
    return w;
  };
  const push = (...words: string[]): number => added.push(...words) + count;
  return new Proxy([] as string[], {
    get: (target, key) => {
      if (typeof key === 'string') {
        const k = Number(key);
        if (Number.isInteger(k) && k >= 0 && String(k) === key) return word(k);
        if (key === 'length') return count + added.length;
        if (key === 'push') return push;
      }
      return Reflect.get(target, key) as unknown;
    },
  });
}

/** The table over the packed form's sorted order: a lookup binary-searches the list, so nothing
 *  is built at start. */
function sortedIndex(list: readonly string[], order: Uint32Array): Record<string, number> {
  return tableFace((word) => {
    let lo = 0;
    let hi = order.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = order[mid]!;
      const at = list[k]!;
      if (at === word) return k;
      if (at < word) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  });
}

/** What the package's `read-core-model` and `load-core-model` add to the parsed JSON, given the
 *  lexeme table. */
function prepare(model: CoreModel, lexemeHash: Record<string, number>): CoreModel {
  const { packing, features, pos } = model;
  packing.efList = [];
  for (const [name, layout] of Object.entries(packing.layout)) {
    const feature = features[name];
    if (layout[3] === 0 && feature) {
      feature.hash = indexOf(feature.list);
      feature.intrinsicSize = feature.list.length;
      feature.index = feature.list.length;
      feature.maxIndex = layout[1]! >>> layout[2]!;
    }
    if (layout[4] === 1) packing.efList.push(name);
  }
  const lexeme = features.lexeme!;
  lexeme.hash = lexemeHash;
  lexeme.intrinsicSize = lexeme.list.length;
  lexeme.index = lexeme.list.length;
  const clusters = features.posClusters!.list as unknown as (string | Set<number>)[];
  for (let k = 0; k < clusters.length; k++) {
    clusters[k] = new Set((clusters[k] as string).split('_').map((tag) => pos.hash[tag] ?? 0));
  }
  return model;
}

/** The core model from the package's JSON, parsed once and not copied. */
function readJsonCore(path: string): CoreModel {
  const model = JSON.parse(readFileSync(path, 'utf8')) as CoreModel;
  model.lexicon = words(model.lexicon as string);
  model.xpansions = words(model.xpansions as string);
  return prepare(model, indexOf(model.features.lexeme!.list));
}

interface PackedHeader {
  version: string;
  /** The lemmatizer's exception lists by module file name (scripts/pack-wink-model.mjs). */
  lemmaExceptions?: Record<string, Record<string, string>>;
  sections: Record<
    'lexicon' | 'xpansions' | 'lexemeOrder' | 'lexemeList' | 'lexemeStarts',
    [number, number]
  >;
  model: CoreModel;
}

interface Packed {
  core: CoreModel;
  lemmaExceptions: Record<string, Record<string, string>>;
}

/** The core model from its packed form (scripts/pack-wink-model.mjs), or undefined when the
 *  bytes are not a packed model or were packed from another version of the model. */
export function readPacked(bytes: Buffer, version: string): Packed | undefined {
  if (bytes.length < 8 || bytes.toString('latin1', 0, 4) !== 'PWM1') return undefined;
  const headerLength = bytes.readUInt32LE(4);
  const header = JSON.parse(bytes.toString('utf8', 8, 8 + headerLength)) as PackedHeader;
  // A file packed by an older build (another model version, or no word starts) is not read.
  if (header.version !== version || !header.sections.lexemeStarts) return undefined;
  // The sections are 4-byte aligned from the file's start; a Buffer from readFileSync starts its
  // own ArrayBuffer, any other is copied to one that does.
  if (bytes.byteOffset % 4 !== 0) bytes = Buffer.from(bytes);
  const base = bytes.byteOffset + ((8 + headerLength + 3) & ~3);
  const section = (name: keyof PackedHeader['sections']) => {
    const [offset, length] = header.sections[name];
    return { offset: base + offset, length };
  };
  const u32 = (name: keyof PackedHeader['sections']) => {
    const { offset, length } = section(name);
    return new Uint32Array(bytes.buffer, offset, length >>> 2);
  };
  const { model } = header;
  const list = section('lexemeList');
  const start = list.offset - bytes.byteOffset;
  model.features.lexeme!.list = lexemeList(bytes, start, u32('lexemeStarts'));
  model.lexicon = u32('lexicon');
  model.xpansions = u32('xpansions');
  return {
    core: prepare(model, sortedIndex(model.features.lexeme!.list, u32('lexemeOrder'))),
    lemmaExceptions: header.lemmaExceptions ?? {},
  };
}

/** The packed model's file name, written by the build beside the module that reads it. */
const PACKED = 'eng-core-web-model.pwm';

function readPackedFile(version: string): Packed | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(new URL(`./${PACKED}`, import.meta.url));
  } catch {
    return undefined; // run from the sources (tsx): the build has not packed it
  }
  return readPacked(bytes, version);
}

/** Puts the packed exception lists in the module cache under the lemmatizer's own requires, so
 *  that it finds them there instead of compiling their modules (Node documents adding entries to
 *  `require.cache`). The lists are copied into prototype-less objects, as the modules make them:
 *  a word such as "constructor" must not find Object's. */
function preloadLemmaExceptions(
  require: NodeRequire,
  lists: Record<string, Record<string, string>>,
): void {
  for (const [file, list] of Object.entries(lists)) {
    const path = require.resolve(`${PACKAGE}/dist/${file}`);
    if (require.cache[path]) continue;
    const module = new Module(path);
    module.filename = path;
    module.loaded = true;
    module.exports = Object.assign(Object.create(null) as Record<string, string>, list);
    require.cache[path] = module;
  }
}

/** Loads an addon of the model package on its first call, after `before`. */
function lazy(
  require: NodeRequire,
  file: string,
  before?: () => void,
): (...args: unknown[]) => unknown {
  let fn: ((...args: unknown[]) => unknown) | undefined;
  return (...args) => {
    if (!fn) {
      before?.();
      fn = require(`${PACKAGE}/dist/${file}`) as (...args: unknown[]) => unknown;
    }
    return fn(...args);
  };
}

/** The model object wink-nlp's constructor takes, for the pipe `sbd`, `pos`, `negation`: from
 *  `packedBytes` when given (tests), else from the packed file beside this module, else from the
 *  package's JSON. */
export function englishModel(packedBytes?: Buffer): unknown {
  const require = createRequire(import.meta.url);
  const dist = (file: string) => require(`${PACKAGE}/dist/${file}`) as unknown;
  const version = (require(`${PACKAGE}/package.json`) as { version: string }).version;
  const packed = packedBytes ? readPacked(packedBytes, version) : readPackedFile(version);
  const none = { machines: [] as string[], transformers: [] as unknown[] };
  return {
    core: () =>
      packed?.core ??
      readJsonCore(require.resolve(`${PACKAGE}/dist/languages/cur/models/eng-core-web-model.json`)),
    sbd: dist('load-sbd-model.js'),
    pos: dist('load-pos-model.js'),
    negation: dist('load-negation-model.js'),
    ner: () => none,
    sa: () => ({ machines: [EMPTY_MACHINE], setter: () => undefined }),
    metaCER: () => ({ machines: '[]', transformers: [() => undefined] }),
    featureFn: dist('feature.js'),
    addons: {
      stem: lazy(require, 'porter-stemmer.js'),
      lemmatize: lazy(
        require,
        'lemmatize.js',
        () => packed && preloadLemmaExceptions(require, packed.lemmaExceptions),
      ),
      readabilityStats: lazy(require, 'readability-stats.js'),
      wordVectors: undefined,
    },
  };
}
