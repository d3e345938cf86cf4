// File-analysis benchmarks (npm run bench runs this file in its own process).
//
// 1. Code analysis: ≥ 5 MB of generated, realistic MCP server source (TypeScript, JavaScript,
//    Python; tools, handlers, safe and unsafe patterns) through analyseCodeFile (parse, every
//    code rule, tool extraction with the tools counted as a scan counts them; JS/TS on the analysis
//    thread) after a warm-up on another corpus of the same size, rated by CPU time over all
//    threads (the median of three passes). Target: 5 MB/s.
// 2. A 10 MB upload (source, client configs, manifests, lockfiles) through scanFiles, in a child
//    process so its peak RSS is its own. Targets: < 5 s wall time, < 400 MB peak RSS.
//
// Prints each number with its ratio to the target and exits 1 when a target is missed.
// 1 MB = 1,048,576 bytes throughout (the upload limit is 10,485,760 bytes).
// Run: npm run bench (compiled, as the product ships; see bench/engine.ts), or from source for
// profiling: node --import tsx bench/files.ts [--code-mb N] [--upload-mb N]

import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { analyseCodeFile } from '../src/engine/analyse-code/index.js';
import { parsePythonTree } from '../src/engine/inputs/code/python-tree.js';
import type { InputFile } from '../src/engine/inputs/types.js';
import { argValue, cpuSecondsOfAsync, random } from './_support.js';

const MB = 1024 * 1024;
const TARGET_CODE_MB_PER_SECOND = 5;
const TARGET_UPLOAD_WALL_MS = 5_000;
const TARGET_UPLOAD_RSS_BYTES = 400 * MB;

// ---------------------------------------------------------------------------------------------
// Corpus: server files built from tool templates. Roughly one tool in six carries a flaw so the
// rules do real reporting work, as they would on real code.

const NOUNS = ['issue', 'file', 'record', 'invoice', 'ticket', 'page', 'event', 'user', 'order'];
const VERBS = ['get', 'list', 'create', 'update', 'search', 'archive', 'export', 'sync'];

interface Pick {
  <T>(items: readonly T[]): T;
}

function picker(rnd: () => number): Pick {
  return <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
}

function tsTool(pick: Pick, rnd: () => number, i: number): string {
  const noun = pick(NOUNS);
  const name = `${pick(VERBS)}_${noun}_${i}`;
  const flaw = rnd() < 1 / 6 ? Math.floor(rnd() * 4) : -1;
  const body =
    flaw === 0
      ? `const out = await run(\`git log --oneline \${args.ref}\`);\n    return text(out.stdout);`
      : flaw === 1
        ? `const rows = await pool.query(\`SELECT * FROM ${noun}s WHERE name = '\${args.query}'\`);\n    return text(JSON.stringify(rows.rows));`
        : flaw === 2
          ? `const res = await fetch(args.url);\n    return text(await res.text());`
          : flaw === 3
            ? `return text(await readFile(path.join(DATA_DIR, args.name), 'utf8'));`
            : `const res = await fetch(\`\${API_BASE}/${noun}s/\${encodeURIComponent(args.id)}\`, {
      headers: { Authorization: \`Bearer \${process.env.API_TOKEN}\` },
    });
    if (!res.ok) throw new Error(\`upstream answered \${res.status}\`);
    const rows = await pool.query('SELECT id, title FROM ${noun}s WHERE owner = $1 LIMIT $2', [args.owner, args.limit ?? 20]);
    return text(JSON.stringify({ remote: await res.json(), local: rows.rows }));`;
  return `
server.registerTool(
  '${name}',
  {
    title: '${name.replace(/_/g, ' ')}',
    description: 'Returns the ${noun} matching the given filters. Results are paginated and sorted by most recent first; fields the caller cannot see are omitted.',
    inputSchema: {
      id: z.string().describe('The ${noun} id.'),
      owner: z.string().describe('Owner login.'),
      query: z.string().max(200).optional().describe('Free-text filter.'),
      limit: z.number().int().min(1).max(100).optional().describe('Page size.'),
      ref: z.string().optional(),
      url: z.string().url().optional(),
      name: z.string().optional(),
    },
    annotations: { readOnlyHint: ${flaw < 0}, openWorldHint: true },
  },
  async (args) => {
    ${body}
  },
);
`;
}

function tsFile(pick: Pick, rnd: () => number, tools: number): string {
  const head = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { exec } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { z } from 'zod';

const run = promisify(exec);
const API_BASE = 'https://api.example.com/v2';
const DATA_DIR = path.resolve('data');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const server = new McpServer({ name: 'bench-server', version: '1.0.0' });

function text(value: string) {
  return { content: [{ type: 'text' as const, text: value }] };
}
`;
  const body = Array.from({ length: tools }, (_, i) => tsTool(pick, rnd, i)).join('');
  return `${head}${body}\nawait server.connect(new StdioServerTransport());\n`;
}

function jsFile(pick: Pick, rnd: () => number, tools: number): string {
  const names = Array.from({ length: tools }, (_, i) => `${pick(VERBS)}_${pick(NOUNS)}_${i}`);
  const listed = names
    .map(
      (n) => `    {
      name: '${n}',
      description: 'Runs ${n.replace(/_/g, ' ')} against the workspace and returns a short report.',
      inputSchema: {
        type: 'object',
        properties: { target: { type: 'string', description: 'What to operate on.' }, verbose: { type: 'boolean' } },
        required: ['target'],
      },
    },`,
    )
    .join('\n');
  const cases = names
    .map((n) => {
      const flaw = rnd() < 1 / 6;
      const call = flaw
        ? `return reply(execSync('wc -l ' + args.target).toString());`
        : `const { stdout } = await execFileAsync('wc', ['-l', '--', args.target]);\n        return reply(stdout);`;
      return `      case '${n}': {\n        ${call}\n      }`;
    })
    .join('\n');
  return `'use strict';
const { Server } = require('@modelcontextprotocol/sdk/server/index.js');
const { ListToolsRequestSchema, CallToolRequestSchema } = require('@modelcontextprotocol/sdk/types.js');
const { execFile, execSync } = require('child_process');
const { promisify } = require('util');

const execFileAsync = promisify(execFile);
const server = new Server({ name: 'bench-js', version: '1.0.0' }, { capabilities: { tools: {} } });
const reply = (text) => ({ content: [{ type: 'text', text }] });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
${listed}
  ],
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
${cases}
    default:
      throw new Error('unknown tool ' + request.params.name);
  }
});
`;
}

function pyTool(pick: Pick, rnd: () => number, i: number): string {
  const noun = pick(NOUNS);
  const name = `${pick(VERBS)}_${noun}_${i}`;
  const flaw = rnd() < 1 / 6 ? Math.floor(rnd() * 4) : -1;
  const body =
    flaw === 0
      ? `    out = subprocess.run(f"grep -rn {query} {ROOT}", shell=True, capture_output=True, text=True)\n    return out.stdout`
      : flaw === 1
        ? `    cur = conn.cursor()\n    cur.execute(f"SELECT * FROM ${noun}s WHERE owner = '{owner}'")\n    return json.dumps(cur.fetchall())`
        : flaw === 2
          ? `    return pickle.loads(base64.b64decode(query))`
          : flaw === 3
            ? `    return requests.get(query, timeout=10).text`
            : `    cur = conn.cursor()
    cur.execute("SELECT id, title FROM ${noun}s WHERE owner = ? LIMIT ?", (owner, limit))
    rows = [dict(zip(("id", "title"), r)) for r in cur.fetchall()]
    resp = requests.get(f"{API_BASE}/${noun}s", params={"q": query}, headers={"Authorization": os.environ.get("API_TOKEN", "")}, timeout=10)
    resp.raise_for_status()
    out = subprocess.run(["git", "log", "--oneline", "-n", str(limit)], capture_output=True, text=True)
    return json.dumps({"local": rows, "remote": resp.json(), "log": out.stdout})`;
  return `

@mcp.tool()
def ${name}(
    owner: str,
    query: Annotated[str, Field(description="Free-text filter for ${noun}s.")] = "",
    limit: int = 20,
    ctx: Context = None,
) -> str:
    """Return the ${noun}s matching the filters.

    Results are paginated and sorted by most recent first. Fields the caller
    cannot see are omitted.
    """
${body}
`;
}

function pyFile(pick: Pick, rnd: () => number, tools: number): string {
  const head = `import base64
import json
import os
import pickle
import sqlite3
import subprocess
from typing import Annotated

import requests
from mcp.server.fastmcp import Context, FastMCP
from pydantic import Field

API_BASE = "https://api.example.com/v2"
ROOT = os.path.realpath("data")
conn = sqlite3.connect("bench.db")
mcp = FastMCP("bench-python")
`;
  const body = Array.from({ length: tools }, (_, i) => pyTool(pick, rnd, i)).join('');
  return `${head}${body}\n\nif __name__ == "__main__":\n    mcp.run()\n`;
}

interface SourceFile {
  path: string;
  text: string;
}

/** Source files totalling at least `bytes`, languages in rotation. */
export function sourceCorpus(bytes: number, seed: number): SourceFile[] {
  const rnd = random(seed);
  const pick = picker(rnd);
  const files: SourceFile[] = [];
  let total = 0;
  for (let i = 0; total < bytes; i++) {
    const tools = 8 + Math.floor(rnd() * 24);
    const kind = i % 3;
    const file =
      kind === 0
        ? { path: `servers/ts-${i}/src/index.ts`, text: tsFile(pick, rnd, tools) }
        : kind === 1
          ? { path: `servers/js-${i}/index.js`, text: jsFile(pick, rnd, tools) }
          : { path: `servers/py-${i}/server.py`, text: pyFile(pick, rnd, tools) };
    files.push(file);
    total += Buffer.byteLength(file.text);
  }
  return files;
}

// ---------------------------------------------------------------------------------------------
// 1. Code analysis throughput.

interface CodeRun {
  bytes: number;
  files: number;
  tools: number;
  findings: number;
  /** Wall-clock seconds. */
  seconds: number;
  /** CPU seconds of this process (user + system, every thread: the main thread and the JS/TS
   *  analysis worker thread alike): the work done, as if on one core, whatever else the machine
   *  is running. */
  cpuSeconds: number;
}

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** The machine's 1-minute load average and core count, printed beside every timing. */
function loadNote(): string {
  return `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`;
}

async function analyse(files: SourceFile[]): Promise<CodeRun> {
  let bytes = 0;
  let tools = 0;
  let findings = 0;
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  for (const file of files) {
    bytes += Buffer.byteLength(file.text);
    // What scanFiles runs per source file, less the tool-definition rules on the tools found
    // (bench/snapshot.ts measures those): parse, code rules and tool extraction (on the analysis
    // thread for JS/TS), the tools counted as a scan counts them.
    const outcome = await analyseCodeFile(file.path, file.text, { tools: false });
    if (!outcome) throw new Error(`${file.path} was not recognised as code`);
    if (outcome.skipped) throw new Error(`${file.path} was skipped: ${outcome.skipped}`);
    if (outcome.failures.length > 0) {
      throw new Error(
        `${file.path}: rules failed: ${outcome.failures.map((f) => f.ruleId).join()}`,
      );
    }
    tools += outcome.toolCount;
    findings += outcome.findings.length;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpuSecondsSince(cpuStart);
  return { bytes, files: files.length, tools, findings, seconds, cpuSeconds };
}

/** Passes over the measured corpus; the median by CPU time is reported. */
const CODE_RUNS = 3;

async function benchCode(): Promise<boolean> {
  const bytes = argValue('--code-mb', 6) * MB;
  const corpus = sourceCorpus(bytes, 1);
  // Warm-up on a different corpus of the same size: both threads' JIT reach their steady state
  // (a 2 MB warm-up left the first measured pass about 70% slower than later ones), and the
  // tree-sitter grammar is loaded. A scanning service runs warm.
  await analyse(sourceCorpus(bytes, 2));
  const runs: CodeRun[] = [];
  for (let i = 0; i < CODE_RUNS; i++) runs.push(await analyse(corpus));
  const r = [...runs].sort((a, b) => a.cpuSeconds - b.cpuSeconds)[Math.floor(CODE_RUNS / 2)]!;
  const mb = r.bytes / MB;
  const rate = mb / r.cpuSeconds;
  const ratio = rate / TARGET_CODE_MB_PER_SECOND;
  console.log(
    `code analysis: ${rate.toFixed(2)} MB/s (target ${TARGET_CODE_MB_PER_SECOND}, ratio ${ratio.toFixed(2)})` +
      ` — ${mb.toFixed(2)} MB, ${r.files} files, ${r.tools} tools, ${r.findings} findings in` +
      ` ${r.cpuSeconds.toFixed(2)} CPU s (process CPU time: main thread + analysis worker thread;` +
      ` median of ${CODE_RUNS} passes: ${runs.map((x) => x.cpuSeconds.toFixed(2)).join(', ')} s)`,
  );
  console.log(
    `  wall clock: ${(mb / r.seconds).toFixed(2)} MB/s (${r.seconds.toFixed(2)} s; ${loadNote()})`,
  );
  for (const language of ['.ts', '.js', '.py']) {
    const part = await analyse(corpus.filter((f) => f.path.endsWith(language)));
    console.log(`  ${language}: ${(part.bytes / MB / part.cpuSeconds).toFixed(2)} MB/s (CPU time)`);
  }
  // The Python files' parse as a scan runs it (parsePythonTree: python-parse.ts where it takes
  // the file, tree-sitter through its public cursor for the files it declines), against
  // tree-sitter's parse and read of every file (what each declined file costs).
  const python = corpus.filter((f) => f.path.endsWith('.py'));
  const pythonMb = python.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0) / MB;
  let declined = 0;
  let declinedBytes = 0;
  const scanPass = async () => {
    declined = 0;
    declinedBytes = 0;
    for (const file of python) {
      const tree = await parsePythonTree(file.text);
      if (tree?.parsedBy === 'tree-sitter') {
        declined++;
        declinedBytes += Buffer.byteLength(file.text);
      }
    }
  };
  const treeSitterPass = async () => {
    for (const file of python) await parsePythonTree(file.text, { parser: 'tree-sitter' });
  };
  // The second pass of each: in a scan tree-sitter parses only the declined files, so its wasm is
  // still cold here (a first pass read about 40% slower).
  await cpuSecondsOfAsync(scanPass);
  const scanSeconds = await cpuSecondsOfAsync(scanPass);
  await cpuSecondsOfAsync(treeSitterPass);
  const treeSitterSeconds = await cpuSecondsOfAsync(treeSitterPass);
  console.log(
    `  .py parse: tree-sitter parsed ${declined} of ${python.length} files declined by python-parse.ts ` +
      `(${((declinedBytes / MB / pythonMb) * 100).toFixed(1)}% of the bytes); the parse as a scan runs it ` +
      `${(pythonMb / scanSeconds).toFixed(2)} MB/s; tree-sitter's parse and public-cursor read of every file ` +
      `${(pythonMb / treeSitterSeconds).toFixed(2)} MB/s (${treeSitterSeconds.toFixed(2)} CPU s, ` +
      `${((treeSitterSeconds / r.cpuSeconds) * 100).toFixed(0)}% of the whole corpus's time above)`,
  );
  return ratio >= 1;
}

// ---------------------------------------------------------------------------------------------
// 2. A 10 MB upload through scanFiles, in a child process.

const CLAUDE_CONFIG = JSON.stringify(
  {
    mcpServers: {
      github: {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-github'],
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${env:GITHUB_TOKEN}' },
      },
      files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/'] },
      remote: { url: 'http://mcp.example.com/sse' },
    },
  },
  null,
  2,
);

function d10(rnd: () => number): number {
  return Math.floor(rnd() * 10);
}

/** Real package names, so the dependency stages see what real manifests hold. */
const NPM_PACKAGES = [
  '@modelcontextprotocol/sdk',
  'express',
  'zod',
  'axios',
  'lodash',
  'dotenv',
  'pg',
  'mysql2',
  'better-sqlite3',
  'ioredis',
  'undici',
  'node-fetch',
  'cors',
  'helmet',
  'jsonwebtoken',
  'uuid',
  'yaml',
  'commander',
  'chalk',
  'debug',
  'pino',
  'winston',
  'fastify',
  'ws',
  'openai',
  '@anthropic-ai/sdk',
  'typescript',
  'tsx',
  'eslint',
  'prettier',
  'vitest',
  'jest',
  'semver',
  'glob',
  'minimatch',
  'fs-extra',
  'execa',
  'cheerio',
  'puppeteer',
  'playwright',
  'sharp',
  'date-fns',
  'dayjs',
  'rxjs',
  'knex',
  'prisma',
  '@prisma/client',
  'mongoose',
  'redis',
  'bullmq',
];
const PYPI_PACKAGES = [
  'mcp',
  'fastmcp',
  'pydantic',
  'httpx',
  'requests',
  'uvicorn',
  'starlette',
  'fastapi',
  'anyio',
  'python-dotenv',
  'sqlalchemy',
  'psycopg2-binary',
  'redis',
  'boto3',
  'openai',
  'anthropic',
  'numpy',
  'pandas',
  'pyyaml',
  'click',
  'rich',
  'typer',
  'jinja2',
  'beautifulsoup4',
  'lxml',
  'aiohttp',
  'tenacity',
  'orjson',
  'pytest',
  'ruff',
];

function uploadFiles(bytes: number): InputFile[] {
  const encoder = new TextEncoder();
  const files: InputFile[] = [];
  let total = 0;
  const add = (path: string, text: string) => {
    const data = encoder.encode(text);
    files.push({ path, bytes: data });
    total += data.length;
  };
  // About 7% configs and dependency files, the rest source code; under the 2,000-file
  // cap of one upload.
  const rnd = random(3);
  for (let i = 0; total < bytes * 0.07; i++) {
    add(`project-${i}/claude_desktop_config.json`, CLAUDE_CONFIG);
    add(
      `project-${i}/package.json`,
      JSON.stringify(
        {
          name: `bench-${i}`,
          version: '1.0.0',
          dependencies: Object.fromEntries(
            NPM_PACKAGES.map((name) => [name, `^${1 + Math.floor(rnd() * 5)}.${d10(rnd)}.0`]),
          ),
          scripts: { start: 'node index.js', postinstall: 'node scripts/setup.js' },
        },
        null,
        2,
      ),
    );
    add(
      `project-${i}/requirements.txt`,
      PYPI_PACKAGES.map((name) => `${name}==${1 + d10(rnd)}.${d10(rnd)}.0`).join('\n'),
    );
  }
  for (const file of sourceCorpus(bytes - total, 4)) {
    if (total >= bytes) break;
    const text = file.text.slice(0, Math.max(0, bytes - total));
    add(file.path, text);
  }
  return files;
}

interface UploadResult {
  status: 'measured' | 'not implemented';
  wallMs?: number;
  cpuMs?: number;
  maxRssBytes?: number;
  uploadBytes?: number;
  files?: number;
  findings?: number;
  message?: string;
}

async function uploadChild(): Promise<void> {
  const files = uploadFiles(argValue('--upload-mb', 10) * MB);
  const uploadBytes = files.reduce((sum, f) => sum + f.bytes.length, 0);
  const { scanFiles } = await import('../src/engine/scan-files.js');
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  let result: UploadResult;
  try {
    const scan = await scanFiles(files);
    result = {
      status: 'measured',
      wallMs: performance.now() - started,
      cpuMs: cpuSecondsSince(cpuStart) * 1000,
      uploadBytes,
      files: files.length,
      findings: scan.findings.length,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/not implemented/i.test(message)) throw error;
    result = { status: 'not implemented', message };
  }
  // maxRSS is in kibibytes: the peak of this whole process, baseline included.
  result.maxRssBytes = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function benchUpload(): boolean {
  const self = fileURLToPath(import.meta.url);
  // Compiled (npm run bench), the child runs as is; from source, through tsx like its parent.
  const loader = self.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawnSync(
    process.execPath,
    [...loader, self, '--upload-child', ...process.argv.slice(2)],
    { encoding: 'utf8', maxBuffer: 16 * MB },
  );
  if (child.status !== 0) {
    console.log(`upload scan: failed (exit ${child.status})\n${child.stderr.slice(-2000)}`);
    return false;
  }
  const line = child.stdout.trim().split('\n').pop() ?? '';
  const r = JSON.parse(line) as UploadResult;
  if (r.status !== 'measured') {
    console.log(`upload scan: not measured yet (scanFiles: ${r.message})`);
    return true;
  }
  const wallRatio = TARGET_UPLOAD_WALL_MS / r.wallMs!;
  const rssRatio = TARGET_UPLOAD_RSS_BYTES / r.maxRssBytes!;
  console.log(
    `upload scan (${((r.uploadBytes ?? 0) / MB).toFixed(1)} MB, ${r.files} files, ${r.findings} findings): ` +
      `wall ${(r.wallMs! / 1000).toFixed(2)} s (target < 5 s, ratio ${wallRatio.toFixed(2)})`,
  );
  console.log(
    `  CPU time: ${(r.cpuMs! / 1000).toFixed(2)} s, all threads (${loadNote()}; wall assumes idle cores)`,
  );
  console.log(
    `upload scan peak RSS: ${(r.maxRssBytes! / MB).toFixed(0)} MB (target < 400 MB, ratio ${rssRatio.toFixed(2)})`,
  );
  return wallRatio >= 1 && rssRatio >= 1;
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (!isMain) {
  // Imported (profiling scripts): expose the corpus only.
} else if (process.argv.includes('--upload-child')) {
  await uploadChild();
} else {
  const codeOk = await benchCode();
  const uploadOk = benchUpload();
  process.exit(codeOk && uploadOk ? 0 : 1);
}
