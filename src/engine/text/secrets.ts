// Credential formats with a recognisable shape, shared by the secret rule (to find them) and by
// the scan (to redact them from every evidence snippet: a report must not re-disclose a key).

export interface SecretPattern {
  name: string;
  re: RegExp;
}

// A generic "key: value" only counts when the value looks random (mixed letters and digits, long).
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  { name: 'AWS access key id', re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: 'OpenAI-style API key', re: /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,200}\b/ },
  {
    name: 'GitHub token',
    re: /\bgh[pousr]_[A-Za-z0-9]{30,200}\b|\bgithub_pat_[A-Za-z0-9_]{30,200}\b/,
  },
  { name: 'Slack token', re: /\bxox[abprs]-[A-Za-z0-9-]{10,200}\b/ },
  { name: 'Google API key', re: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: 'Stripe key', re: /\b[rs]k_live_[0-9A-Za-z]{16,200}\b/ },
  { name: 'private key', re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP )?PRIVATE KEY-----/ },
  {
    name: 'JSON web token',
    re: /\beyJ[A-Za-z0-9_-]{10,2000}\.eyJ[A-Za-z0-9_-]{10,4000}\.[A-Za-z0-9_-]{10,2000}/,
  },
  {
    name: 'credential assignment',
    re: /\b(?:password|passwd|secret|api[ _-]?key|access[ _-]?key|auth[ _-]?token|token)\s{0,3}[:=]\s{0,3}["']?(?=[^\s"']{12,})(?=[^\s"']{0,200}[0-9])(?=[^\s"']{0,200}[A-Za-z])[^\s"'|,;]{12,200}/i,
  },
];

/** Keeps the first and last four characters: enough to identify the key, not to use it. */
export function redactSecret(secret: string): string {
  return secret.length <= 12 ? '****' : `${secret.slice(0, 4)}…${secret.slice(-4)}`;
}

/**
 * Replaces every recognisable credential in a snippet by its redacted form. Case-insensitive:
 * evidence may quote normalised (lower-cased) text, and a lower-cased key is still a key.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const re of REDACT_PATTERNS) out = out.replace(re, (m) => redactSecret(m));
  return out;
}

const REDACT_PATTERNS: readonly RegExp[] = SECRET_PATTERNS.map(
  ({ re }) => new RegExp(re.source, 'gi'),
);
