import { ruleTester } from '../test-support/rule-tester.js';
import rule from './config-unpinned-package.js';
import { config, server } from './_test-fixtures.js';

ruleTester(rule, {
  valid: [
    {
      name: 'npx with an exact version',
      input: server('gh', {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-github@2025.4.8'],
      }),
    },
    {
      name: 'uvx with ==',
      input: server('fetch', { command: 'uvx', args: ['mcp-server-fetch==2025.4.7'] }),
    },
    {
      name: 'uvx --from with a pin',
      input: server('git', {
        command: 'uvx',
        args: ['--from', 'mcp-server-git==0.6.2', 'mcp-server-git'],
      }),
    },
    {
      name: 'local scripts and uv run of a file',
      input: server('w', {
        command: 'uv run python',
        args: ['tests/mcp_servers/weather_server.py'],
      }),
    },
    {
      name: 'node with a local file',
      input: server('local', { command: 'node', args: ['/opt/server/index.js'] }),
    },
    {
      name: 'docker image by digest',
      input: server('d', {
        command: 'docker',
        args: ['run', '-i', '--rm', `ghcr.io/github/github-mcp-server@sha256:${'a'.repeat(64)}`],
      }),
    },
    {
      name: 'remote servers install nothing',
      input: server('r', { type: 'http', url: 'https://api.example.com/mcp' }),
    },
  ],
  invalid: [
    {
      name: 'npx -y without a version',
      input: server('remote', {
        command: 'npx',
        args: ['-y', 'mcp-remote', 'http://localhost:3000/mcp'],
      }),
      findings: [{ severity: 'medium', contains: 'mcp-remote' }],
    },
    {
      name: '@latest is not a pin',
      input: server('pw', { command: 'npx', args: ['@playwright/mcp@latest'] }),
      findings: [{ contains: '"latest" is not a fixed version' }],
    },
    {
      name: 'uvx, pipx run, uv run --with, bunx, Windows cmd wrapper',
      input: config({
        mcpServers: {
          a: { command: 'uvx', args: ['mcp-server-time'] },
          b: { command: 'pipx', args: ['run', 'some-mcp'] },
          c: { command: 'uv', args: ['run', '--with', 'mcp[cli]', 'mcp', 'run', 'server.py'] },
          d: { command: 'bunx', args: ['some-server'] },
          e: { command: 'cmd', args: ['/c', 'npx', '-y', 'win-server'] },
        },
      }),
      findings: [
        { location: 'mcpServers.a' },
        { location: 'mcpServers.b' },
        { location: 'mcpServers.c', contains: 'uv run --with' },
        { location: 'mcpServers.d' },
        { location: 'mcpServers.e', contains: 'win-server' },
      ],
    },
    {
      name: 'docker image without a tag is low',
      input: server('d', {
        command: 'docker',
        args: ['run', '-i', '--rm', '-e', 'TOKEN', 'mcp/github'],
      }),
      findings: [{ severity: 'low', contains: 'mcp/github' }],
    },
  ],
});
