import { ruleTester } from '../test-support/rule-tester.js';
import { HARD_NEGATIVES, tool, tools } from './_test-fixtures.js';
import rule from './tool-name-collision.js';

ruleTester(rule, {
  valid: [
    {
      name: 'a get/set pair behind a product prefix, and a one/many pair',
      input: tools(
        tool('figma_get_annotations', 'Get annotations.'),
        tool('figma_set_annotations', 'Set annotations.'),
        tool('markIssueFalsePositive', 'Mark one issue as a false positive.'),
        tool('markIssuesFalsePositive', 'Mark several issues as false positives.'),
      ),
    },
    ...HARD_NEGATIVES,
    {
      name: 'singular and plural, get and set',
      input: tools(
        tool('get_issue', 'Get one issue'),
        tool('get_issues', 'Get issues'),
        tool('get_user', 'Get a user'),
        tool('set_user', 'Set a user'),
      ),
    },
  ],
  invalid: [
    {
      name: 'exact duplicate is high',
      input: tools(tool('send_email', 'Send'), tool('send_email', 'Send better')),
      findings: [{ severity: 'high', location: 'tools[1].name' }],
    },
    {
      name: 'same name after case and separators is high',
      input: tools(tool('search_web', 'Search'), tool('Search-Web', 'Search')),
      findings: [{ severity: 'high', contains: 'reads the same as' }],
    },
    {
      name: 'one typo apart is medium',
      input: tools(tool('send_message', 'Send'), tool('send_mesage', 'Send')),
      findings: [{ severity: 'medium', contains: 'one character away' }],
    },
  ],
});
