import { defineRule } from '../define-rule.js';
import { editDistance, skeleton } from '../dependencies/_lookalike.js';
import { typosquatOf } from '../dependencies/_popular.js';
import { launchedPackages } from '../../inputs/config/launchers.js';
import { commandLine } from './_support.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { entryPlace } from './_support.js';

// Server names are what users and models see. A server called `twittter-mcp` next to nothing, or
// `checks` next to `check`, is either a mistake or an attempt to be mistaken for the real one:
// name-collision and typosquatting attacks rely on exactly that confusion.

/** Well-known MCP server names (the part that remains once `mcp`/`server` affixes are dropped). */
const WELL_KNOWN = [
  'github',
  'gitlab',
  'slack',
  'filesystem',
  'memory',
  'postgres',
  'sqlite',
  'puppeteer',
  'playwright',
  'brave-search',
  'google-maps',
  'fetch',
  'sentry',
  'everything',
  'sequential-thinking',
  'notion',
  'stripe',
  'twitter',
  'linear',
  'jira',
  'confluence',
  'figma',
  'supabase',
  'context7',
  'firecrawl',
  'perplexity',
  'whatsapp',
  'gmail',
  'google-drive',
  'discord',
  'telegram',
  'redis',
  'mongodb',
  'docker',
  'kubernetes',
  'cloudflare',
  'vercel',
  'shopify',
  'paypal',
  'hubspot',
  'salesforce',
  'zapier',
  'browserbase',
  'tavily',
  'postmark',
  'atlassian',
  'asana',
  'dropbox',
  'youtube',
  'spotify',
  'airtable',
  'snowflake',
  'bigquery',
];

function coreName(name: string): string {
  return name
    .toLowerCase()
    .replace(/^@[^/]+\//, '')
    .replace(/(?:^|[-_.\s])(?:mcp|server|srv)(?=$|[-_.\s])/g, '')
    .replace(/^[-_.\s]+|[-_.\s]+$/g, '');
}

/** A disguise of a well-known name: same skeleton or a transposition, but not the name itself. */
function imitates(core: string): string | undefined {
  if (core.length < 5) return undefined;
  for (const known of WELL_KNOWN) {
    const plain = core.replace(/[-_.\s]/g, '');
    // `github`, `git-hub` and numbered instances (`postgres2`) are the real thing.
    if (plain === known.replace(/-/g, '') || plain.replace(/\d+$/, '') === known.replace(/-/g, ''))
      continue;
    if (skeleton(core) === skeleton(known)) return known;
    if (
      known.length >= 6 &&
      editDistance(core, known, 1) === 1 &&
      core.length === known.length + 1 &&
      !core.endsWith('s')
    )
      return known;
  }
  return undefined;
}

/** Two names in one config that differ by one edit (not only by digits: server1/server2 is fine). */
function confusable(a: string, b: string): boolean {
  if (a.length < 4 || b.length < 4) return false;
  if (a.replace(/\d+/g, '') === b.replace(/\d+/g, '')) return false;
  return (
    editDistance(a.toLowerCase(), b.toLowerCase(), 1) === 1 ||
    (skeleton(a) === skeleton(b) && a !== b)
  );
}

export default defineRule({
  meta: {
    id: 'config-lookalike-server-name',
    idPrefix: 'LN',
    title: 'MCP server name or package imitates another',
    description:
      'Finds server names that imitate a well-known server (`twittter-mcp`, `g1thub`) or another server in the same config (`check` and `checks`), and launched packages whose names imitate popular MCP packages (`@modelcontextprotocol/server-filesytem`). Users and models pick servers by name; a look-alike is how a malicious server gets chosen in place of the real one.',
    target: 'config',
    owasp: 'LLM03',
    owaspMcp: 'MCP09',
    severity: 'medium',
    confidence: 'medium',
    cwe: 'CWE-1007',
    hipaa: [HIPAA.integrity],
    soc2: [SOC2.vendorRisk],
    remediation:
      'Check where the server comes from and who publishes it; install the real one and give servers distinct, descriptive names.',
    references: ['https://owasp.org/www-project-mcp-top-10/'],
  },
  check(input, ctx) {
    for (const entry of input.servers) {
      for (const pkg of launchedPackages(entry)) {
        const look = typosquatOf(pkg.ecosystem, pkg.name);
        if (!look) continue;
        ctx.report({
          message: `Server "${entry.name}" installs "${pkg.name}", which ${look.how} from the popular package "${look.target}".`,
          ...entryPlace(input, entry, 'args'),
          snippet: commandLine(entry),
          subject: `${entry.location}:${pkg.name}`,
          severity: 'high',
          file: input.path,
        });
      }
    }
    const names = [...new Set(input.servers.map((s) => s.name))];
    for (const entry of input.servers) {
      const target = imitates(coreName(entry.name));
      if (target) {
        ctx.report({
          message: `Server name "${entry.name}" imitates the well-known "${target}" server.`,
          ...entryPlace(input, entry),
          snippet: entry.name,
          subject: entry.location,
          file: input.path,
        });
      }
    }
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        const a = names[i]!;
        const b = names[j]!;
        if (!confusable(a, b)) continue;
        const entry = input.servers.find((s) => s.name === b)!;
        ctx.report({
          message: `Server names "${a}" and "${b}" differ by a single character; one can be mistaken for the other.`,
          ...entryPlace(input, entry),
          snippet: `${a} / ${b}`,
          subject: `${a}\u0000${b}`,
          severity: 'low',
          file: input.path,
        });
      }
    }
  },
});
