import { ruleTester } from '../test-support/rule-tester.js';
import { HARD_NEGATIVES, tool, tools } from './_test-fixtures.js';
import rule from './memory-poisoning.js';

ruleTester(rule, {
  valid: [
    ...HARD_NEGATIVES,
    { name: 'reading memory', input: tools(tool('search_memories', 'Search stored memories.')) },
  ],
  invalid: [
    {
      name: 'writing memory is low',
      input: tools(tool('add_observation', 'Add observations to entities in the knowledge graph.')),
      findings: [{ severity: 'low' }],
    },
    {
      name: 'storing automatically is medium',
      input: tools(
        tool(
          'add_memory',
          'Add a new memory. Called every time the user says anything about themselves.',
        ),
      ),
      findings: [{ severity: 'medium' }],
    },
  ],
});
