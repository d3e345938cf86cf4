import { ruleTester } from '../test-support/rule-tester.js';
import rule from './config-insecure-transport.js';
import { config, server } from './_test-fixtures.js';

ruleTester(rule, {
  valid: [
    {
      name: 'https remote',
      input: server('r', { type: 'http', url: 'https://mcp.example.com/mcp' }),
    },
    {
      name: 'loopback over http (mcp-scan fixture, VS Code settings)',
      input: config(
        {
          mcp: {
            servers: {
              h: { type: 'http', url: 'http://localhost:8124/mcp' },
              s: { type: 'sse', url: 'http://127.0.0.1:8123/sse' },
            },
          },
        },
        'settings.json',
      ),
    },
    {
      name: 'mcp-remote bridging to localhost',
      input: server('r', {
        command: 'npx',
        args: ['-y', 'mcp-remote@0.1.16', 'http://localhost:3000/mcp'],
      }),
    },
    { name: 'IPv6 loopback', input: server('r', { url: 'http://[::1]:9000/mcp' }) },
  ],
  invalid: [
    {
      name: 'plain http to a remote host with headers',
      input: server('r', {
        type: 'http',
        url: 'http://mcp.example.com/mcp',
        headers: { Authorization: 'Bearer ${env:T}' },
      }),
      findings: [{ severity: 'high', contains: 'with credentials configured' }],
    },
    {
      name: 'mcp-remote bridging to a LAN host over http',
      input: server('r', {
        command: 'npx',
        args: ['mcp-remote@0.1.16', 'http://192.168.1.20:8000/mcp'],
      }),
      findings: [{ contains: '192.168.1.20:8000' }],
    },
    {
      name: 'Gemini httpUrl and Windsurf serverUrl',
      input: config({
        mcpServers: {
          g: { httpUrl: 'http://gemini-tools.example/mcp' },
          w: { serverUrl: 'http://w.example/sse' },
        },
      }),
      findings: [{ location: 'mcpServers.g' }, { location: 'mcpServers.w' }],
    },
  ],
});
