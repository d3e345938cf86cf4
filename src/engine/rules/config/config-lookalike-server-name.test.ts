import { ruleTester } from '../test-support/rule-tester.js';
import rule from './config-lookalike-server-name.js';
import { config, server } from './_test-fixtures.js';

ruleTester(rule, {
  valid: [
    {
      name: 'well-known names themselves',
      input: config({
        mcpServers: {
          github: { command: 'a' },
          'twitter-mcp': { command: 'b' },
          'mcp-server-slack': { command: 'c' },
        },
      }),
    },
    {
      name: 'numbered instances',
      input: config({ mcpServers: { postgres1: { command: 'a' }, postgres2: { command: 'b' } } }),
    },
    {
      name: 'unrelated names',
      input: config({
        mcpServers: {
          Weather: { command: 'a' },
          Math: { command: 'b' },
          memory: { command: 'c' },
          memories: { command: 'd' },
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'appsecco: twittter-mcp',
      input: server('twittter-mcp', { command: 'node', args: ['/x/index.js'] }),
      findings: [{ severity: 'medium', contains: '"twitter"' }],
    },
    {
      name: 'digit look-alike of github',
      input: server('g1thub', { command: 'node' }),
      findings: [{ contains: 'g1thub' }],
    },
    {
      name: 'a typosquatted launcher package is high',
      input: server('files', {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesytem', '/srv'],
      }),
      findings: [{ severity: 'high', contains: '@modelcontextprotocol/server-filesystem' }],
    },
    {
      name: 'MCPSecBench: check and checks in one config',
      input: config({ mcpServers: { checks: { command: 'uv' }, check: { command: 'npx' } } }),
      findings: [{ severity: 'low', contains: '"checks" and "check"' }],
    },
  ],
});
