import { ruleTester } from '../test-support/rule-tester.js';
import rule from './dependency-unpinned.js';
import { depsFile, packageJson, requirements } from './_test-fixtures.js';

ruleTester(rule, {
  valid: [
    {
      name: 'caret, tilde and exact npm ranges',
      input: packageJson({
        dependencies: { a: '^1.2.3', b: '~2.0.0', c: '3.0.0', d: '>=1.0.0 <2.0.0' },
      }),
    },
    {
      name: 'bounded PyPI specifiers',
      input: requirements('a==1.0\nb~=2.1\nc>=1.0,<2\n-r base.txt\n'),
    },
    {
      name: 'lockfiles are exact by nature',
      input: depsFile('poetry.lock', '[[package]]\nname = "requests"\nversion = "2.32.4"\n'),
    },
  ],
  invalid: [
    {
      name: 'npm *, latest and >= grouped into one low finding',
      input: packageJson({ dependencies: { a: '*', b: 'latest', c: '>=1.0.0' } }),
      findings: [{ severity: 'low', contains: 'a *' }],
    },
    {
      name: 'bare requirement names',
      input: requirements('flask\nrequests>=2.0\n'),
      findings: [{ severity: 'low', contains: 'flask' }],
    },
  ],
});
