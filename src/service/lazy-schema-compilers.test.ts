import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from './app.js';
import { schemaCompilersFactory } from './lazy-schema-compilers.js';
import { json, startHarness, type Harness } from './test-support/harness.js';

const AJV_OPTIONS = { customOptions: {}, plugins: [] };
/** Not a JSON schema ajv can compile: an unknown type. */
const BROKEN = { type: 'object', properties: { a: { type: 'no-such-type' } } };

describe('route schemas compile on first use', () => {
  it('a validator is compiled with its first call, not when the route is registered', () => {
    const lazy = schemaCompilersFactory().buildValidator({}, AJV_OPTIONS);
    // Registration of a broken schema does not compile it...
    const validate = lazy({ schema: BROKEN, method: 'POST', url: '/x', httpPart: 'body' });
    // ...its first use does.
    assert.throws(() => validate({ a: 1 }), /no-such-type|type/);

    const eager = schemaCompilersFactory({ eager: true }).buildValidator({}, AJV_OPTIONS);
    assert.throws(
      () => eager({ schema: BROKEN, method: 'POST', url: '/x', httpPart: 'body' }),
      /no-such-type|type/,
    );
  });

  it('a lazy validator reports errors through `errors`, as ajv does', () => {
    const compile = schemaCompilersFactory().buildValidator({}, AJV_OPTIONS);
    const schema = { type: 'object', required: ['url'], properties: { url: { type: 'string' } } };
    const validate = compile({ schema, method: 'POST', url: '/x', httpPart: 'body' }) as ((
      data: unknown,
    ) => boolean) & { errors?: { keyword: string }[] | null };
    const errors = () => validate.errors;
    assert.equal(errors(), undefined);
    assert.equal(validate({}), false);
    assert.equal(errors()?.[0]?.keyword, 'required');
    assert.equal(validate({ url: 'u' }), true);
    assert.equal(errors(), null);
  });

  it('headers schemas are matched with lower-cased names, as with Fastify’s own compiler', () => {
    const compile = schemaCompilersFactory().buildValidator({}, AJV_OPTIONS);
    const schema = {
      type: 'object',
      required: ['X-Token'],
      properties: { 'X-Token': { type: 'string', minLength: 2 } },
    };
    const validate = compile({ schema, method: 'GET', url: '/x', httpPart: 'headers' });
    assert.equal(validate({ 'x-token': 'ab' }), true);
    assert.equal(validate({ 'x-token': 'a' }), false);
    assert.equal(validate({}), false);
  });

  it('a serializer is built with its first call and gives fast-json-stringify’s output', () => {
    const compile = schemaCompilersFactory().buildSerializer({}, {});
    const schema = { type: 'object', properties: { id: { type: 'string' } } };
    const serialize = compile({ schema, method: 'GET', url: '/x', httpStatus: '200' });
    assert.equal(serialize({ id: 'a', secret: 'dropped' }), '{"id":"a"}');
    const broken = compile({
      schema: { type: 'object', properties: { a: { $ref: '#/nowhere' } } },
      method: 'GET',
      url: '/y',
      httpStatus: '200',
    });
    assert.throws(() => broken({ a: 1 }));
  });
});

describe('the service with lazy and eager route schemas', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ worker: false });
  });
  after(async () => h.close());

  it('every route’s schemas compile (eager build), and both apps answer alike', async () => {
    const eager = buildApp(h.deps, { eagerSchemas: true });
    await eager.ready();
    try {
      const { headers } = await h.createAccount('pro');
      for (const app of [h.app, eager]) {
        const bad = await app.inject({
          method: 'POST',
          url: '/v1/scan/mcp',
          headers,
          payload: { url: 'http://example.com/mcp', extra: true },
        });
        assert.equal(bad.statusCode, 400);
        assert.equal(json(bad).code, 'invalid_request');
        const account = await app.inject({ method: 'GET', url: '/v1/account', headers });
        assert.equal(account.statusCode, 200);
        assert.equal(json(account).tier, 'pro');
        const list = await app.inject({
          method: 'GET',
          url: '/v1/scans?limit=1',
          headers: { ...headers, 'X-Palisade-Variant': 'A' },
        });
        assert.equal(list.statusCode, 200);
      }
    } finally {
      await eager.close();
    }
  });
});
