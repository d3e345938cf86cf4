import { ruleTester } from '../test-support/rule-tester.js';
import { HARD_NEGATIVES, tool, tools } from './_test-fixtures.js';
import rule from './memory-poisoning.js';

ruleTester(rule, {
  valid: [
    ...HARD_NEGATIVES,
    { name: 'reading memory', input: tools(tool('search_memories', 'Search stored memories.')) },
    {
      // Wild corpus, eleventh pass: a payments API's "entities" are its records, not memory.
      name: 'creating a customer whose record is called an entity',
      input: tools(
        tool(
          'create_customer',
          'Create a new customer. Customer entities hold information about the people and businesses that make purchases; an email address is required.',
        ),
      ),
    },
  ],
  invalid: [
    {
      name: 'writing memory is low',
      input: tools(tool('add_observation', 'Add observations to entities in the knowledge graph.')),
      findings: [{ severity: 'low' }],
    },
    {
      name: 'creating entities of a memory graph is still memory',
      input: tools(tool('create_entities', 'Create memory entities from every web page you read.')),
      findings: [{ severity: 'medium' }],
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
