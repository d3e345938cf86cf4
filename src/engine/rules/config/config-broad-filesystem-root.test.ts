import { ruleTester } from '../test-support/rule-tester.js';
import rule from './config-broad-filesystem-root.js';
import { server } from './_test-fixtures.js';

const FS = '@modelcontextprotocol/server-filesystem@2025.7.1';

ruleTester(rule, {
  valid: [
    {
      name: 'project folders only',
      input: server('filesystem', {
        command: 'npx',
        args: ['-y', FS, '/Users/ana/projects/app', '~/notes'],
      }),
    },
    {
      name: 'a non-filesystem server given / as an argument',
      input: server('http', { command: 'node', args: ['server.js', '/'] }),
    },
    {
      name: 'container mounting one project folder',
      input: server('fs', {
        command: 'docker',
        args: ['run', '-i', '-v', '/Users/ana/app:/data', 'mcp/filesystem:1.0', '/data'],
      }),
    },
  ],
  invalid: [
    {
      name: 'rooted at /',
      input: server('filesystem', { command: 'npx', args: ['-y', FS, '/'] }),
      findings: [{ severity: 'high', contains: 'the whole filesystem' }],
    },
    {
      name: 'home folder in several spellings',
      input: server('files', { command: 'npx', args: ['-y', FS, '~', '/home/ana', 'C:\\'] }),
      findings: [{ contains: 'the home folder' }],
    },
    {
      name: 'container mounting the home folder',
      input: server('filesystem', {
        command: 'docker',
        args: ['run', '-i', '-v', '$HOME:/projects', 'mcp/filesystem:1.0'],
      }),
      findings: [{ contains: 'mounts the home folder' }],
    },
  ],
});
