import { ruleTester } from '../test-support/rule-tester.js';
import rule from './dependency-confusion.js';
import { depsFile, packageJson, requirements } from './_test-fixtures.js';

const SHA = 'a'.repeat(40);

ruleTester(rule, {
  valid: [
    {
      name: 'registry tarballs over https',
      input: depsFile(
        'package-lock.json',
        JSON.stringify({
          lockfileVersion: 3,
          packages: {
            '': {},
            'node_modules/x': {
              version: '1.0.0',
              resolved: 'https://registry.npmjs.org/x/-/x-1.0.0.tgz',
            },
          },
        }),
      ),
    },
    {
      name: 'git dependency pinned to a commit',
      input: packageJson({ dependencies: { lib: `git+https://github.com/acme/lib.git#${SHA}` } }),
    },
    {
      name: 'a single private index over https',
      input: requirements('--index-url https://pypi.internal.example/simple\nrequests==2.32.4\n'),
    },
  ],
  invalid: [
    {
      name: 'plain http tarball is high',
      input: depsFile(
        'package-lock.json',
        JSON.stringify({
          lockfileVersion: 3,
          packages: {
            '': {},
            'node_modules/x': { version: '1.0.0', resolved: 'http://registry.example/x-1.0.0.tgz' },
          },
        }),
      ),
      findings: [{ severity: 'high', contains: 'plain http' }],
    },
    {
      name: 'git URL without a commit',
      input: packageJson({ dependencies: { lib: 'github:acme/lib' } }),
      findings: [{ severity: 'medium', contains: 'git URL' }],
    },
    {
      name: 'pip --extra-index-url and --trusted-host',
      input: requirements(
        '--extra-index-url https://pypi.acme.example/simple\n--trusted-host pypi.acme.example\nacme-internal-utils==1.0\n',
      ),
      findings: [
        { severity: 'medium', contains: 'second index' },
        { severity: 'high', contains: 'TLS' },
      ],
    },
  ],
});
