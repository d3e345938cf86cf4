// Types for the parts of oxc-parser's raw transfer that oxc-parse.ts uses on Node 20. They are
// exported subpaths of the package (its `exports` map) without declarations of their own; the
// version is pinned exactly in package.json, and the tests parse through them.
declare module 'oxc-parser/src-js/bindings' {
  import type { ParserOptions } from 'oxc-parser';
  /** Whether the native side supports raw transfer (64-bit little-endian). */
  export function rawTransferSupported(): boolean;
  /** Bytes from the start of `buffer` to the first address aligned on 4 GiB. */
  export function getBufferOffset(buffer: Uint8Array): number;
  export function parseRawSync(
    filename: string,
    block: Uint8Array,
    sourceStartPos: number,
    sourceByteLen: number,
    options: ParserOptions,
  ): void;
}

declare module 'oxc-parser/src-js/generated/constants' {
  export const BLOCK_SIZE: number;
  export const BLOCK_ALIGN: number;
  export const BUFFER_SIZE: number;
  export const ACTIVE_SIZE: number;
  export const IS_TS_FLAG_POS: number;
}

declare module 'oxc-parser/src-js/generated/deserialize/js' {
  export function deserialize(
    buffer: Uint8Array,
    sourceText: string,
    sourceStartPos: number,
    sourceByteLen: number,
  ): unknown;
}

declare module 'oxc-parser/src-js/generated/deserialize/ts' {
  export function deserialize(
    buffer: Uint8Array,
    sourceText: string,
    sourceStartPos: number,
    sourceByteLen: number,
  ): unknown;
}
