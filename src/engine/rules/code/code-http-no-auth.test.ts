import { ruleTester } from '../test-support/rule-tester.js';
import { code } from './_fixtures.js';
import rule from './code-http-no-auth.js';

ruleTester(rule, {
  valid: [
    {
      name: 'Streamable HTTP on loopback',
      input: await code(
        'server.ts',
        `
        import express from 'express';
        import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
        const app = express();
        app.post('/mcp', async (req, res) => {
          const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
          await server.connect(transport);
          await transport.handleRequest(req, res, req.body);
        });
        app.listen(3000, '127.0.0.1');
        `,
      ),
    },
    {
      name: 'Streamable HTTP on all interfaces behind bearer-token middleware',
      input: await code(
        'server.ts',
        `
        import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
        app.use(requireBearerAuth({ verifier }));
        app.post('/mcp', (req, res) => new StreamableHTTPServerTransport({}).handleRequest(req, res));
        app.listen(8080, '0.0.0.0');
        `,
      ),
    },
    {
      name: 'a stdio server; an unrelated web app',
      input: await code(
        'server.py',
        `
        mcp = FastMCP("notes")
        mcp.run()
        uvicorn.run(other_app, host="0.0.0.0")
        `,
      ),
    },
  ],
  invalid: [
    {
      name: 'Express + Streamable HTTP on 0.0.0.0 without auth',
      input: await code(
        'server.ts',
        `
        import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
        app.post('/mcp', (req, res) => new StreamableHTTPServerTransport({}).handleRequest(req, res));
        app.listen(8080, '0.0.0.0');
        `,
      ),
      findings: [{ severity: 'medium', location: 'server.ts:3' }],
    },
    {
      name: 'no host given is low',
      input: await code(
        'server.js',
        `
        const { SSEServerTransport } = require('@modelcontextprotocol/sdk/server/sse.js');
        app.get('/sse', (req, res) => server.connect(new SSEServerTransport('/messages', res)));
        app.listen(3001, () => console.log('up'));
        `,
      ),
      findings: [{ severity: 'low', location: 'server.js:3' }],
    },
    {
      name: 'FastMCP streamable-http on 0.0.0.0',
      input: await code(
        'server.py',
        `
        from mcp.server.fastmcp import FastMCP
        mcp = FastMCP("files")
        if __name__ == "__main__":
            mcp.run(transport="streamable-http", host="0.0.0.0", port=8000)
        `,
      ),
      findings: [{ severity: 'medium', location: 'server.py:4' }],
    },
  ],
});
