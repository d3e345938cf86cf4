// JSON schemas shared by the routes. Response schemas list every field a client may see, for both
// variants at once (presenters pick the variant); fast-json-stringify drops anything not listed,
// so an internal field can never leak through a response.

import { ERROR_CODES } from './errors.js';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const strings = { type: 'array', items: str } as const;

export const errorSchema = {
  $id: 'Error',
  type: 'object',
  description:
    'Every error: `error` (text for humans), `code` (stable, see docs/errors.md), `request_id`. ' +
    'The monthly-quota 429 adds limit, used, resets_at and upgrade_url.',
  required: ['error', 'code'],
  properties: {
    error: str,
    code: { type: 'string', enum: ERROR_CODES },
    request_id: str,
    limit: int,
    used: int,
    resets_at: { type: 'string', format: 'date-time' },
    upgrade_url: str,
  },
} as const;

export const findingSchema = {
  $id: 'Finding',
  type: 'object',
  description:
    'A finding. Variant A: finding_id, upper-case severity, evidence array, hipaa_mapping and ' +
    'soc2_mapping arrays. Variant B: id, lower-case severity, confidence, monitor_candidate, ' +
    'evidence string, hipaa_mapping (enterprise; null when none), upgrade_message (free plan).',
  required: ['title', 'severity', 'owasp_category', 'rule_id'],
  properties: {
    finding_id: { type: 'string', description: 'Variant A: FND-<n>.' },
    id: { type: 'string', description: 'Variant B: <PREFIX>-<n>.' },
    title: str,
    severity: {
      type: 'string',
      enum: ['critical', 'high', 'medium', 'low', 'CRITICAL', 'HIGH', 'MEDIUM', 'LOW'],
    },
    owasp_category: { type: 'string', pattern: '^LLM(0[1-9]|10)$' },
    confidence: { type: 'string', enum: ['high', 'medium', 'low'] },
    description: str,
    remediation: str,
    evidence: { type: ['array', 'string'], items: str },
    evidence_details: {
      type: 'array',
      description:
        'Both variants, with evidence (hidden on the free plan): one entry per piece of evidence, ' +
        'in the order of `evidence`, with its exact place. `snippet` quotes the text as written ' +
        '(case kept, whole words, `…` where cut, secrets redacted).',
      items: {
        type: 'object',
        required: ['location', 'snippet'],
        properties: {
          location: { type: 'string', description: 'As in `evidence`.' },
          snippet: str,
          pointer: {
            type: 'string',
            description:
              'RFC 6901 JSON pointer to the quoted value in the scanned snapshot (tool metadata) ' +
              'or config document, e.g. /tools/3/inputSchema/properties/note/description.',
          },
          file: { type: 'string', description: 'File (or archive entry) the evidence is in.' },
          line: { type: 'integer', minimum: 1, description: 'Line of the key, value or call.' },
          column: {
            type: 'integer',
            minimum: 1,
            description: 'Column of the key, value or call (UTF-16 code units).',
          },
        },
      },
    },
    hipaa_mapping: { type: ['array', 'null'], items: str },
    soc2_mapping: strings,
    monitor_candidate: { type: 'boolean' },
    upgrade_message: str,
    rule_id: str,
    cwe: str,
    owasp_mcp: str,
    file: str,
  },
} as const;

/** `coverage` on a finished scan, both variants (docs/api.md#coverage). */
export const coverageSchema = {
  type: 'object',
  description:
    'What the scan saw: the server (live and snapshot scans), the counts analysed, each file ' +
    'read with its kind, and each thing not analysed with the reason. `complete` is false when ' +
    '`gaps` is not empty; such a scan is not graded A (docs/scoring.md).',
  required: ['complete', 'counts', 'files', 'gaps'],
  properties: {
    complete: { type: 'boolean' },
    server: {
      type: 'object',
      properties: {
        name: str,
        version: str,
        protocol_version: str,
        transport: {
          type: 'string',
          description: 'streamable-http, sse, or snapshot (a snapshot file).',
        },
      },
    },
    counts: {
      type: 'object',
      required: ['tools', 'prompts', 'resources', 'resource_templates'],
      properties: { tools: int, prompts: int, resources: int, resource_templates: int },
    },
    files: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'kind'],
        properties: {
          path: { type: 'string', description: 'A file, or an archive entry as `a.zip!/path`.' },
          kind: {
            type: 'string',
            description: 'mcp-config, snapshot, dependencies, code, text or archive.',
          },
        },
      },
    },
    gaps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['subject', 'reason'],
        properties: {
          subject: {
            type: 'string',
            description: 'A file, an archive entry, or a part of a server such as prompts/list.',
          },
          reason: str,
        },
      },
    },
  },
} as const;

export const scanSchema = {
  $id: 'Scan',
  type: 'object',
  description:
    'A scan in its current state: queued (position), running (progress), failed (error), or ' +
    'finished ("complete" in variant B, "completed" in variant A) with the result fields.',
  required: ['scan_id', 'status'],
  properties: {
    scan_id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: ['queued', 'running', 'complete', 'completed', 'failed'] },
    position: int,
    progress: str,
    error: str,
    overall_score: int,
    letter_grade: str,
    findings_count: int,
    findings: { type: 'array', items: { $ref: 'Finding#' } },
    category_scores: {
      type: 'array',
      items: {
        type: 'object',
        required: ['category', 'score', 'rating'],
        properties: { category: str, score: { type: 'number' }, rating: str },
      },
    },
    upgrade_message: str,
    previous_scan_id: {
      type: 'string',
      description:
        "Scans of an MCP URL: the account's previous completed scan of the same URL, which this scan was compared with (changes since then are `definition-changed` findings).",
    },
    capabilities: {
      type: 'object',
      description:
        'What the scanned tools can do (tool names per capability). Informs; it does not lower the grade.',
      properties: {
        reads_private_data: { type: 'array', items: str },
        runs_code: { type: 'array', items: str },
        reaches_network: { type: 'array', items: str },
        destroys_data: { type: 'array', items: str },
        moves_money: { type: 'array', items: str },
        reads_untrusted_content: { type: 'array', items: str },
        toxic_flow: {
          type: 'object',
          properties: {
            untrusted: { type: 'array', items: str },
            private_data: { type: 'array', items: str },
            outbound: { type: 'array', items: str },
          },
        },
      },
    },
    coverage: coverageSchema,
  },
} as const;

export const submissionSchema = {
  $id: 'Submission',
  type: 'object',
  required: ['scan_id', 'status'],
  properties: {
    scan_id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: ['queued'] },
    estimated_seconds: int,
    files_accepted: strings,
  },
} as const;

export const SHARED_SCHEMAS = [errorSchema, findingSchema, scanSchema, submissionSchema];

const errorRef = { $ref: 'Error#' } as const;

/** Error responses of a route, for the OpenAPI document (and serialisation of error bodies). */
export function errorResponses(...statuses: number[]): Record<string, typeof errorRef> {
  const out: Record<string, typeof errorRef> = {};
  for (const status of [...statuses, 401, 429, 500]) out[String(status)] = errorRef;
  return out;
}

export const variantQuery = {
  variant: {
    type: 'string',
    enum: ['a', 'b', 'A', 'B'],
    description:
      'Response variant (also X-Palisade-Variant header); default: account preference, else B.',
  },
} as const;

export const variantHeaders = {
  type: 'object',
  properties: {
    'x-palisade-variant': {
      type: 'string',
      description: 'Response variant A or B (case-insensitive).',
    },
  },
} as const;

export const scanIdParams = {
  type: 'object',
  required: ['scan_id'],
  properties: { scan_id: { type: 'string', maxLength: 64 } },
} as const;
