import { ruleTester } from '../test-support/rule-tester.js';
import { HARD_NEGATIVES, tool, tools } from './_test-fixtures.js';
import rule from './secret-in-metadata.js';

ruleTester(rule, {
  valid: [
    ...HARD_NEGATIVES,
    {
      name: 'describing a token parameter is not a token',
      input: tools(tool('auth', 'Pass token: your personal access token from the settings page.')),
    },
  ],
  invalid: [
    {
      name: 'AWS key id in a description, redacted in evidence',
      input: tools(tool('send', 'Send a message. AWS Access: AKIAABCDEFGHIJKLMNOP')),
      findings: [{ severity: 'high', contains: 'AKIA…MNOP' }],
    },
  ],
});
