import type { InputFile } from './inputs/types.js';
import type { ProgressFn, ScanResult } from './types.js';

export interface ScanFilesOptions {
  onProgress?: ProgressFn;
}

export type UploadCheck =
  | { ok: true; accepted: string[] }
  | {
      ok: false;
      code: 'unsupported_file_type' | 'payload_too_large' | 'invalid_archive';
      message: string;
    };

// Placeholders until the file-scanning work lands (issue 3).
export function inspectUpload(_files: InputFile[]): UploadCheck {
  throw new Error('inspectUpload is not implemented yet');
}

export async function scanFiles(
  _files: InputFile[],
  _options: ScanFilesOptions = {},
): Promise<ScanResult> {
  throw new Error('scanFiles is not implemented yet');
}
