import { defineRule } from '../define-rule.js';
import type { Ecosystem } from '../../inputs/types.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { editDistance, findLookalike } from './_lookalike.js';
import { dependencyLocation, describeDeclared } from './_support.js';

// Typosquats are published to be installed by mistake: one letter off from a popular package, a
// doubled letter, a scope that looks like the real one. Compared against the packages MCP servers
// and their authors most often mean to install. The real packages are never reported.

const POPULAR: Record<Ecosystem, readonly string[]> = {
  npm: [
    '@modelcontextprotocol/sdk',
    '@modelcontextprotocol/inspector',
    '@modelcontextprotocol/server-filesystem',
    '@modelcontextprotocol/server-github',
    '@modelcontextprotocol/server-memory',
    '@modelcontextprotocol/server-everything',
    '@modelcontextprotocol/server-puppeteer',
    '@modelcontextprotocol/server-brave-search',
    '@modelcontextprotocol/server-slack',
    '@modelcontextprotocol/server-postgres',
    '@modelcontextprotocol/server-sequential-thinking',
    '@modelcontextprotocol/server-gitlab',
    '@modelcontextprotocol/server-google-maps',
    '@modelcontextprotocol/server-redis',
    'mcp-remote',
    '@playwright/mcp',
    '@upstash/context7-mcp',
    '@anthropic-ai/sdk',
    'openai',
    'express',
    'axios',
    'lodash',
    'react',
    'zod',
    'commander',
    'dotenv',
    'chalk',
    'request',
    'typescript',
    'node-fetch',
    'jsonwebtoken',
    'puppeteer',
    'playwright',
    'cross-env',
    'mongoose',
    'moment',
    'debug',
    'yargs',
    'webpack',
    'body-parser',
    'socket.io',
    'fastify',
    'stripe',
    '@notionhq/client',
    '@slack/web-api',
    '@octokit/rest',
    'langchain',
    '@langchain/core',
    'electron',
    'nodemailer',
    'sqlite3',
    'better-sqlite3',
    'undici',
  ],
  pypi: [
    'mcp',
    'fastmcp',
    'requests',
    'urllib3',
    'numpy',
    'pandas',
    'flask',
    'django',
    'fastapi',
    'pydantic',
    'httpx',
    'aiohttp',
    'pyyaml',
    'jinja2',
    'langchain',
    'openai',
    'anthropic',
    'boto3',
    'uvicorn',
    'starlette',
    'setuptools',
    'python-dotenv',
    'beautifulsoup4',
    'selenium',
    'playwright',
    'colorama',
    'cryptography',
    'pillow',
    'scipy',
    'matplotlib',
    'tensorflow',
    'torch',
    'scikit-learn',
    'sqlalchemy',
    'psycopg2',
    'pymongo',
    'redis',
    'python-multipart',
    'websockets',
    'paramiko',
    'tiktoken',
    'transformers',
  ],
};

/** Real, popular packages that happen to sit close to another popular name. */
const LEGIT = new Set([
  'preact',
  'redux',
  'reacts',
  'axios-retry',
  'chai',
  'cheerio',
  'yarn',
  'mocha',
  'jest',
  'vite',
  'vitest',
  'lodash-es',
  'lodash.get',
  'request-promise',
  'node-fetch-native',
  'expressjs',
  'moment-timezone',
  'openapi',
  'playwright-core',
  'puppeteer-core',
  'webpack-cli',
  'commander-js',
  'socket.io-client',
  'request-ip',
  'requests-oauthlib',
  'requests-toolbelt',
  'httpx-sse',
  'aiohttp-cors',
  'flask-cors',
  'pydantic-core',
  'pydantic-settings',
  'uvicorn-worker',
  'numpy2',
  'langchain-core',
  'langchain-community',
  'langchain-openai',
  'fastmcp2',
  'mcp-proxy',
  'mcps',
  'pymcp',
  'jinja',
  'pyyml',
  'dotenvx',
  'debugger',
  'torchvision',
  'torchaudio',
  'urllib3-secure-extra',
  'starlette-context',
  'pytest',
  'redis-py',
  'mypy',
  'chalk-template',
  'zx',
  'got',
  'ky',
]);

/** `@modelcontext-protocol/sdk`: a scope one or two edits from a popular scope, same package name. */
function scopeTrick(name: string, ecosystem: Ecosystem): string | undefined {
  const m = /^@([^/]+)\/(.+)$/.exec(name);
  if (!m) return undefined;
  for (const popular of POPULAR[ecosystem]) {
    const p = /^@([^/]+)\/(.+)$/.exec(popular);
    if (!p || p[1] === m[1]) continue;
    if (p[2] === m[2] && editDistance(p[1]!, m[1]!, 2) <= 2) return popular;
  }
  return undefined;
}

export default defineRule({
  meta: {
    id: 'dependency-typosquat',
    idPrefix: 'DT',
    title: 'Dependency name imitates a popular package',
    description:
      'Finds dependencies whose names are one or two characters from a popular MCP or general package (`@modelcontextprotocol/sdkk`, `axois`, `reqeusts`), differ only by separators, doubled letters or digits for letters, or copy a package name under a look-alike scope. Typosquats exist to be installed by mistake and usually carry malware.',
    target: 'dependencies',
    owasp: 'LLM03',
    owaspMcp: 'MCP04',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-1357',
    hipaa: [HIPAA.malware],
    soc2: [SOC2.malware, SOC2.vendorRisk],
    remediation:
      'Check the name against the package you meant (registry page, publisher, download counts, repository). Replace a typosquat with the real package, then treat machines that installed it as compromised.',
    references: [
      'https://owasp.org/www-project-top-10-ci-cd-security-risks/CICD-SEC-03-Dependency-Chain-Abuse',
    ],
  },
  check(input, ctx) {
    const popular = POPULAR[input.ecosystem];
    for (const dep of input.packages) {
      if (!dep.direct && input.kind === 'lockfile' && dep.path.length > 2) continue;
      const scoped = scopeTrick(dep.name, input.ecosystem);
      const look = scoped
        ? { target: scoped, how: 'copies its name under a look-alike scope' }
        : findLookalike(dep.name, popular, LEGIT);
      if (!look) continue;
      ctx.report({
        message: `"${dep.name}" ${look.how} from the popular package "${look.target}".`,
        location: dependencyLocation(input, dep),
        snippet: describeDeclared(dep),
        subject: dep.name,
        file: input.path,
      });
    }
  },
});
