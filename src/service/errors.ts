// One catalogue of the error codes clients see (docs/errors.md lists the same codes; a test keeps
// the two in step). Public messages are safe to show; causes are logged, never sent.

export interface ErrorSpec {
  status: number;
  /** Default public message; a throw site may give a more specific one. */
  message: string;
  retryable: boolean;
}

export const ERROR_CATALOGUE = {
  invalid_request: {
    status: 400,
    message: 'The request is invalid.',
    retryable: false,
  },
  invalid_url: {
    status: 400,
    message: 'The URL is not a valid http:// or https:// URL.',
    retryable: false,
  },
  private_target: {
    status: 400,
    message: 'The URL points to a private or reserved address, which is not scanned.',
    retryable: false,
  },
  unsupported_file_type: {
    status: 400,
    message: 'A file has a type that is not scanned.',
    retryable: false,
  },
  invalid_archive: {
    status: 400,
    message: 'An archive could not be read or exceeds the archive limits.',
    retryable: false,
  },
  unauthorized: {
    status: 401,
    message: 'A valid API key is required (Authorization: Bearer <key> or X-API-Key).',
    retryable: false,
  },
  plan_required: {
    status: 403,
    message: 'This feature is not available on your plan.',
    retryable: false,
  },
  csrf_invalid: {
    status: 403,
    message: 'The form token is missing or invalid: reload the page and submit the form again.',
    retryable: false,
  },
  not_found: {
    status: 404,
    message: 'Not found.',
    retryable: false,
  },
  method_not_allowed: {
    status: 405,
    message: 'This path does not support the method.',
    retryable: false,
  },
  scan_not_complete: {
    status: 409,
    message: 'The scan is not complete yet.',
    retryable: true,
  },
  idempotency_key_reused: {
    status: 409,
    message: 'This Idempotency-Key was already used for a different request.',
    retryable: false,
  },
  report_expired: {
    status: 410,
    message: 'This report link has expired; generate a new one.',
    retryable: false,
  },
  payload_too_large: {
    status: 413,
    message: 'The upload is too large.',
    retryable: false,
  },
  unsupported_media_type: {
    status: 415,
    message: 'The Content-Type of the request is not supported by this endpoint.',
    retryable: false,
  },
  quota_exceeded: {
    status: 429,
    message: 'The monthly scan quota of your plan is used up.',
    retryable: true,
  },
  rate_limited: {
    status: 429,
    message: 'Too many requests; slow down and retry after the Retry-After delay.',
    retryable: true,
  },
  internal: {
    status: 500,
    message: 'An internal error occurred.',
    retryable: true,
  },
  unavailable: {
    status: 503,
    message: 'The service is not ready.',
    retryable: true,
  },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export interface AppErrorOptions {
  /** Replaces the catalogue's default public message. */
  message?: string;
  /** Logged with the request, never sent. */
  cause?: unknown;
  /** Extra body fields (e.g. the quota's limit/used/resets_at). */
  details?: Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const spec: ErrorSpec = ERROR_CATALOGUE[code];
    super(options.message ?? spec.message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = spec.status;
    this.retryable = spec.retryable;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
