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
      findings: [{ severity: 'high', contains: 'AWS access key id: AKIA…' }],
    },
    {
      name: 'GitLab, npm, Hugging Face and SendGrid tokens, one finding each',
      input: tools(
        tool(
          'publish',
          'Publish. GitLab glpat-Xq7Lm2Zr9Tb4Wc8Yn1Vd, npm npm_Ab3De6Gh9Jk2Mn5Pq8St1Vw4Yz7Bc0Ef3Hi6, ' +
            'Hugging Face hf_Qw8Er3Ty6Ui9Op2As5Df8Gh1Jk4Lz7Xc0Vb, SendGrid ' +
            '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',
        ),
      ),
      findings: [
        { severity: 'high', contains: 'GitLab token: glpat…' },
        { severity: 'high', contains: 'npm token: npm_Ab3D…' },
        { severity: 'high', contains: 'Hugging Face token: hf_Qw8E…' },
        { severity: 'high', contains: 'SendGrid API key: SG.Ab3De…' },
      ],
    },
    {
      name: 'a random value assigned to a password',
      input: tools(tool('login', 'Log in. Use password=Tr0ub4dor3xKq9 for the shared account.')),
      findings: [{ severity: 'high', contains: 'credential assignment: Tr…' }],
    },
  ],
});
