import { ruleTester } from '../test-support/rule-tester.js';
import rule from './dependency-malicious.js';
import { depsFile, packageJson } from './_test-fixtures.js';

ruleTester(rule, {
  valid: [
    {
      name: 'postmark-mcp before the backdoor',
      input: packageJson({ dependencies: { 'postmark-mcp': '1.0.15' } }),
    },
    {
      name: 'the official postmark client',
      input: packageJson({ dependencies: { postmark: '4.0.5' } }),
    },
    {
      name: 'a vulnerable but not malicious package',
      input: packageJson({ dependencies: { 'mcp-remote': '0.1.10' } }),
    },
  ],
  invalid: [
    {
      name: 'postmark-mcp 1.0.16 is critical',
      input: packageJson({ dependencies: { 'postmark-mcp': '1.0.16' } }),
      findings: [{ severity: 'critical', contains: 'malicious' }],
    },
    {
      name: 'found in yarn.lock too',
      input: depsFile(
        'yarn.lock',
        '# yarn lockfile v1\n\npostmark-mcp@^1.0.0:\n  version "1.0.17"\n  resolved "https://registry.yarnpkg.com/postmark-mcp/-/postmark-mcp-1.0.17.tgz"\n',
      ),
      findings: [{ severity: 'critical', location: 'yarn.lock:3' }],
    },
  ],
});
