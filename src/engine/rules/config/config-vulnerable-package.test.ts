import { ruleTester } from '../test-support/rule-tester.js';
import rule from './config-vulnerable-package.js';
import { config, server } from './_test-fixtures.js';

ruleTester(rule, {
  valid: [
    {
      name: 'the fixed mcp-remote',
      input: server('r', {
        command: 'npx',
        args: ['-y', 'mcp-remote@0.1.16', 'https://x.example/mcp'],
      }),
    },
    {
      name: 'unpinned (judged by config-unpinned-package instead)',
      input: server('r', { command: 'npx', args: ['mcp-remote'] }),
    },
    {
      name: 'before the vulnerable range was introduced',
      input: server('r', { command: 'npx', args: ['mcp-remote@0.0.4'] }),
    },
    {
      name: 'python mcp at a fixed version',
      input: server('p', { command: 'uvx', args: ['--with', 'mcp==1.10.0', 'tool'] }),
    },
  ],
  invalid: [
    {
      name: 'MCPSecBench: mcp-remote@0.1.15 names CVE-2025-6514 and the fix',
      input: server('cve', {
        command: 'npx',
        args: ['mcp-remote@0.1.15', 'http://127.0.0.1:9003/mcp'],
      }),
      findings: [{ severity: 'critical', contains: 'CVE-2025-6514' }],
    },
    {
      name: 'a malicious release is critical',
      input: server('mail', { command: 'npx', args: ['-y', 'postmark-mcp@1.0.16'] }),
      findings: [{ severity: 'critical', contains: 'PALISADE-MAL-2025-0001' }],
    },
    {
      name: 'Python launcher pins and the inspector',
      input: config({
        mcpServers: {
          py: { command: 'uv', args: ['run', '--with', 'mcp==1.9.0', 'mcp', 'run', 'server.py'] },
          insp: { command: 'npx', args: ['@modelcontextprotocol/inspector@0.14.0'] },
        },
      }),
      findings: [
        { severity: 'high', contains: 'CVE-2025-53365' },
        { severity: 'high', contains: 'CVE-2025-53366' },
        { severity: 'critical', contains: 'CVE-2025-49596' },
      ],
    },
  ],
});
