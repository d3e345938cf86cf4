import { defineRule, type RuleContext } from '../define-rule.js';
import type { ConfigInput, McpServerConfigEntry } from '../../inputs/types.js';
import { INPUT_LIMITS } from '../../inputs/limits.js';
import {
  findSecrets,
  isPlaceholder,
  isSecretLikeKey,
  looksRandom,
  redactSecrets,
  redactValue,
} from '../../secrets.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { positionAt } from '../../inputs/config/locate.js';
import { entryPlace, type EntryPlace } from './_support.js';

// Credentials written into a client config are readable by every process and backup that can read
// the file, end up in dotfile repositories, and are handed to the server whether it needs them or
// not. Known token formats are reported wherever they appear; other values only when they sit
// under a secret-looking name and look random. References (`${env:TOKEN}`, `${input:id}`) and
// placeholders are the fix, never a finding.

function reportValue(
  ctx: RuleContext,
  input: ConfigInput,
  place: EntryPlace,
  name: string,
  value: string,
  seen: Set<string>,
): void {
  const known = findSecrets(value);
  for (const match of known) {
    if (seen.has(match.value)) continue;
    seen.add(match.value);
    ctx.report({
      message: `A ${match.kind.label} is written into the config in plain text (${name}).`,
      ...place,
      snippet: `${name}: ${redactValue(match.value)}`,
      subject: place.location,
      severity: 'critical',
      file: input.path,
    });
  }
  if (known.length > 0 || !isSecretLikeKey(name) || isPlaceholder(value)) return;
  const token = value.replace(/^(?:Bearer|Basic|Token)\s+/i, '');
  if (!looksRandom(token) || seen.has(token)) return;
  seen.add(token);
  ctx.report({
    message: `"${name}" holds what looks like a hard-coded credential.`,
    ...place,
    snippet: `${name}: ${redactValue(token)}`,
    subject: place.location,
    severity: 'high',
    confidence: 'medium',
    file: input.path,
  });
}

function checkArgs(
  ctx: RuleContext,
  input: ConfigInput,
  entry: McpServerConfigEntry,
  seen: Set<string>,
): void {
  entry.args.forEach((arg, i) => {
    const place = entryPlace(input, entry, 'args', i);
    // `--api-key=…`, or `--token …` where the value is the next argument.
    const inline = /^--?([\w-]+)=(.+)$/.exec(arg);
    if (inline) reportValue(ctx, input, place, inline[1]!, inline[2]!, seen);
    const previous = entry.args[i - 1];
    const flag = previous && /^--?([\w-]+)$/.exec(previous);
    reportValue(ctx, input, place, flag ? flag[1]! : `args[${i}]`, arg, seen);
  });
}

function checkUrl(
  ctx: RuleContext,
  input: ConfigInput,
  entry: McpServerConfigEntry,
  seen: Set<string>,
): void {
  if (!entry.url) return;
  const place = entryPlace(input, entry, 'url');
  reportValue(ctx, input, place, 'url', entry.url, seen);
  let url: URL;
  try {
    url = new URL(entry.url);
  } catch {
    return;
  }
  for (const [name, value] of url.searchParams) reportValue(ctx, input, place, name, value, seen);
}

/** Known formats anywhere else in the text (other keys, comments, stray text files). */
function checkText(ctx: RuleContext, input: ConfigInput, seen: Set<string>): void {
  const text = input.text.slice(0, INPUT_LIMITS.maxScannedTextChars);
  // One pass of each pattern over the whole text (the patterns are bounded), then lines only for
  // what was found: splitting a large file into lines first costs more than the search.
  for (const match of findSecrets(text)) {
    if (seen.has(match.value)) continue;
    seen.add(match.value);
    const start = text.lastIndexOf('\n', match.index) + 1;
    const end = text.indexOf('\n', match.index);
    const line = text
      .slice(start, end === -1 ? text.length : end)
      .slice(0, INPUT_LIMITS.maxScannedLineChars);
    const position = positionAt(text, match.index);
    ctx.report({
      message: `A ${match.kind.label} appears in plain text.`,
      location: `line ${position.line}`,
      line: position.line,
      column: position.column,
      snippet: redactSecrets(line.trim()),
      severity: 'critical',
      file: input.path,
    });
  }
}

function stringKeys(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export default defineRule({
  meta: {
    id: 'config-hardcoded-secret',
    idPrefix: 'CS',
    title: 'Hard-coded secret in an MCP client config',
    description:
      'Finds API keys, tokens, private keys and passwords written in plain text into MCP client configs (env, headers, args, URLs) and other uploaded text files. Anyone who can read the file, its backups or the repository it is committed to gets the credential.',
    target: 'config',
    owasp: 'LLM02',
    owaspMcp: 'MCP01',
    severity: 'critical',
    confidence: 'high',
    cwe: 'CWE-798',
    hipaa: [HIPAA.accessControl, HIPAA.authentication],
    soc2: [SOC2.logicalAccess],
    remediation:
      'Revoke and rotate the exposed credential, then reference it instead of writing it: `${env:NAME}` or an `inputs` prompt in VS Code, an environment variable set outside the file, or the operating system keychain.',
    references: [
      'https://cwe.mitre.org/data/definitions/798.html',
      'https://code.visualstudio.com/docs/copilot/customization/mcp-servers#_configuration-format',
    ],
  },
  check(input, ctx) {
    const seen = new Set<string>();
    for (const entry of input.servers) {
      for (const [name, value] of Object.entries(entry.env)) {
        reportValue(ctx, input, entryPlace(input, entry, 'env', name), name, value, seen);
      }
      for (const [name, value] of Object.entries(entry.headers)) {
        const field = name in stringKeys(entry.raw.headers) ? 'headers' : 'http_headers';
        reportValue(ctx, input, entryPlace(input, entry, field, name), name, value, seen);
      }
      checkArgs(ctx, input, entry, seen);
      checkUrl(ctx, input, entry, seen);
    }
    checkText(ctx, input, seen);
  },
});
