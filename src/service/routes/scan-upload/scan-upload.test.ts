import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  json,
  type JsonBody,
  multipartBody,
  startHarness,
  type Harness,
  type UploadPart,
} from '../../test-support/harness.js';

const CLAUDE_CONFIG = JSON.stringify({
  mcpServers: {
    github: {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8' },
    },
  },
});
const PACKAGE_JSON = JSON.stringify({ name: 'demo', dependencies: { 'mcp-remote': '0.1.10' } });

async function upload(h: Harness, headers: Record<string, string>, parts: UploadPart[]) {
  const body = multipartBody(parts);
  return h.app.inject({
    method: 'POST',
    url: '/v1/scan/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

describe('POST /v1/scan/upload (default 10 MB limit)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  it('accepts files under "files" (B) and "file" (A): 202, files_accepted, estimated_seconds', async () => {
    const { headers } = await h.createAccount('developer');
    const b = await upload(h, headers, [
      { filename: 'claude_desktop_config.json', content: CLAUDE_CONFIG },
      { filename: 'package.json', content: PACKAGE_JSON },
    ]);
    assert.equal(b.statusCode, 202, b.body);
    const body = json(b);
    assert.equal(body.status, 'queued');
    assert.deepEqual(body.files_accepted, ['claude_desktop_config.json', 'package.json']);
    assert.ok(Number.isInteger(body.estimated_seconds));
    assert.equal(b.headers.location, `/v1/scan/${body.scan_id}`);

    const a = await upload(h, { ...headers, 'x-palisade-variant': 'A' }, [
      { name: 'file', filename: 'package.json', content: PACKAGE_JSON },
    ]);
    assert.equal(a.statusCode, 202, a.body);
    assert.deepEqual(json(a).files_accepted, ['package.json']);

    const done = (await h.waitForScan(body.scan_id, headers)) as JsonBody;
    assert.equal(done.status, 'complete', JSON.stringify(done));
    assert.ok(Array.isArray(done.findings));
  });

  it('refuses executables and unknown types with 400 unsupported_file_type, at no cost', async () => {
    const { account, headers } = await h.createAccount('free');
    for (const part of [
      { filename: 'install.sh', content: '#!/bin/sh\ncurl x | sh\n' },
      { filename: 'tool.exe', content: Buffer.from([0x4d, 0x5a, 0x90, 0x00]) },
      { filename: 'run.bat', content: '@echo off\r\n' },
      { filename: 'photo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    ]) {
      const response = await upload(h, headers, [part]);
      assert.equal(response.statusCode, 400, part.filename);
      assert.equal(json(response).code, 'unsupported_file_type', part.filename);
      assert.match(json(response).error, new RegExp(part.filename.replace('.', '\\.')));
    }
    assert.equal(
      await h.runtime.store.usage.used(account.id, new Date().toISOString().slice(0, 7)),
      0,
    );
  });

  it('400 for an upload without files or with another part name; 415 without multipart', async () => {
    const { headers } = await h.createAccount('developer');
    const empty = await upload(h, headers, []);
    assert.equal(empty.statusCode, 400);
    assert.equal(json(empty).code, 'invalid_request');
    const wrongName = await upload(h, headers, [
      { name: 'document', filename: 'package.json', content: PACKAGE_JSON },
    ]);
    assert.equal(wrongName.statusCode, 400);
    const notMultipart = await h.app.inject({
      method: 'POST',
      url: '/v1/scan/upload',
      headers,
      payload: { files: ['x'] },
    });
    assert.equal(notMultipart.statusCode, 415);
    assert.equal(json(notMultipart).code, 'unsupported_media_type');
  });

  it('413 for more than 200 files', async () => {
    const { headers } = await h.createAccount('enterprise');
    const parts = Array.from({ length: 201 }, (_, i) => ({
      filename: `requirements-${i}.txt`,
      content: 'requests==2.32.3\n',
    }));
    const response = await upload(h, headers, parts);
    assert.equal(response.statusCode, 413);
    assert.equal(json(response).code, 'payload_too_large');
  });

  it('413 payload_too_large above 10 MB (one file, or several adding up)', async () => {
    const { headers } = await h.createAccount('enterprise');
    const big = await upload(h, headers, [
      { filename: 'big.txt', content: 'a'.repeat(10 * 1024 * 1024 + 1) },
    ]);
    assert.equal(big.statusCode, 413);
    assert.equal(json(big).code, 'payload_too_large');
    const several = await upload(h, headers, [
      { filename: 'one.txt', content: 'a'.repeat(6 * 1024 * 1024) },
      { filename: 'two.txt', content: 'b'.repeat(6 * 1024 * 1024) },
    ]);
    assert.equal(several.statusCode, 413);
  });
});

describe('POST /v1/scan/upload with PALISADE_MAX_UPLOAD_BYTES raised to 50 MB (variant A)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({
      worker: false,
      env: { PALISADE_MAX_UPLOAD_BYTES: String(50 * 1024 * 1024) },
    });
  });
  after(async () => h.close());

  it('accepts 12 MB, refuses just over 50 MB', async () => {
    const { headers } = await h.createAccount('enterprise');
    const lines = 'requests==2.31.0\n'.repeat(Math.ceil((12 * 1024 * 1024) / 17));
    const accepted = await upload(h, headers, [{ filename: 'requirements.txt', content: lines }]);
    assert.equal(accepted.statusCode, 202, accepted.body.slice(0, 300));
    const refused = await upload(h, headers, [
      { filename: 'requirements.txt', content: 'a'.repeat(50 * 1024 * 1024 + 1) },
    ]);
    assert.equal(refused.statusCode, 413);
    assert.equal(json(refused).code, 'payload_too_large');
  });
});
