import { ruleTester } from '../test-support/rule-tester.js';
import { code } from './_fixtures.js';
import rule from './code-cors-wildcard.js';

ruleTester(rule, {
  valid: [
    {
      name: 'cors with an explicit origin list',
      input: await code(
        'server.ts',
        `
        import cors from 'cors';
        app.use(cors({ origin: ['https://app.example.com'], credentials: true }));
        res.setHeader('Access-Control-Allow-Origin', 'https://app.example.com');
        `,
      ),
    },
    {
      name: 'CORSMiddleware with named origins',
      input: await code(
        'server.py',
        `
        from fastapi.middleware.cors import CORSMiddleware
        app.add_middleware(CORSMiddleware, allow_origins=["https://app.example.com"], allow_credentials=True)
        `,
      ),
    },
    {
      name: 'an unrelated header',
      input: await code('server.js', `res.setHeader('Content-Type', '*/*');`),
    },
  ],
  invalid: [
    {
      name: 'cors() with no options is low',
      input: await code(
        'server.ts',
        `
        import cors from 'cors';
        app.use(cors());
        `,
      ),
      findings: [{ severity: 'low', location: 'server.ts:2' }],
    },
    {
      name: 'a wildcard with credentials is medium; a reflected origin is medium',
      input: await code(
        'server.js',
        `
        const cors = require('cors');
        app.use(cors({ origin: '*', credentials: true }));
        app.use((req, res, next) => { res.header('Access-Control-Allow-Origin', req.headers.origin); next(); });
        `,
      ),
      findings: [
        { severity: 'medium', location: 'server.js:2' },
        { severity: 'medium', location: 'server.js:3', contains: 'echoes' },
      ],
    },
    {
      name: 'Starlette wildcard with credentials; Flask-CORS default',
      input: await code(
        'server.py',
        `
        from starlette.middleware.cors import CORSMiddleware
        from flask_cors import CORS
        app.add_middleware(CORSMiddleware, allow_origins=["*"], allow_credentials=True)
        CORS(flask_app)
        `,
      ),
      findings: [
        { severity: 'medium', location: 'server.py:3' },
        { severity: 'low', location: 'server.py:4' },
      ],
    },
  ],
});
