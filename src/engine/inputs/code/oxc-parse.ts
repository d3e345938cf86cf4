// oxc's ESTree AST without the JSON round trip. By default oxc-parser's Node binding serialises
// the AST to JSON in Rust and `JSON.parse`s it in JS: about three quarters of the cost of a parse.
// "Raw transfer" instead lets Rust build the AST in a buffer that JS owns and deserialises it
// straight from memory (about four times cheaper on our corpus; docs/benchmarks.md).
//
// oxc-parser enables raw transfer only on Node >= 22, because its buffer is a 2 GiB view
// aligned on 4 GiB inside a 6 GiB ArrayBuffer, and it finds the alignment through a view of the
// whole 6 GiB, which Node 20's typed arrays (at most 4 GiB) cannot make. The pointer of the first
// byte is all it needs, so on Node 20 this module builds the same buffer through a short view and
// calls the same binding and generated deserialiser (exported subpaths of the pinned version).
// Where neither path is available (32-bit or big-endian, or the 6 GiB of address space refused),
// it falls back to the JSON path. ADR 0008 records the choice; the tests compare the two paths.
import { parseSync, rawTransferSupported, type ParserOptions, type Program } from 'oxc-parser';
import * as binding from 'oxc-parser/src-js/bindings';
import * as constants from 'oxc-parser/src-js/generated/constants';
import { deserialize as deserializeJs } from 'oxc-parser/src-js/generated/deserialize/js';
import { deserialize as deserializeTs } from 'oxc-parser/src-js/generated/deserialize/ts';

/** The parts of a parse result the walkers read. */
export interface OxcParse {
  program: Program;
  errors: { message: string; labels: { start: number }[] }[];
}

export type ParseMode = 'raw' | 'raw-node20' | 'json';

interface RawBuffer extends Uint8Array {
  int32: Int32Array;
  float64: Float64Array;
  block: Uint8Array;
}

const encoder = new TextEncoder();
/** Sources above this many characters give their buffer back afterwards: the pages their AST
 *  touched would otherwise stay resident for the thread's life. */
const KEEP_BUFFER_CHARS_MAX = 256 * 1024;

let mode: ParseMode | undefined;
/** The Node 20 path's buffer while idle; undefined while in use or not made yet. */
let idleBuffer: RawBuffer | undefined;

/** How this process parses: decided once, on first use. */
export function parseMode(): ParseMode {
  if (mode === undefined) {
    mode = rawTransferSupported() ? 'raw' : node20RawWorks() ? 'raw-node20' : 'json';
  }
  return mode;
}

/** Parses with the fastest path available; `force` is for the tests that compare the paths. */
export function parseOxc(
  path: string,
  text: string,
  options: ParserOptions,
  force?: ParseMode,
): OxcParse {
  const how = force ?? parseMode();
  if (how === 'raw') {
    // Not in the package's types: checked at run time, and supported here.
    options = { ...options, experimentalRawTransfer: true } as ParserOptions;
  } else if (how === 'raw-node20') {
    const buffer = idleBuffer ?? tryCreateBuffer();
    // Address space can run out later even where it did not at first: then this file goes the
    // JSON way rather than failing.
    if (buffer) return parseNode20(buffer, path, text, options);
  }
  const result = parseSync(path, text, options);
  return { program: result.program, errors: result.errors };
}

function node20RawWorks(): boolean {
  if (!binding.rawTransferSupported()) return false;
  idleBuffer ??= tryCreateBuffer(); // none where the address space is refused
  return idleBuffer !== undefined;
}

/** oxc-parser's `createBuffer`, with the alignment found through a view Node 20 can make. */
function createBuffer(): RawBuffer {
  const arrayBuffer = new ArrayBuffer(constants.BLOCK_SIZE + constants.BLOCK_ALIGN);
  const offset = binding.getBufferOffset(new Uint8Array(arrayBuffer, 0, 1));
  const buffer = new Uint8Array(arrayBuffer, offset, constants.BUFFER_SIZE) as RawBuffer;
  buffer.int32 = new Int32Array(arrayBuffer, offset, constants.BUFFER_SIZE / 4);
  buffer.float64 = new Float64Array(arrayBuffer, offset, constants.BUFFER_SIZE / 8);
  buffer.block = new Uint8Array(arrayBuffer, offset, constants.BLOCK_SIZE);
  return buffer;
}

function tryCreateBuffer(): RawBuffer | undefined {
  try {
    return createBuffer();
  } catch {
    return undefined;
  }
}

function parseNode20(
  buffer: RawBuffer,
  path: string,
  text: string,
  options: ParserOptions,
): OxcParse {
  idleBuffer = undefined; // not shared while in use; a throw below leaves it to the GC
  // The source goes at the end of the active area, sized for the worst case of UTF-8.
  const maxSourceBytes = text.length * 3;
  const sourceStartPos = constants.ACTIVE_SIZE - maxSourceBytes;
  const target = new Uint8Array(buffer.buffer, buffer.byteOffset + sourceStartPos, maxSourceBytes);
  const { read, written } = encoder.encodeInto(text, target);
  if (read !== text.length) throw new Error('oxc raw transfer: the source did not fit its buffer');
  binding.parseRawSync(path, buffer.block, sourceStartPos, written, options);
  const isJs = buffer[constants.IS_TS_FLAG_POS] === 0;
  const data = (isJs ? deserializeJs : deserializeTs)(buffer, text, sourceStartPos, written);
  if (text.length <= KEEP_BUFFER_CHARS_MAX) idleBuffer = buffer;
  return data as OxcParse;
}
