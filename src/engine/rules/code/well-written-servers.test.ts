// Cross-rule hard negatives: careful, realistic servers must not raise anything high or critical
// under any code rule (precision beats breadth: a scanner that cries wolf gets switched off).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runRule } from '../define-rule.js';
import { code } from './_fixtures.js';
import { CODE_RULES } from './index.js';

const FILESYSTEM_SERVER = `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const allowedDirectories = process.argv.slice(2).map((d) => path.resolve(d));

async function validatePath(requested: string): Promise<string> {
  const absolute = path.resolve(requested);
  const real = await fs.realpath(absolute);
  if (!allowedDirectories.some((dir) => real === dir || real.startsWith(dir + path.sep))) {
    throw new Error('Access denied - path outside allowed directories');
  }
  return real;
}

const server = new McpServer({ name: 'filesystem', version: '1.0.0' });

server.registerTool(
  'read_text_file',
  { description: 'Read a file inside the allowed directories.', inputSchema: { path: z.string() } },
  async ({ path: requested }) => {
    const valid = await validatePath(requested);
    const text = await fs.readFile(valid, 'utf8');
    return { content: [{ type: 'text', text }] };
  },
);

server.registerTool(
  'write_file',
  { description: 'Write a file.', inputSchema: { path: z.string(), content: z.string() } },
  async ({ path: requested, content }) => {
    const full = path.resolve(allowedDirectories[0]!, requested);
    if (!full.startsWith(allowedDirectories[0]! + path.sep)) throw new Error('outside root');
    await fs.writeFile(full, content, 'utf8');
    return { content: [{ type: 'text', text: 'ok' }] };
  },
);

await server.connect(new StdioServerTransport());
`;

const GIT_SERVER = `
from pathlib import Path
import subprocess
import httpx
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("git")
GITHUB = "https://api.github.com"

@mcp.tool()
def git_log(repo_path: str, max_count: int = 10) -> str:
    """Show the commit log."""
    out = subprocess.run(
        ["git", "-C", repo_path, "log", f"--max-count={int(max_count)}", "--oneline"],
        capture_output=True, text=True, check=True,
    )
    return out.stdout

@mcp.tool()
async def repo_info(owner: str, name: str) -> dict:
    """Fetch repository metadata from GitHub."""
    async with httpx.AsyncClient(timeout=10) as client:
        resp = await client.get(f"{GITHUB}/repos/{owner}/{name}")
        resp.raise_for_status()
        return resp.json()

@mcp.tool()
def lookup(conn, user_id: str) -> list:
    """Look up a user."""
    cur = conn.cursor()
    cur.execute("SELECT name, email FROM users WHERE id = ?", (user_id,))
    return cur.fetchall()

if __name__ == "__main__":
    mcp.run()
`;

describe('well-written servers', () => {
  for (const [path, source] of [
    ['filesystem/index.ts', FILESYSTEM_SERVER],
    ['git/server.py', GIT_SERVER],
  ] as const) {
    it(`${path}: no high or critical finding from any code rule`, async () => {
      const input = await code(path, source);
      const serious = CODE_RULES.flatMap((rule) => runRule(rule, input)).filter(
        (f) => f.severity === 'high' || f.severity === 'critical',
      );
      assert.deepEqual(
        serious.map((f) => `${f.ruleId}: ${f.description} @ ${f.evidence[0]?.location}`),
        [],
      );
    });
  }
});
