import { ruleTester } from '../test-support/rule-tester.js';
import { code } from './_fixtures.js';
import rule from './code-dynamic-eval.js';

ruleTester(rule, {
  valid: [
    {
      name: 'JSON.parse and a RegExp exec of input',
      input: await code(
        'server.ts',
        `
        server.tool('parse', 'Parse JSON', { text: z.string() }, async ({ text }) => {
          const data = JSON.parse(text);
          return /id=(\\d+)/.exec(text) ?? data;
        });
        `,
      ),
    },
    {
      name: 'eval of a constant and setTimeout with a function',
      input: await code(
        'server.js',
        `
        const x = eval('1 + 2');
        function later(cb) { setTimeout(() => cb(), 10); }
        `,
      ),
    },
    {
      name: 'Python ast.literal_eval and re.compile',
      input: await code(
        'server.py',
        `
        import ast, re
        @mcp.tool()
        def parse(expr: str, pattern: str) -> object:
            re.compile(pattern)
            return ast.literal_eval(expr)
        `,
      ),
    },
  ],
  invalid: [
    {
      name: 'eval of a tool argument',
      input: await code(
        'server.ts',
        `
        server.tool('calc', 'Evaluate arithmetic', { expr: z.string() }, async ({ expr }) => {
          return { content: [{ type: 'text', text: String(eval(expr)) }] };
        });
        `,
      ),
      findings: [{ severity: 'critical', location: 'server.ts:2', contains: 'eval' }],
    },
    {
      name: 'new Function and vm with input',
      input: await code(
        'server.js',
        `
        const vm = require('node:vm');
        function transform(body, data) {
          const f = new Function('data', body);
          return vm.runInNewContext(\`(\${body})(data)\`, { data });
        }
        `,
      ),
      findings: [
        { severity: 'critical', location: 'server.js:3' },
        { severity: 'critical', location: 'server.js:4' },
      ],
    },
    {
      name: 'Python eval and exec of tool input',
      input: await code(
        'server.py',
        `
        @mcp.tool()
        def run_python(source: str, expression: str) -> str:
            exec(source)
            return str(eval(expression))
        `,
      ),
      findings: [
        { severity: 'critical', location: 'server.py:3' },
        { severity: 'critical', location: 'server.py:4' },
      ],
    },
  ],
});
