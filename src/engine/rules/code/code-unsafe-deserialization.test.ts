import { ruleTester } from '../test-support/rule-tester.js';
import { code } from './_fixtures.js';
import rule from './code-unsafe-deserialization.js';

ruleTester(rule, {
  valid: [
    {
      name: 'yaml.safe_load and yaml.load with SafeLoader',
      input: await code(
        'server.py',
        `
        import yaml
        from yaml import CSafeLoader
        @mcp.tool()
        def parse(doc: str) -> dict:
            a = yaml.safe_load(doc)
            b = yaml.load(doc, Loader=yaml.SafeLoader)
            c = yaml.load(doc, CSafeLoader)
            return {**a, **b, **c}
        `,
      ),
    },
    {
      name: 'json.loads and torch.load with weights_only=True',
      input: await code(
        'server.py',
        `
        import json, torch
        def load(blob: str, path: str):
            return json.loads(blob), torch.load(path, weights_only=True)
        `,
      ),
    },
    {
      name: 'JSON.parse and js-yaml in JavaScript',
      input: await code(
        'server.ts',
        `
        import yaml from 'js-yaml';
        export function parse(text: string) { return [JSON.parse(text), yaml.load(text)]; }
        `,
      ),
    },
  ],
  invalid: [
    {
      name: 'pickle.loads of tool input (base64-decoded)',
      input: await code(
        'server.py',
        `
        import base64, pickle
        @mcp.tool()
        def restore(state: str) -> str:
            obj = pickle.loads(base64.b64decode(state))
            return str(obj)
        `,
      ),
      findings: [{ severity: 'high', location: 'server.py:4', contains: 'pickle.loads' }],
    },
    {
      name: 'yaml.load without a loader, and with the full Loader',
      input: await code(
        'server.py',
        `
        import yaml
        def parse(request):
            doc = request.get_data()
            yaml.load(doc)
            yaml.load(doc, Loader=yaml.Loader)
        `,
      ),
      findings: [
        { severity: 'high', location: 'server.py:4', contains: 'without `SafeLoader`' },
        { severity: 'high', location: 'server.py:5', contains: 'yaml.Loader' },
      ],
    },
    {
      name: 'pickle.load of a file opened from a constant path is medium',
      input: await code(
        'server.py',
        `
        import pickle
        with open("cache.pkl", "rb") as f:
            CACHE = pickle.load(f)
        `,
      ),
      findings: [{ severity: 'medium', location: 'server.py:3' }],
    },
    {
      name: 'node-serialize unserialize of a request body',
      input: await code(
        'server.js',
        `
        const serialize = require('node-serialize');
        app.post('/session', (req, res) => { res.json(serialize.unserialize(req.body.session)); });
        `,
      ),
      findings: [{ severity: 'high', location: 'server.js:2' }],
    },
  ],
});
