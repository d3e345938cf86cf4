import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TIERS } from '../../../store/port.js';
import {
  json,
  makeFinding,
  makeResult,
  startHarness,
  type Harness,
} from '../../test-support/harness.js';

const RESULT = makeResult([
  makeFinding(),
  makeFinding({
    ruleId: 'tool-exfiltration-parameter',
    idPrefix: 'EX',
    title: 'Tool parameter collects conversation history',
    severity: 'medium',
    confidence: 'medium',
    owasp: 'LLM02',
    hipaa: [],
    soc2: [],
    monitorCandidate: false,
  }),
]);

describe('GET /v1/scan/:scan_id', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false });
  });
  after(async () => h.close());

  async function poll(headers: Record<string, string>, id: string, query = '') {
    return h.app.inject({ method: 'GET', url: `/v1/scan/${id}${query}`, headers });
  }

  for (const tier of TIERS) {
    for (const variant of ['A', 'B'] as const) {
      it(`complete scan on the ${tier} plan, variant ${variant}`, async () => {
        const { account, headers } = await h.createAccount(tier);
        const scan = await h.seedCompleteScan(account, RESULT);
        const response = await poll({ ...headers, 'x-palisade-variant': variant }, scan.id);
        assert.equal(response.statusCode, 200);
        const body = json(response);
        assert.equal(body.scan_id, scan.id);
        assert.equal(body.overall_score, 62);
        assert.equal(body.letter_grade, 'D');
        assert.equal(body.findings.length, 2);
        const [first, second] = body.findings;
        const isFree = tier === 'free';
        const isEnterprise = tier === 'enterprise';
        for (const f of body.findings) {
          assert.equal(typeof f.title, 'string');
          assert.equal(typeof f.owasp_category, 'string');
          assert.equal('description' in f, !isFree);
          assert.equal('remediation' in f, !isFree);
          assert.equal('evidence' in f, !isFree);
          assert.equal('hipaa_mapping' in f, isEnterprise);
          assert.equal(f.rule_id !== undefined, true);
        }
        if (variant === 'A') {
          assert.equal(body.status, 'completed');
          assert.equal(body.findings_count, 2);
          assert.equal(first.finding_id, 'FND-1');
          assert.equal(first.severity, 'HIGH');
          assert.deepEqual(second.soc2_mapping, []);
          assert.equal('confidence' in first, false);
          assert.equal('upgrade_message' in first, false);
          assert.equal('category_scores' in body, !isFree);
          assert.equal(typeof body.upgrade_message === 'string', isFree);
          if (!isFree) assert.ok(Array.isArray(first.evidence));
          if (isEnterprise) {
            assert.deepEqual(first.hipaa_mapping, ['45 CFR 164.312(a)(1) Access control']);
            assert.deepEqual(second.hipaa_mapping, []);
          }
        } else {
          assert.equal(body.status, 'complete');
          assert.equal('findings_count' in body, false);
          assert.equal(first.id, 'TP-1');
          assert.equal(second.id, 'EX-1');
          assert.equal(first.severity, 'high');
          assert.equal(first.confidence, 'high');
          assert.equal(first.monitor_candidate, true);
          assert.equal('upgrade_message' in body, false);
          assert.equal(typeof first.upgrade_message === 'string', isFree);
          if (!isFree) assert.equal(typeof first.evidence, 'string');
          if (isEnterprise) {
            assert.deepEqual(first.hipaa_mapping, ['45 CFR 164.312(a)(1) Access control']);
            assert.equal(second.hipaa_mapping, null);
          }
        }
      });
    }
  }

  it('chooses the variant: header, then ?variant=, then account preference, else B', async () => {
    const preferA = await h.createAccount('pro', { variant: 'A' });
    const scanA = await h.seedCompleteScan(preferA.account, RESULT);
    assert.equal(json(await poll(preferA.headers, scanA.id)).status, 'completed');
    assert.equal(json(await poll(preferA.headers, scanA.id, '?variant=b')).status, 'complete');
    assert.equal(
      json(await poll({ ...preferA.headers, 'x-palisade-variant': 'b' }, scanA.id, '?variant=a'))
        .status,
      'complete',
    );
    const plain = await h.createAccount('pro');
    const scanB = await h.seedCompleteScan(plain.account, RESULT);
    assert.equal(json(await poll(plain.headers, scanB.id)).status, 'complete');
    assert.equal(json(await poll(plain.headers, scanB.id, '?variant=A')).status, 'completed');
    const bad = await poll({ ...plain.headers, 'x-palisade-variant': 'C' }, scanB.id);
    assert.equal(bad.statusCode, 400);
    assert.equal(json(bad).code, 'invalid_request');
  });

  it('queued: position and Retry-After; another account’s scan and garbage ids are 404', async () => {
    const owner = await h.createAccount('pro');
    const stranger = await h.createAccount('enterprise');
    const scan = await h.seedQueuedScan(owner.account);
    const response = await poll(owner.headers, scan.id);
    assert.equal(response.statusCode, 200);
    const body = json(response);
    assert.deepEqual(Object.keys(body).sort(), ['position', 'scan_id', 'status']);
    assert.equal(body.status, 'queued');
    assert.ok(Number.isInteger(body.position) && body.position >= 1);
    assert.equal(response.headers['retry-after'], '2');

    for (const [headers, id] of [
      [stranger.headers, scan.id],
      [owner.headers, '00000000-0000-7000-8000-000000000000'],
      [owner.headers, 'not-a-uuid'],
      [owner.headers, "1' OR '1'='1"],
    ] as const) {
      const missing = await poll(headers, encodeURIComponent(id));
      assert.equal(missing.statusCode, 404, id);
      assert.equal(json(missing).code, 'not_found');
    }
  });

  it('running and failed scans carry progress or error', async () => {
    const { account, headers } = await h.createAccount('pro');
    const running = await h.seedQueuedScan(account);
    await h.runtime.store.scans.markRunning(running.id, new Date());
    await h.runtime.store.scans.setProgress(running.id, 'Listing tools (page 2)');
    const r = await poll(headers, running.id);
    assert.deepEqual(json(r), {
      scan_id: running.id,
      status: 'running',
      progress: 'Listing tools (page 2)',
    });
    assert.equal(r.headers['retry-after'], '2');

    const failed = await h.seedQueuedScan(account);
    await h.runtime.store.scans.fail(
      failed.id,
      'The MCP server did not answer within 10 seconds.',
      new Date(),
    );
    const f = await poll(headers, failed.id);
    assert.deepEqual(json(f), {
      scan_id: failed.id,
      status: 'failed',
      error: 'The MCP server did not answer within 10 seconds.',
    });
    assert.equal(f.headers['retry-after'], undefined);
  });
});
