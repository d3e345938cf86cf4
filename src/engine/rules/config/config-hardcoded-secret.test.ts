import assert from 'node:assert/strict';
import { it } from 'node:test';
import { runRule } from '../define-rule.js';
import { ruleTester } from '../test-support/rule-tester.js';
import rule from './config-hardcoded-secret.js';
import { config, configText, server } from './_test-fixtures.js';

const GITHUB = 'ghp_' + 'R8x2Kq9LmZ4vT7nB3cW1pY6sD0fH5jA2uE9g';
const OPENAI = 'sk-proj-' + 'Xy7Qw2Er9Tz4Ui8Op3As6Df1Gh5Jk0Lz';
const ANTHROPIC = 'sk-ant-api03-' + 'Zq8Wx3Ec7Rv1Tb5Yn9Um2Ik6Ol0Pa4Sd8Fg';

ruleTester(rule, {
  valid: [
    {
      name: 'env references and input prompts (VS Code)',
      input: config(
        {
          inputs: [{ id: 'gh', type: 'promptString', password: true }],
          servers: {
            github: {
              command: 'npx',
              args: ['-y', '@modelcontextprotocol/server-github@2025.4.8'],
              env: { GITHUB_TOKEN: '${input:gh}', OTHER_TOKEN: '${env:OTHER_TOKEN}' },
            },
          },
        },
        '.vscode/mcp.json',
      ),
    },
    {
      name: 'placeholders, empty values and non-secret settings',
      input: server('api', {
        command: 'node',
        args: ['server.js'],
        env: {
          API_KEY: '<YOUR_API_KEY>',
          OPENAI_API_KEY: 'your-api-key-here',
          SLACK_TOKEN: 'xxx',
          GITHUB_TOKEN: '',
          AUTH_URL: 'https://auth.example.com/oauth/token',
          TOKEN_TTL: '3600',
          CLIENT_ID: 'Qm9hcmRpbmdQYXNzMTIzNDU2Nzg5',
        },
      }),
    },
    {
      name: 'an AWS documentation example key and a bearer reference',
      input: server('aws', {
        url: 'https://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer ${env:MCP_TOKEN}' },
        env: { AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE' },
      }),
    },
    {
      name: 'mcp-scan fixture with paths in env',
      input: server('Snyk', {
        command: '~/Library/Application Support/snyk/vscode-cli/snyk-macos-arm64',
        args: ['mcp', '-t', 'stdio'],
        env: {
          SNYK_API: 'https://api.snyk.io',
          TRUSTED_FOLDERS: '~/Documents/snyk/a;~/Documents/b',
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'GitHub token in env is critical, redacted',
      input: server('github', {
        command: 'npx',
        args: ['-y', 'x@1.0.0'],
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: GITHUB },
      }),
      findings: [
        { severity: 'critical', location: 'env.GITHUB_PERSONAL_ACCESS_TOKEN', contains: 'ghp_' },
      ],
    },
    {
      name: 'OpenAI key in args and Anthropic key in a header',
      input: config({
        mcpServers: {
          a: { command: 'node', args: ['server.js', '--api-key', OPENAI] },
          b: { url: 'https://mcp.example.com', headers: { 'x-api-key': ANTHROPIC } },
        },
      }),
      findings: [
        { severity: 'critical', location: 'mcpServers.a.args[2]', contains: 'OpenAI' },
        { severity: 'critical', location: 'headers', contains: 'Anthropic' },
      ],
    },
    {
      name: 'random value under a secret-looking name is high',
      input: server('db', {
        command: 'node',
        args: ['db.js'],
        env: { DB_PASSWORD: 'p9X2mQ7rT4vL8kZ3wN6b' },
      }),
      findings: [{ severity: 'high', location: 'env.DB_PASSWORD' }],
    },
    {
      name: 'token in the URL query string (Codex TOML)',
      input: configText(
        '[mcp_servers.remote]\nurl = "https://mcp.example.com/sse?api_key=Zk3L9qW2xR7tY5uV8pN1"\n',
        'config.toml',
      ),
      findings: [{ severity: 'high', location: 'mcp_servers.remote.url' }],
    },
    {
      name: 'a private key anywhere in the file',
      input: configText(
        JSON.stringify(
          { mcpServers: {}, note: '-----BEGIN RSA PRIVATE KEY-----\nMIIE...' },
          null,
          2,
        ),
      ),
      findings: [{ severity: 'critical', contains: 'private key' }],
    },
  ],
});

// The snippet must never carry the full secret.
it('config-hardcoded-secret: evidence is redacted', () => {
  const findings = runRule(rule, server('g', { command: 'x', env: { GITHUB_TOKEN: GITHUB } }));
  const text = JSON.stringify(findings);
  assert.ok(!text.includes(GITHUB), text);
  assert.match(text, /ghp_\w{1,6}…/);
});
