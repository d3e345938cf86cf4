import { ruleTester } from '../test-support/rule-tester.js';
import { HARD_NEGATIVES, tool, tools } from './_test-fixtures.js';
import rule from './destructive-without-confirmation.js';

ruleTester(rule, {
  valid: [
    ...HARD_NEGATIVES,
    {
      name: 'delete tool annotated destructive',
      input: tools(
        tool(
          'delete_file',
          'Delete a file.',
          { path: { type: 'string' } },
          { annotations: { destructiveHint: true } },
        ),
      ),
    },
    {
      name: 'payment with a confirmation parameter',
      input: tools(
        tool('transfer_funds', 'Transfer money between accounts after the user confirms.', {
          amount: { type: 'number' },
          confirm: { type: 'boolean' },
        }),
      ),
    },
  ],
  invalid: [
    {
      name: 'money movement without confirmation is medium',
      input: tools(
        tool('pay_invoice', 'Pay an invoice from the company account.', {
          invoice_id: { type: 'string' },
        }),
      ),
      findings: [{ severity: 'medium', contains: 'moves money' }],
    },
    {
      name: 'recursive deletion is medium',
      input: tools(
        tool('delete_directory', 'Delete directories recursively.', { path: { type: 'string' } }),
      ),
      findings: [{ severity: 'medium', location: 'tools[0].name' }],
    },
    {
      name: 'single item deletion is low',
      input: tools(tool('delete_comment', 'Delete a comment.', { id: { type: 'string' } })),
      findings: [{ severity: 'low' }],
    },
  ],
});
