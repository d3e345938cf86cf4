import { ruleTester } from '../test-support/rule-tester.js';
import rule from './config-privileged-container.js';
import { server } from './_test-fixtures.js';

ruleTester(rule, {
  valid: [
    {
      name: 'an ordinary container',
      input: server('gh', {
        command: 'docker',
        args: [
          'run',
          '-i',
          '--rm',
          '-e',
          'GITHUB_TOKEN',
          'ghcr.io/github/github-mcp-server:v0.5.0',
        ],
      }),
    },
    {
      name: 'project mount and bridge network',
      input: server('fs', {
        command: 'podman',
        args: ['run', '-i', '--network', 'bridge', '-v', '/srv/app:/app:ro', 'img:1'],
      }),
    },
    { name: 'not a container', input: server('n', { command: 'node', args: ['--privileged'] }) },
  ],
  invalid: [
    {
      name: '--privileged and the docker socket are critical',
      input: server('ops', {
        command: 'docker',
        args: ['run', '--privileged', '-v', '/var/run/docker.sock:/var/run/docker.sock', 'ops:1'],
      }),
      findings: [{ severity: 'critical', contains: '--privileged' }],
    },
    {
      name: 'host root, host network and SYS_ADMIN',
      input: server('x', {
        command: 'docker',
        args: ['run', '-v', '/:/host', '--network=host', '--cap-add', 'SYS_ADMIN', 'x:1'],
      }),
      findings: [{ severity: 'critical', contains: 'SYS_ADMIN' }],
    },
  ],
});
