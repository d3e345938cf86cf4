import { ruleTester } from '../test-support/rule-tester.js';
import { HARD_NEGATIVES, tool, tools } from './_test-fixtures.js';
import rule from './toxic-flow.js';

ruleTester(rule, {
  valid: [
    ...HARD_NEGATIVES,
    {
      name: 'reads private data and sends, but takes no untrusted input',
      input: tools(
        tool('read_file', 'Read a file from the workspace', { path: { type: 'string' } }),
        tool('send_email', 'Send an email', { to: { type: 'string' } }),
      ),
    },
  ],
  invalid: [
    {
      name: 'web fetch + private files + e-mail is medium',
      input: tools(
        tool('fetch_page', 'Fetch a web page by URL', { url: { type: 'string' } }),
        tool('read_file', 'Read a file from the workspace', { path: { type: 'string' } }),
        tool('send_email', 'Send an email', { to: { type: 'string' } }),
      ),
      findings: [{ severity: 'medium', location: 'tools', contains: 'fetch_page' }],
    },
  ],
});
