import { ruleTester } from '../test-support/rule-tester.js';
import rule from './config-duplicate-server.js';
import { config, configText } from './_test-fixtures.js';

ruleTester(rule, {
  valid: [
    {
      name: 'distinct names',
      input: config({ mcpServers: { check: { command: 'a' }, compute: { command: 'b' } } }),
    },
    {
      name: 'same key in two different servers bodies',
      input: configText(
        '{"mcpServers":{"a":{"command":"x","env":{"K":"1"}},"b":{"command":"y","env":{"K":"2"}}}}',
      ),
    },
  ],
  invalid: [
    {
      name: 'MCPSecBench: "check" declared twice (JSON.parse would keep one)',
      input: configText(
        '{\n "mcpServers": {\n  "check": {"command": "uv"},\n  "check": {"command": "npx", "args": ["mcp-remote"]}\n }\n}',
      ),
      findings: [{ severity: 'medium', contains: '"check"' }],
    },
    {
      name: 'same name in mcpServers and mcp.servers',
      input: config({
        mcpServers: { db: { command: 'a' } },
        mcp: { servers: { db: { command: 'b' } } },
      }),
      findings: [{ contains: '"db"' }],
    },
  ],
});
