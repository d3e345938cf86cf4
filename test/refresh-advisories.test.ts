// Runs scripts/refresh-advisories.ts against a fake OSV API on 127.0.0.1: the request shapes
// (querybatch with pagination, vulns/{id}) and the rewrite of the snapshot, curated entries kept.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const script = new URL('../scripts/refresh-advisories.ts', import.meta.url).pathname;

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

describe('refresh-advisories', () => {
  let server: Server;
  let dir: string;
  const batches: unknown[] = [];
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'palisade-osv-'));
    server = createServer((req, res) => {
      void (async () => {
        res.setHeader('content-type', 'application/json');
        if (req.method === 'POST' && req.url === '/v1/querybatch') {
          const q = (await body(req)) as {
            queries: { package: { name: string }; page_token?: string }[];
          };
          batches.push(q);
          res.end(
            JSON.stringify({
              results: q.queries.map((query) =>
                query.package.name === 'left-pad'
                  ? query.page_token
                    ? { vulns: [{ id: 'GHSA-bbbb-bbbb-bbbb' }] }
                    : { vulns: [{ id: 'GHSA-aaaa-aaaa-aaaa' }], next_page_token: 'p2' }
                  : {},
              ),
            }),
          );
          return;
        }
        const id = /^\/v1\/vulns\/(.+)$/.exec(req.url ?? '')?.[1];
        if (req.method === 'GET' && id) {
          res.end(
            JSON.stringify({
              id,
              aliases: ['CVE-2099-0001', 'PYSEC-1'],
              summary: `summary ${id}`,
              affected: [
                {
                  package: { ecosystem: 'npm', name: 'left-pad' },
                  ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.3.0' }] }],
                },
                { package: { ecosystem: 'npm', name: 'untracked' }, ranges: [] },
              ],
              database_specific: { severity: 'HIGH', cwe_ids: ['CWE-1'] },
            }),
          );
          return;
        }
        res.statusCode = 404;
        res.end('{}');
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('queries every tracked package, follows pages, keeps curated entries', async () => {
    const dataset = join(dir, 'osv.json');
    await writeFile(
      dataset,
      JSON.stringify({
        advisories: [
          {
            id: 'GHSA-old0-old0-old0',
            summary: 'old',
            affected: [{ package: { ecosystem: 'npm', name: 'left-pad' } }],
          },
          {
            id: 'PALISADE-MAL-2025-0001',
            summary: 'curated',
            affected: [{ package: { ecosystem: 'npm', name: 'evil' } }],
          },
        ],
      }),
    );
    const { port } = server.address() as AddressInfo;
    await run(process.execPath, ['--import', 'tsx', script], {
      env: {
        ...process.env,
        OSV_API_URL: `http://127.0.0.1:${port}/v1`,
        PALISADE_OSV_DATASET: dataset,
      },
    });
    const out = JSON.parse(await readFile(dataset, 'utf8')) as {
      advisories: { id: string; aliases: string[]; affected: unknown[] }[];
    };
    assert.deepEqual(
      out.advisories.map((a) => a.id),
      ['GHSA-aaaa-aaaa-aaaa', 'GHSA-bbbb-bbbb-bbbb', 'PALISADE-MAL-2025-0001'],
    );
    assert.deepEqual(out.advisories[0]!.aliases, ['CVE-2099-0001']);
    assert.equal(out.advisories[0]!.affected.length, 1, 'untracked packages are trimmed');
    assert.equal(batches.length, 2, 'the second page was requested');
  });

  it('fails clearly and leaves the file untouched when OSV cannot be reached', async () => {
    const dataset = join(dir, 'offline.json');
    const original = JSON.stringify({
      advisories: [
        {
          id: 'GHSA-old0-old0-old0',
          summary: 'old',
          affected: [{ package: { ecosystem: 'npm', name: 'left-pad' } }],
        },
      ],
    });
    await writeFile(dataset, original);
    await assert.rejects(
      run(process.execPath, ['--import', 'tsx', script], {
        env: {
          ...process.env,
          OSV_API_URL: 'http://127.0.0.1:1/v1',
          PALISADE_OSV_DATASET: dataset,
        },
      }),
      (error: { stderr?: string }) => /cannot reach .*left unchanged/.test(error.stderr ?? ''),
    );
    assert.equal(await readFile(dataset, 'utf8'), original);
  });
});
