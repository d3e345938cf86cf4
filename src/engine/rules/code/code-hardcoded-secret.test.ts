import assert from 'node:assert/strict';
import { it } from 'node:test';
import { runRule } from '../define-rule.js';
import { ruleTester } from '../test-support/rule-tester.js';
import { code } from './_fixtures.js';
import rule from './code-hardcoded-secret.js';

// Built at run time so this file itself holds no credential-shaped literal.
const GITHUB_TOKEN = ['ghp', '_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'].join('');
const RANDOM_VALUE = ['Zk3', 'q9Lm', 'P2xW', 'v7Rt', 'Y4nB', 'c8Hs'].join('');

ruleTester(rule, {
  valid: [
    {
      name: 'secrets read from the environment',
      input: await code(
        'server.ts',
        `
        const token = process.env.GITHUB_TOKEN;
        const headers = { Authorization: \`Bearer \${token}\` };
        `,
      ),
    },
    {
      name: 'placeholders and non-secret names',
      input: await code(
        'server.py',
        `
        import os
        API_KEY = os.environ["API_KEY"]
        EXAMPLE_TOKEN = "your-api-key-here"
        TOKEN_URL = "https://auth.example.com/oauth/token/v2/issue"
        session_id = "0123456789abcdef0123"
        `,
      ),
    },
  ],
  invalid: [
    {
      name: 'a GitHub token in a JS constant',
      input: await code('server.ts', `const octokit = new Octokit({ auth: '${GITHUB_TOKEN}' });`),
      findings: [{ severity: 'high', location: 'server.ts:1', contains: 'GitHub token' }],
    },
    {
      name: 'a random value under a secret-named Python variable',
      input: await code('server.py', `\nimport os\nCLIENT_SECRET = "${RANDOM_VALUE}"\n`),
      findings: [{ severity: 'high', location: 'server.py:2', contains: 'CLIENT_SECRET' }],
    },
    {
      name: 'the same in a test file is medium',
      input: await code('tests/test_client.py', `API_KEY = "${RANDOM_VALUE}"`),
      findings: [{ severity: 'medium' }],
    },
  ],
});

it('code-hardcoded-secret: evidence never contains the secret', async () => {
  const input = await code(
    'server.ts',
    `const octokit = new Octokit({ auth: '${GITHUB_TOKEN}' });`,
  );
  const [finding] = runRule(rule, input);
  assert.ok(finding);
  const shown = JSON.stringify(finding);
  assert.ok(!shown.includes(GITHUB_TOKEN), shown);
});
