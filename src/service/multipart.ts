// Reading an upload: parts named `files` (variant B) or `file` (variant A), counted byte by byte
// against the total limit (never trusting declared sizes), with client file names reduced to safe
// relative paths.

import type { FastifyRequest } from 'fastify';
import type { InputFile } from '../engine/light.js';
import { AppError } from './errors.js';

export const UPLOAD_FILES_MAX = 200;
const FILE_PART_NAMES = new Set(['files', 'file']);
const PATH_CHARS_MAX = 255;

export interface UploadLimits {
  maxTotalBytes: number;
}

export function tooLarge(maxTotalBytes: number): AppError {
  return new AppError('payload_too_large', {
    message: `The upload is larger than the limit of ${maxTotalBytes} bytes.`,
  });
}

/**
 * A client-supplied name becomes a relative path: separators normalised, no drive letters, no
 * `.`/`..` segments, no control characters. The engine only uses it as a label.
 */
export function safeUploadPath(raw: string | undefined, index: number): string {
  const segments = (raw ?? '')
    // Control characters would corrupt logs and reports.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\\/g, '/')
    .replace(/^[A-Za-z]:/, '')
    .split('/')
    .filter((s) => s !== '' && s !== '.' && s !== '..');
  const path = segments.join('/').slice(-PATH_CHARS_MAX);
  return path === '' ? `upload-${index + 1}` : path;
}

function uniquePath(path: string, taken: Set<string>): string {
  let candidate = path;
  for (let n = 2; taken.has(candidate); n++) candidate = `${path}~${n}`;
  taken.add(candidate);
  return candidate;
}

export async function readUploadFiles(
  request: FastifyRequest,
  limits: UploadLimits,
): Promise<InputFile[]> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', {
      message: 'This endpoint expects multipart/form-data with one or more "files" parts.',
    });
  }
  const files: InputFile[] = [];
  const taken = new Set<string>();
  let totalBytes = 0;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (!FILE_PART_NAMES.has(part.fieldname)) {
      throw new AppError('invalid_request', {
        message: `Unexpected file part "${part.fieldname.slice(0, 64)}": name file parts "files" (or "file").`,
      });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      totalBytes += chunk.length;
      if (totalBytes > limits.maxTotalBytes) throw tooLarge(limits.maxTotalBytes);
      chunks.push(chunk);
    }
    if (part.file.truncated) throw tooLarge(limits.maxTotalBytes);
    files.push({
      path: uniquePath(safeUploadPath(part.filename, files.length), taken),
      bytes: Buffer.concat(chunks),
    });
  }
  return files;
}
