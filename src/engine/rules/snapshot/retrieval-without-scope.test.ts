import { ruleTester } from '../test-support/rule-tester.js';
import { HARD_NEGATIVES, tool, tools } from './_test-fixtures.js';
import rule from './retrieval-without-scope.js';

ruleTester(rule, {
  valid: [
    ...HARD_NEGATIVES,
    {
      name: 'retrieval scoped by collection',
      input: tools(
        tool('query_documents', 'Semantic search in a vector store collection', {
          collection_name: { type: 'string' },
          query: { type: 'string' },
        }),
      ),
    },
  ],
  invalid: [
    {
      name: 'unscoped knowledge-base retrieval is low',
      input: tools(
        tool('retrieve', 'Retrieve passages from the knowledge base', {
          query: { type: 'string' },
        }),
      ),
      findings: [{ severity: 'low' }],
    },
  ],
});
