import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AdvisoryIndex,
  defaultAdvisoryIndex,
  normalisePypiName,
  type AdvisoryDataset,
} from './advisories.js';
import dataset from './osv.json' with { type: 'json' };

describe('advisory dataset', () => {
  it('is well-formed OSV with the required MCP entries', () => {
    const data = dataset as AdvisoryDataset;
    const ids = new Set<string>();
    for (const a of data.advisories) {
      assert.ok(!ids.has(a.id), `duplicate ${a.id}`);
      ids.add(a.id);
      assert.match(
        a.id,
        /^(?:GHSA-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}|CVE-\d{4}-\d{4,}|MAL-\d{4}-\d+|PALISADE-MAL-\d{4}-\d{4})$/,
      );
      for (const alias of a.aliases ?? []) assert.match(alias, /^CVE-\d{4}-\d{4,}$/);
      assert.match(String(a.database_specific?.severity), /^(?:CRITICAL|HIGH|MODERATE|LOW)$/);
      assert.ok(a.summary && a.affected.length > 0, a.id);
      for (const aff of a.affected) {
        assert.ok(['npm', 'PyPI'].includes(aff.package.ecosystem));
        for (const r of aff.ranges ?? [])
          assert.ok(r.events[0]?.introduced !== undefined, `${a.id} starts with introduced`);
      }
    }
    const all = JSON.stringify(data);
    for (const required of [
      'CVE-2025-6514',
      'CVE-2025-49596',
      'CVE-2025-66414',
      'CVE-2026-0621',
      'CVE-2025-53365',
      'CVE-2025-53366',
      'CVE-2025-53109',
      'CVE-2025-53110',
      'postmark-mcp',
      'CVE-2025-27152',
      'CVE-2021-23337',
      'CVE-2024-37890',
      'CVE-2024-35195',
      'CVE-2020-14343',
    ]) {
      assert.ok(all.includes(required), required);
    }
  });
});

describe('advisory matching', () => {
  const index = defaultAdvisoryIndex();
  const ids = (eco: 'npm' | 'pypi', name: string, version: string): string[] =>
    index.match(eco, name, version).map((m) => m.advisory.id);

  it('applies introduced/fixed boundaries with semver', () => {
    assert.deepEqual(ids('npm', 'mcp-remote', '0.1.15'), ['GHSA-6xpm-ggf7-wc3p']);
    assert.deepEqual(ids('npm', 'mcp-remote', '0.1.16'), []);
    assert.deepEqual(ids('npm', 'mcp-remote', '0.0.4'), []);
    assert.equal(index.match('npm', 'mcp-remote', '0.1.0')[0]?.fixed, '0.1.16');
  });

  it('handles several ranges per advisory (ws)', () => {
    assert.ok(ids('npm', 'ws', '7.4.6').includes('GHSA-3h5v-q93c-6h6q'));
    assert.ok(!ids('npm', 'ws', '7.5.10').includes('GHSA-3h5v-q93c-6h6q'));
    assert.ok(ids('npm', 'ws', '8.17.0').includes('GHSA-3h5v-q93c-6h6q'));
    assert.equal(
      index.match('npm', 'ws', '6.2.0').find((m) => m.advisory.id === 'GHSA-3h5v-q93c-6h6q')?.fixed,
      '6.2.3',
    );
  });

  it('handles last_affected followed by a new introduced event (server-filesystem)', () => {
    const fs = '@modelcontextprotocol/server-filesystem';
    assert.deepEqual(ids('npm', fs, '0.6.2').sort(), [
      'GHSA-hc55-p739-j48w',
      'GHSA-q66q-fx2p-7w4m',
    ]);
    assert.equal(ids('npm', fs, '2025.3.28').length, 2);
    assert.deepEqual(ids('npm', fs, '2025.7.1'), []);
  });

  it('uses PEP 440 ordering and PEP 503 names for PyPI', () => {
    assert.ok(ids('pypi', 'PyYAML', '5.3').includes('GHSA-8q59-q68h-6hv4'));
    assert.ok(ids('pypi', 'mcp', '1.9.4').includes('CVE-2025-53365'));
    assert.ok(!ids('pypi', 'mcp', '1.9.4').includes('CVE-2025-53366'));
    assert.deepEqual(ids('pypi', 'mcp', '1.10.0'), []);
    assert.ok(ids('pypi', 'requests', '2.32.0rc1').includes('GHSA-9wx4-h78v-vm56'));
    assert.equal(normalisePypiName('Foo.Bar__baz'), 'foo-bar-baz');
  });

  it('treats last_affected as inclusive and skips withdrawn advisories', () => {
    assert.ok(ids('npm', 'request', '2.88.2').includes('GHSA-p8p7-x288-28g6'));
    assert.ok(!ids('npm', 'jsonwebtoken', '8.5.1').includes('GHSA-27h2-hvpr-p74q'));
    const custom = new AdvisoryIndex({
      advisories: [
        {
          id: 'CVE-2000-0001',
          summary: 's',
          affected: [{ package: { ecosystem: 'npm', name: 'x' }, versions: ['1.0.0'] }],
        },
      ],
    });
    assert.equal(custom.match('npm', 'x', '1.0.0').length, 1);
    assert.equal(custom.match('npm', 'x', '1.0.1').length, 0);
  });
});
