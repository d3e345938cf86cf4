// Types of scripts/pack-wink-model.mjs, for the test that packs the model in memory.
export declare const PACKED_WINK_MODEL: string;
export declare const LEMMA_EXCEPTIONS: readonly string[];
export declare function winkModelSource(from?: string): { path: string; version: string };
export declare function packWinkModel(path: string, version: string): Buffer;
