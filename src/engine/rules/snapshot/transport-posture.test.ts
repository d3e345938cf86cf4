import { ruleTester } from '../test-support/rule-tester.js';
import type { TransportFacts } from '../../types.js';
import { HARD_NEGATIVES } from './_test-fixtures.js';
import rule from './transport-posture.js';

const transport = (over: Partial<TransportFacts>): TransportFacts => ({
  url: 'https://mcp.example.com/mcp',
  transport: 'streamable-http',
  isHttps: true,
  isLoopback: false,
  listedWithoutCredentials: false,
  usedAuthToken: true,
  ...over,
});

ruleTester(rule, {
  valid: [
    ...HARD_NEGATIVES,
    { name: 'https with credentials', input: { tools: [], transport: transport({}) } },
    {
      name: 'plain http on loopback',
      input: {
        tools: [],
        transport: transport({
          url: 'http://127.0.0.1:3000/mcp',
          isHttps: false,
          isLoopback: true,
        }),
      },
    },
  ],
  invalid: [
    {
      name: 'plain http to a remote host is high',
      input: {
        tools: [],
        transport: transport({ url: 'http://mcp.example.com/mcp', isHttps: false }),
      },
      findings: [{ severity: 'high', contains: 'cleartext' }],
    },
    {
      name: 'listing open without credentials is low',
      input: {
        tools: [],
        transport: transport({ listedWithoutCredentials: true, usedAuthToken: false }),
      },
      findings: [{ severity: 'low', location: 'transport.listedWithoutCredentials' }],
    },
  ],
});
