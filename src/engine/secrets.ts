// The credential catalogue: recognising credentials in text, and hiding them. The one place the
// engine knows what a credential looks like and how a redacted one is shown: the config, code and
// snapshot rules find secrets here, and the scan redacts every evidence snippet here, so a token
// one rule can find, no report repeats.
//
// Known token formats are matched with anchored, bounded patterns (no nested quantifiers: inputs
// are hostile); unknown formats are caught only when a value is long, random-looking and sits
// under a key whose name says it is a secret. Anything that looks like a reference or a
// placeholder (`${env:VAR}`, `<YOUR_TOKEN>`) is not a secret: that is exactly what a well-written
// config should contain.

export interface SecretKind {
  id: string;
  label: string;
  pattern: RegExp;
  /** Where a match really starts, before the part `pattern` finds (-1: not a match). A pattern
   *  that begins with a literal is found fast; one that begins with `\b[a-z]` is tried at every
   *  word of the text. */
  startBefore?: (text: string, index: number) => number;
}

const SCHEME_CHAR = /[a-z0-9+.-]/;
const WORD_CHAR = /\w/;

/** The start of the URL scheme that ends at `index` (`git+https` before `://`), as the regex
 *  `\b[a-z][a-z0-9+.-]{1,20}` would find it leftmost, or -1 when there is none. */
function schemeStart(text: string, index: number): number {
  let first = index;
  while (first > 0 && index - first < 21 && SCHEME_CHAR.test(text[first - 1]!)) first--;
  for (let p = first; p <= index - 2; p++) {
    const c = text.charCodeAt(p);
    const isLower = c >= 0x61 && c <= 0x7a;
    if (isLower && (p === 0 || !WORD_CHAR.test(text[p - 1]!))) return p;
  }
  return -1;
}

/** Known credential formats. Each pattern is global and bounded (fixed or capped lengths). */
export const SECRET_KINDS: readonly SecretKind[] = [
  {
    id: 'private-key',
    label: 'private key',
    pattern: /-----BEGIN (?:[A-Z]{2,10} ){0,2}PRIVATE KEY(?: BLOCK)?-----/g,
  },
  { id: 'anthropic', label: 'Anthropic API key', pattern: /\bsk-ant-[A-Za-z0-9_-]{20,200}/g },
  {
    id: 'openai',
    label: 'OpenAI API key',
    pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,200}/g,
  },
  { id: 'github', label: 'GitHub token', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,60}\b/g },
  {
    id: 'github-pat',
    label: 'GitHub fine-grained token',
    pattern: /\bgithub_pat_[A-Za-z0-9_]{50,120}/g,
  },
  { id: 'gitlab', label: 'GitLab token', pattern: /\bglpat-[A-Za-z0-9_-]{20,60}/g },
  { id: 'aws-access-key', label: 'AWS access key id', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { id: 'slack', label: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,200}/g },
  {
    id: 'slack-webhook',
    label: 'Slack webhook URL',
    pattern:
      /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{6,12}\/B[A-Z0-9]{6,12}\/[A-Za-z0-9]{20,40}/g,
  },
  { id: 'stripe', label: 'Stripe secret key', pattern: /\b(?:sk|rk)_live_[A-Za-z0-9]{20,200}/g },
  { id: 'google', label: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { id: 'npm', label: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { id: 'huggingface', label: 'Hugging Face token', pattern: /\bhf_[A-Za-z0-9]{34,40}\b/g },
  {
    id: 'sendgrid',
    label: 'SendGrid API key',
    pattern: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g,
  },
  {
    id: 'jwt',
    label: 'JSON Web Token',
    pattern: /\beyJ[A-Za-z0-9_-]{10,2000}\.eyJ[A-Za-z0-9_-]{10,4000}\.[A-Za-z0-9_-]{10,1000}/g,
  },
  {
    id: 'url-credentials',
    label: 'password in a URL',
    // The scheme (`\b[a-z][a-z0-9+.-]{1,20}`) is found backwards from each `://`.
    pattern: /:\/\/[^\s/:@'"]{1,100}:[^\s/@'"]{3,200}@[^\s/'"]{1,200}/g,
    startBefore: schemeStart,
  },
];

export interface SecretMatch {
  kind: SecretKind;
  value: string;
  index: number;
}

const PLACEHOLDER_WORDS =
  /(?:your|example|sample|placeholder|changeme|change[-_]me|replace|insert|dummy|fake|redacted|xxxx|\*\*\*|todo|here|<|>|\.\.\.|…)/i;

/**
 * True for values that reference a secret or stand in for one: `${env:X}`, `${input:id}`, `${X}`,
 * `$X`, `%X%`, `{{x}}`, `<YOUR_TOKEN>`, `your-api-key-here`, `xxx`, empty strings.
 */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v.length === 0) return true;
  if (/^\$\{[^}]{1,200}\}$/.test(v) || /^\$[A-Z_][A-Z0-9_]{0,100}$/i.test(v)) return true;
  if (/^%[A-Z_][A-Z0-9_]{0,100}%$/i.test(v) || /^\{\{[^}]{1,200}\}\}$/.test(v)) return true;
  // A value that only wraps a reference (`Bearer ${env:TOKEN}`) holds no secret either.
  if (/\$\{(?:env:|input:)?[A-Za-z_][\w.-]{0,100}\}/.test(v)) return true;
  if (PLACEHOLDER_WORDS.test(v)) return true;
  if (new Set(v.toLowerCase()).size <= 3) return true;
  return false;
}

/** Shannon entropy in bits per character. */
export function shannonEntropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

const SECRET_KEY_RE =
  /(?:token|secret|passw(?:or)?d|\bpwd\b|api[-_]?key|apikey|access[-_]?key|private[-_]?key|client[-_]?secret|credential|auth(?:orization)?|bearer|cookie|session[-_]?key|signing[-_]?key|_pat\b|_key$)/i;
// Names that contain a secret word but hold something public: where a token is sent, its id, its file.
const NOT_SECRET_KEY_RE =
  /(?:url|uri|endpoint|host|path|file|dir|folder|id$|_id\b|name$|type$|header$|expir|ttl|timeout|length|size|count|enabled|mode|scope|region|format|method|provider)/i;

/** True when a key name (env var, header, field) says its value is a credential. */
export function isSecretLikeKey(key: string): boolean {
  return SECRET_KEY_RE.test(key) && !NOT_SECRET_KEY_RE.test(key);
}

/** A long, random-looking value with no spaces: what generated credentials look like. */
export function looksRandom(value: string): boolean {
  const v = value.trim();
  if (v.length < 16 || v.length > 4096 || /\s/.test(v)) return false;
  if (/^(?:https?:|file:|\/|~|\.\.?\/|[A-Za-z]:\\)/.test(v)) return false;
  if (/^\d+(?:\.\d+)*$/.test(v)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/].filter((re) => re.test(v)).length;
  return classes >= 2 && shannonEntropy(v) >= 3.5;
}

function isCredibleMatch(kind: SecretKind, value: string): boolean {
  if (/EXAMPLE/i.test(value)) return false; // AWS's documented sample keys and friends.
  if (kind.id === 'private-key' || kind.id === 'jwt' || kind.id === 'slack-webhook') return true;
  if (kind.id === 'url-credentials') {
    const password = /:\/\/[^:]*:([^@]*)@/.exec(value)?.[1] ?? '';
    // `user:password@host`, `user:token@host`: the slot's name, as documentation writes it.
    const slotName =
      /^(?:my|the|your)?[-_]?(?:pass(?:word)?|passwd|pwd|pw|secret|token|access[-_]?token|api[-_]?key|key|pat|credentials?)\d?$/i.test(
        password,
      );
    return !slotName && !isPlaceholder(password) && !/^\$|^\{/.test(password);
  }
  // `ghp_xxxxxxxx…`, `sk-aaaaaaaa…`: the shape of a token without its randomness.
  return new Set(value).size >= 8;
}

/** Each kind's pattern, matching in any letter case (built once). */
const ANY_CASE_PATTERNS = new Map<SecretKind, RegExp>(
  SECRET_KINDS.map((kind) => [kind, new RegExp(kind.pattern.source, 'gi')]),
);

export interface FindOptions {
  /** Match the formats in any letter case: for redaction, since evidence may quote normalised
   *  (lower-cased) text, and a lower-cased key is still a key. Detection leaves it off. */
  anyCase?: boolean;
}

/** Known-format credentials in a piece of text (one line or one value). */
export function findSecrets(text: string, options: FindOptions = {}): SecretMatch[] {
  const found: SecretMatch[] = [];
  const taken: [number, number][] = [];
  for (const kind of SECRET_KINDS) {
    const pattern = options.anyCase ? ANY_CASE_PATTERNS.get(kind)! : kind.pattern;
    // exec on the shared pattern, not matchAll, which copies the expression on every call (17
    // kinds for every field of a scan); no pattern matches the empty string, so the loop ends.
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const start = kind.startBefore ? kind.startBefore(text, m.index) : m.index;
      if (start < 0) continue;
      const end = m.index + m[0].length;
      const value = start === m.index ? m[0] : text.slice(start, end);
      // The first, most specific kind wins (sk-ant- before sk-).
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      if (!isCredibleMatch(kind, value)) continue;
      taken.push([start, end]);
      found.push({ kind, value, index: start });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** A secret shown safely: its first few characters (enough to recognise the kind) and `…`. */
export function redactValue(value: string): string {
  if (value.startsWith('-----BEGIN')) return `${value.slice(0, value.indexOf('KEY-----') + 8)}…`;
  const urlCredential = /^([a-z][a-z0-9+.-]*:\/\/[^:]*:)[^@]*(@.*)$/i.exec(value);
  if (urlCredential) return `${urlCredential[1]}…${urlCredential[2]}`;
  const keep = Math.min(8, Math.max(2, Math.floor(value.length / 5)));
  return `${value.slice(0, keep)}…`;
}

const ASSIGNMENT_RE =
  /((?:["']?)([A-Za-z0-9_.-]{0,60}(?:token|secret|passw(?:or)?d|api[-_]?key|apikey|access[-_]?key|client[-_]?secret|authorization)[A-Za-z0-9_.-]{0,60})["']?\s{0,5}[:=]\s{0,5}["']?(?:Bearer\s{1,5})?)([^\s"',;]{8,4096})/gi;

/** What every match of ASSIGNMENT_RE holds, tested first: most text names no such key, and the
 *  full pattern tries up to sixty name characters at every position before giving up. */
const ASSIGNMENT_KEY_RE =
  /token|secret|passw(?:or)?d|api[-_]?key|apikey|access[-_]?key|authorization/i;

function mayAssign(text: string): boolean {
  return ASSIGNMENT_KEY_RE.test(text) && /[:=]/.test(text);
}

export interface AssignedSecret {
  /** The key the value is assigned to (`api_key`, `TOKEN`). */
  key: string;
  value: string;
  index: number;
}

/**
 * Credentials of no known format, assigned in the text to a key whose name says it holds one
 * (`password = "hunter2hunter2x9"`, `"api_key": "…"`): values of at least 12 characters, with
 * letters and digits, that are not a placeholder or a reference.
 */
export function findAssignedSecrets(text: string): AssignedSecret[] {
  const found: AssignedSecret[] = [];
  if (!mayAssign(text)) return found;
  for (const m of text.matchAll(ASSIGNMENT_RE)) {
    const [, prefix = '', key = '', value = ''] = m;
    if (!isSecretLikeKey(key) || isPlaceholder(value)) continue;
    if (value.length < 12 || !/\d/.test(value) || !/[A-Za-z]/.test(value)) continue;
    found.push({ key, value, index: m.index + prefix.length });
  }
  return found;
}

/**
 * Text with every recognisable secret replaced by its redacted form (`redactValue`): known formats
 * anywhere, in any letter case, and values assigned to secret-looking keys (`"api_key": "…"`,
 * `TOKEN=…`). For evidence and logs: the scan passes every finding's evidence through it.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const match of findSecrets(text, { anyCase: true }).reverse()) {
    out =
      out.slice(0, match.index) +
      redactValue(match.value) +
      out.slice(match.index + match.value.length);
  }
  if (!mayAssign(out)) return out;
  return out.replace(ASSIGNMENT_RE, (whole, prefix: string, key: string, value: string) => {
    if (!isSecretLikeKey(key) || isPlaceholder(value) || value.includes('…')) return whole;
    return `${prefix}${redactValue(value)}`;
  });
}
