// The engine's vocabulary: closed unions and the shapes every rule, input parser and presenter share.
// Nothing here depends on the service, the store or the queue.

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const CONFIDENCES = ['high', 'medium', 'low'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** OWASP Top 10 for LLM Applications, 2025 edition. */
export const OWASP_CATEGORIES = [
  'LLM01',
  'LLM02',
  'LLM03',
  'LLM04',
  'LLM05',
  'LLM06',
  'LLM07',
  'LLM08',
  'LLM09',
  'LLM10',
] as const;
export type OwaspCategory = (typeof OWASP_CATEGORIES)[number];

export const OWASP_CATEGORY_NAMES: Readonly<Record<OwaspCategory, string>> = {
  LLM01: 'Prompt Injection',
  LLM02: 'Sensitive Information Disclosure',
  LLM03: 'Supply Chain',
  LLM04: 'Data and Model Poisoning',
  LLM05: 'Improper Output Handling',
  LLM06: 'Excessive Agency',
  LLM07: 'System Prompt Leakage',
  LLM08: 'Vector and Embedding Weaknesses',
  LLM09: 'Misinformation',
  LLM10: 'Unbounded Consumption',
};

/** OWASP MCP Top 10 (2025 beta). */
export const OWASP_MCP_CATEGORIES = [
  'MCP01',
  'MCP02',
  'MCP03',
  'MCP04',
  'MCP05',
  'MCP06',
  'MCP07',
  'MCP08',
  'MCP09',
  'MCP10',
] as const;
export type OwaspMcpCategory = (typeof OWASP_MCP_CATEGORIES)[number];

// ---------------------------------------------------------------------------------------------
// What a live fetch collects (and what a snapshot JSON file holds).

export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: McpToolAnnotations;
  [key: string]: unknown;
}

export interface McpPromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

export interface McpPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: McpPromptArgument[];
  [key: string]: unknown;
}

export interface McpResource {
  uri: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  [key: string]: unknown;
}

export interface McpResourceTemplate {
  uriTemplate: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  [key: string]: unknown;
}

/** A loose JSON Schema object; rules read it defensively. */
export type JsonSchema = { [key: string]: unknown };

export interface TransportFacts {
  /** The URL that was scanned (credentials stripped). */
  url: string;
  transport: 'streamable-http' | 'sse' | 'file';
  isHttps: boolean;
  /** The target host is a loopback address or name. */
  isLoopback: boolean;
  /** tools/list answered without any credentials being presented. */
  listedWithoutCredentials: boolean;
  /** A token was presented. */
  usedAuthToken: boolean;
}

export interface McpSnapshot {
  serverInfo?: { name?: string; version?: string; title?: string; [key: string]: unknown };
  protocolVersion?: string;
  capabilities?: Record<string, unknown>;
  instructions?: string;
  tools: McpTool[];
  prompts?: McpPrompt[];
  resources?: McpResource[];
  resourceTemplates?: McpResourceTemplate[];
  /** Present for live fetches; absent when the snapshot came from a file or from code. */
  transport?: TransportFacts;
  /** Where the snapshot came from when it is not a live server (a file path, or code). */
  origin?: string;
  /** Parts of the server the fetch could not read (a list call that failed or was cut), for
   *  `coverage.gaps`. */
  gaps?: CoverageGap[];
}

// ---------------------------------------------------------------------------------------------
// Findings.

export interface Evidence {
  /** Where: a JSON path into the input (`tools[3].inputSchema.properties.note.description`),
   *  or `file:line` for files. */
  location: string;
  /** What: the offending text as written (case kept, cut at word boundaries with `…`), secrets
   *  redacted, at most a few hundred characters. */
  snippet: string;
  /** RFC 6901 JSON pointer to the quoted value in the scanned snapshot or config document,
   *  e.g. `/tools/3/inputSchema/properties/note/description`. */
  pointer?: string;
  /** The file the evidence is in (file scans). */
  file?: string;
  /** 1-based line of the offending key, value or call in `file`. */
  line?: number;
  /** 1-based column (UTF-16 code units, as editors count) of that key, value or call. */
  column?: number;
}

export interface Finding {
  /** The rule's id (kebab-case, equals its file name). */
  ruleId: string;
  /** Short prefix for variant B ids (e.g. `TP`), from the rule's meta. */
  idPrefix: string;
  title: string;
  severity: Severity;
  confidence: Confidence;
  owasp: OwaspCategory;
  owaspMcp?: OwaspMcpCategory;
  cwe?: string;
  description: string;
  remediation: string;
  evidence: Evidence[];
  hipaa: string[];
  soc2: string[];
  /** Worth watching over time (e.g. definitions that can change under the user: rug pulls). */
  monitorCandidate: boolean;
  /** Reports a capability rather than a defect: caps the grade at B, costs nothing more. */
  capability?: boolean;
  /** For file scans: the file (or archive entry path) the finding is in. */
  file?: string;
}

export type CategoryRating = 'pass' | 'low risk' | 'moderate risk' | 'high risk' | 'critical risk';

export interface CategoryScore {
  category: OwaspCategory;
  score: number;
  rating: CategoryRating;
}

export type LetterGrade = 'A' | 'B' | 'C' | 'D' | 'F';

export interface ScoreResult {
  overallScore: number;
  letterGrade: LetterGrade;
  categoryScores: CategoryScore[];
}

/**
 * What the scanned server's tools can do, read from their definitions. A capability is not a
 * defect: an honest shell or database server runs code or reads private data by design. The
 * profile informs; the grade follows findings only (docs/scoring.md).
 */
export interface CapabilityProfile {
  /** Tool names per capability. */
  readsPrivateData: string[];
  runsCode: string[];
  reachesNetwork: string[];
  destroysData: string[];
  movesMoney: string[];
  readsUntrustedContent: string[];
  /**
   * Untrusted input, private data and an outbound or destructive action in one server: an
   * injection arriving through the first can drive the other two (the "lethal trifecta").
   */
  toxicFlow?: { untrusted: string[]; privateData: string[]; outbound: string[] };
}

export interface ScanResult extends ScoreResult {
  findings: Finding[];
  /** Capabilities of the scanned tools (snapshot and code scans that found tools). */
  capabilities?: CapabilityProfile;
  /** What was scanned, for reports: a URL, or the list of files. */
  target: string;
  stats: {
    tools: number;
    prompts: number;
    resources: number;
    files: number;
    durationMs: number;
  };
  /** File scans: files or archive entries that were not analysed, and why. */
  skipped?: { path: string; reason: string }[];
  /** What the scan saw and what it could not analyse (issue 13). */
  coverage?: Coverage;
  /** Scans of servers through the API: the pinned definitions (tools, prompts, resources,
   *  instructions), compared with those of the account's next scan of the same URL. */
  definitions?: DefinitionPin;
  /** Set by the API's scan job: the account's previous completed scan of the same URL, whose
   *  definitions this scan was compared with. */
  previousScanId?: string;
}

/** One pinned field: the SHA-256 of its canonical JSON, and its text (for diffs). */
export interface PinnedField {
  hash: string;
  /** Strings as they are, anything else as canonical indented JSON. */
  text: string;
}

/** One pinned tool, prompt or resource: the hash of the whole definition and of each field. */
export interface PinnedDefinition {
  hash: string;
  fields: Record<string, PinnedField>;
}

/** What a server offered, pinned (src/engine/pin/definitions.ts). */
export interface DefinitionPin {
  /** SHA-256 over every definition and the instructions: equal pins, equal servers. */
  hash: string;
  tools: Record<string, PinnedDefinition>;
  prompts: Record<string, PinnedDefinition>;
  resources: Record<string, PinnedDefinition>;
  resourceTemplates: Record<string, PinnedDefinition>;
  instructions?: PinnedField;
}

/** One file the scan analysed, with the kind the engine read it as. */
export interface CoverageFile {
  path: string;
  /** 'mcp-config' | 'snapshot' | 'dependencies' | 'code' | 'archive' and so on: the input kind. */
  kind: string;
}

/** One part of the target the scan could not analyse, and why (a bomb, a parse failure, a link...). */
export interface CoverageGap {
  /** A file path, an archive entry, or a part of a live server such as `prompts/list`. */
  subject: string;
  reason: string;
}

/**
 * What a scan saw: the server it talked to (live and snapshot scans), the counts of what it
 * analysed, each file read, and each thing it could not analyse. `complete` is false when `gaps`
 * is not empty; such a scan cannot be graded A (docs/scoring.md).
 */
export interface Coverage {
  complete: boolean;
  server?: {
    name?: string;
    version?: string;
    protocolVersion?: string;
    /** 'streamable-http' | 'sse' | 'stdio' | 'snapshot' */
    transport?: string;
  };
  counts: { tools: number; prompts: number; resources: number; resourceTemplates: number };
  files: CoverageFile[];
  gaps: CoverageGap[];
}

/** Progress callback for long work: a human-readable sentence. */
export type ProgressFn = (message: string) => void;
