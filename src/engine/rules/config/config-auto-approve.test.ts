import { ruleTester } from '../test-support/rule-tester.js';
import rule from './config-auto-approve.js';
import { config, server } from './_test-fixtures.js';

ruleTester(rule, {
  valid: [
    {
      name: 'read-only tools auto-approved (Cline)',
      input: server('gh', {
        command: 'x',
        autoApprove: ['search_repositories', 'get_file_contents', 'list_issues'],
      }),
    },
    {
      name: 'trust: false',
      input: server('g', { httpUrl: 'https://x.example/mcp', trust: false }),
    },
    {
      name: 'a disabled server',
      input: server('d', { command: 'x', alwaysAllow: ['*'], disabled: true }),
    },
  ],
  invalid: [
    {
      name: 'alwaysAllow everything',
      input: server('shell', { command: 'x', alwaysAllow: ['*'] }),
      findings: [{ severity: 'high', contains: 'Every tool' }],
    },
    {
      name: 'Gemini trust: true',
      input: server('g', { httpUrl: 'https://x.example/mcp', trust: true }),
      findings: [{ severity: 'high', location: 'trust' }],
    },
    {
      name: 'destructive and sending tools auto-approved',
      input: config({
        mcpServers: {
          fs: {
            command: 'x',
            autoApprove: ['read_file', 'delete_file', 'writeFile', 'send_email'],
          },
        },
      }),
      findings: [{ severity: 'medium', contains: 'delete_file, writeFile, send_email' }],
    },
  ],
});
