import { defineRule, type RuleContext } from '../define-rule.js';
import type { ConfigInput, McpServerConfigEntry } from '../../inputs/types.js';
import { INPUT_LIMITS } from '../../inputs/limits.js';
import { lineAt } from '../../inputs/documents.js';
import {
  findSecrets,
  isPlaceholder,
  isSecretLikeKey,
  looksRandom,
  redactSecrets,
  redactValue,
} from '../../secrets.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { entryLocation, key } from './_support.js';

// Credentials written into a client config are readable by every process and backup that can read
// the file, end up in dotfile repositories, and are handed to the server whether it needs them or
// not. Known token formats are reported wherever they appear; other values only when they sit
// under a secret-looking name and look random. References (`${env:TOKEN}`, `${input:id}`) and
// placeholders are the fix, never a finding.

function reportValue(
  ctx: RuleContext,
  input: ConfigInput,
  location: string,
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
      location,
      snippet: `${name}: ${redactValue(match.value)}`,
      subject: location,
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
    location,
    snippet: `${name}: ${redactValue(token)}`,
    subject: location,
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
    const location = entryLocation(entry, `args[${i}]`);
    // `--api-key=…`, or `--token …` where the value is the next argument.
    const inline = /^--?([\w-]+)=(.+)$/.exec(arg);
    if (inline) reportValue(ctx, input, location, inline[1]!, inline[2]!, seen);
    const previous = entry.args[i - 1];
    const flag = previous && /^--?([\w-]+)$/.exec(previous);
    reportValue(ctx, input, location, flag ? flag[1]! : `args[${i}]`, arg, seen);
  });
}

function checkUrl(
  ctx: RuleContext,
  input: ConfigInput,
  entry: McpServerConfigEntry,
  seen: Set<string>,
): void {
  if (!entry.url) return;
  const location = entryLocation(entry, 'url');
  reportValue(ctx, input, location, 'url', entry.url, seen);
  let url: URL;
  try {
    url = new URL(entry.url);
  } catch {
    return;
  }
  for (const [name, value] of url.searchParams)
    reportValue(ctx, input, location, name, value, seen);
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
    ctx.report({
      message: `A ${match.kind.label} appears in plain text.`,
      location: `line ${lineAt(text, match.index)}`,
      snippet: redactSecrets(line.trim()),
      severity: 'critical',
      file: input.path,
    });
  }
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
        reportValue(ctx, input, entryLocation(entry, `env.${key(name)}`), name, value, seen);
      }
      for (const [name, value] of Object.entries(entry.headers)) {
        reportValue(ctx, input, entryLocation(entry, `headers.${key(name)}`), name, value, seen);
      }
      checkArgs(ctx, input, entry, seen);
      checkUrl(ctx, input, entry, seen);
    }
    checkText(ctx, input, seen);
  },
});
