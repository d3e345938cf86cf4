import { ruleTester } from '../test-support/rule-tester.js';
import { code } from './_fixtures.js';
import rule from './code-ssrf.js';

ruleTester(rule, {
  valid: [
    {
      name: 'a fixed API host with a caller-chosen path segment',
      input: await code(
        'server.ts',
        `
        const API = 'https://api.github.com';
        server.tool('get_repo', 'Get a repository', { repo: z.string() }, async ({ repo }) => {
          const a = await fetch(\`\${API}/repos/\${encodeURIComponent(repo)}\`);
          const b = await fetch('https://api.github.com/repos/' + repo);
          return { content: [{ type: 'text', text: (await a.text()) + (await b.text()) }] };
        });
        `,
      ),
    },
    {
      name: 'a host allow-list check before fetching',
      input: await code(
        'server.ts',
        `
        const ALLOWED_HOSTS = new Set(['example.com']);
        export async function get(url: string) {
          const target = new URL(url);
          if (!ALLOWED_HOSTS.has(target.hostname)) throw new Error('host not allowed');
          return fetch(target);
        }
        `,
      ),
    },
    {
      name: 'Python requests to a constant URL with input in params',
      input: await code(
        'server.py',
        `
        import requests
        @mcp.tool()
        def weather(city: str) -> str:
            return requests.get("https://wttr.in/", params={"q": city}, timeout=5).text
        `,
      ),
    },
    {
      name: 'Python with a validate_url guard',
      input: await code(
        'server.py',
        `
        import httpx
        async def fetch_page(url: str) -> str:
            validate_url(url)
            async with httpx.AsyncClient() as client:
                return (await client.get(url)).text
        `,
      ),
    },
  ],
  invalid: [
    {
      name: 'a helper that fetches its parameter is medium (its callers are not traced)',
      input: await code(
        'client.ts',
        `export async function getJson(url: string) { return (await fetch(url)).json(); }`,
      ),
      findings: [{ severity: 'medium', location: 'client.ts:1', contains: 'not traced' }],
    },
    {
      name: 'a Flask route reading the URL from the request',
      input: await code(
        'app.py',
        `
        import requests
        from flask import request
        @app.route("/preview")
        def preview():
            return requests.get(request.args["url"], timeout=5).text
        `,
      ),
      findings: [{ severity: 'high', location: 'app.py:5' }],
    },
    {
      name: 'fetch of a tool-supplied URL',
      input: await code(
        'server.ts',
        `
        server.tool('fetch_url', 'Fetch a web page', { url: z.string().url() }, async ({ url }) => {
          const res = await fetch(url);
          return { content: [{ type: 'text', text: await res.text() }] };
        });
        `,
      ),
      findings: [{ severity: 'high', location: 'server.ts:2', contains: 'tool handler' }],
    },
    {
      name: 'axios and http.get with request data',
      input: await code(
        'server.js',
        `
        const axios = require('axios');
        const http = require('node:http');
        app.post('/preview', async (req, res) => {
          const r = await axios.get(req.body.link);
          http.get(\`http://\${req.body.host}/status\`, () => {});
          res.send(r.data);
        });
        `,
      ),
      findings: [
        { severity: 'high', location: 'server.js:4' },
        { severity: 'high', location: 'server.js:5' },
      ],
    },
    {
      name: 'Python requests, httpx client and urlopen with input',
      input: await code(
        'server.py',
        `
        import requests, httpx
        from urllib.request import urlopen
        @mcp.tool()
        async def get(url: str, host: str) -> str:
            a = requests.post(url, json={})
            async with httpx.AsyncClient() as client:
                b = await client.get(f"http://{host}/api")
            c = urlopen(url).read()
            return a.text + b.text + str(c)
        `,
      ),
      findings: [
        { severity: 'high', location: 'server.py:5' },
        { severity: 'high', location: 'server.py:7' },
        { severity: 'high', location: 'server.py:8' },
      ],
    },
  ],
});
