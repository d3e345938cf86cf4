import { ruleTester } from '../test-support/rule-tester.js';
import rule from './dependency-known-vulnerable.js';
import { depsFile, packageJson, requirements } from './_test-fixtures.js';

ruleTester(rule, {
  valid: [
    {
      name: 'fixed versions',
      input: packageJson({
        dependencies: {
          'mcp-remote': '0.1.16',
          lodash: '4.17.21',
          '@modelcontextprotocol/sdk': '^1.26.0',
        },
      }),
    },
    {
      name: 'wildcards are not judged here',
      input: packageJson({ dependencies: { lodash: '*', 'mcp-remote': 'latest' } }),
    },
    {
      name: 'PyPI names normalised, fixed versions',
      input: requirements('PyYAML==6.0.1\nrequests>=2.32.4\nJinja2==3.1.6\n'),
    },
    {
      name: 'withdrawn advisories are not reported (jsonwebtoken 9)',
      input: packageJson({ dependencies: { jsonwebtoken: '9.0.0' } }),
    },
    {
      name: 'a malicious release is left to dependency-malicious',
      input: packageJson({ dependencies: { 'postmark-mcp': '1.0.16' } }),
    },
  ],
  invalid: [
    {
      name: 'mcp-remote 0.1.10 names CVE-2025-6514, the fix and the path',
      input: packageJson({ dependencies: { 'mcp-remote': '0.1.10' } }),
      findings: [{ severity: 'critical', contains: 'CVE-2025-6514', location: 'package.json:' }],
    },
    {
      name: 'a range is judged by its minimum and says so',
      input: packageJson({ dependencies: { 'mcp-remote': '^0.1.10' } }),
      findings: [{ severity: 'critical', contains: 'lowest version' }],
    },
    {
      name: 'requirements.txt pins',
      input: requirements(
        '# tools\nPyYAML==5.3 --hash=sha256:abc\nrequests==2.31.0 ; python_version > "3.8"\n',
      ),
      findings: [
        { severity: 'critical', contains: 'CVE-2020-14343' },
        { severity: 'critical', contains: 'CVE-2020-1747' },
        { contains: 'CVE-2024-35195' },
        { contains: 'CVE-2024-47081' },
      ],
    },
    {
      name: 'transitive dependency in a v3 lockfile carries its path',
      input: depsFile(
        'package-lock.json',
        JSON.stringify({
          name: 'app',
          lockfileVersion: 3,
          packages: {
            '': { name: 'app', dependencies: { bridge: '1.0.0' } },
            'node_modules/bridge': { version: '1.0.0' },
            'node_modules/bridge/node_modules/mcp-remote': { version: '0.1.15' },
          },
        }),
      ),
      findings: [{ contains: 'app › bridge › mcp-remote' }],
    },
  ],
});
