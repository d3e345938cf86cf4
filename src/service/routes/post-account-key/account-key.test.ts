// POST /v1/account/key on both store backends: the new key is returned once, the old key gets 401
// on the very next request, console sessions of the account end, other accounts are untouched.

import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
// The service is imported before the backend helper: its module graph then loads before the
// helper's PostgreSQL probe starts its (3 s) connection timer.
import { sessionTokenHash, signIn } from '../../sessions.js';
import { json, startHarness, type Harness } from '../../test-support/harness.js';
import { forEachBackend } from '../../../../test/support/stores.js';

forEachBackend('POST /v1/account/key', (makeStore) => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false, store: await makeStore() });
  });
  after(async () => h.close());

  it('returns a new key once; the old key is refused on the very next request', async () => {
    const { account, key, headers } = await h.createAccount('developer');
    const other = await h.createAccount('team');
    const session = await signIn(h.deps, key);

    const response = await h.app.inject({ method: 'POST', url: '/v1/account/key', headers });
    assert.equal(response.statusCode, 200, response.body);
    const body = json(response);
    assert.match(body.api_key, /^pal_[0-9A-Za-z]{46}$/);
    assert.notEqual(body.api_key, key);
    assert.equal(body.api_key_hint, `${body.api_key.slice(0, 8)}…${body.api_key.slice(-4)}`);

    const old = await h.app.inject({ method: 'GET', url: '/v1/account', headers });
    assert.equal(old.statusCode, 401);
    assert.equal(json(old).code, 'unauthorized');
    assert.match(json(old).error, /revoked/);

    const fresh = await h.app.inject({
      method: 'GET',
      url: '/v1/account',
      headers: { 'x-api-key': body.api_key },
    });
    assert.equal(fresh.statusCode, 200);
    assert.equal(json(fresh).api_key, body.api_key_hint);
    assert.equal(json(fresh).email, account.email);

    // The console session opened with the old key is gone from the store.
    const stored = await h.deps.store.sessions.find(sessionTokenHash(session.token), new Date());
    assert.equal(stored, undefined);
    // Another account's key still works.
    const untouched = await h.app.inject({
      method: 'GET',
      url: '/v1/account',
      headers: other.headers,
    });
    assert.equal(untouched.statusCode, 200);
  });

  it('is described in the OpenAPI document, with ?wait on the scan poll', async () => {
    const doc = json(await h.app.inject({ method: 'GET', url: '/v1/openapi.json' }));
    const rotate = doc.paths['/v1/account/key'].post;
    assert.deepEqual(
      Object.keys(rotate.responses['200'].content['application/json'].schema.properties).sort(),
      ['api_key', 'api_key_hint'],
    );
    const poll = doc.paths['/v1/scan/{scan_id}'].get;
    const wait = poll.parameters.find((p: { name: string }) => p.name === 'wait');
    assert.equal(wait.in, 'query');
    assert.equal(wait.schema.maximum, 30);
    const entry =
      doc.paths['/v1/scans'].get.responses['200'].content['application/json'].schema.properties
        .scans.items.properties;
    assert.ok(entry.target && entry.letter_grade);
    assert.equal(doc.paths['/account'], undefined, 'console pages are not API');
  });

  it('needs a valid key and no body', async () => {
    const none = await h.app.inject({ method: 'POST', url: '/v1/account/key' });
    assert.equal(none.statusCode, 401);
    const { headers } = await h.createAccount('free');
    const withJson = await h.app.inject({
      method: 'POST',
      url: '/v1/account/key',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '',
    });
    assert.equal(withJson.statusCode, 200, 'an empty JSON body is no body');
  });
});
