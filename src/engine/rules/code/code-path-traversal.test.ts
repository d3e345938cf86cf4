import { ruleTester } from '../test-support/rule-tester.js';
import { code } from './_fixtures.js';
import rule from './code-path-traversal.js';

ruleTester(rule, {
  valid: [
    {
      name: 'path.resolve + startsWith(root) containment check',
      input: await code(
        'server.ts',
        `
        import fs from 'node:fs/promises';
        import path from 'node:path';
        const ROOT = path.resolve('workspace');
        server.tool('read_file', 'Read a file in the workspace', { file: z.string() }, async ({ file }) => {
          const full = path.resolve(ROOT, file);
          if (!full.startsWith(ROOT + path.sep)) throw new Error('outside the workspace');
          return { content: [{ type: 'text', text: await fs.readFile(full, 'utf8') }] };
        });
        `,
      ),
    },
    {
      name: 'os.path.realpath + commonpath check',
      input: await code(
        'server.py',
        `
        import os
        ROOT = os.path.realpath("data")
        @mcp.tool()
        def read_file(name: str) -> str:
            full = os.path.realpath(os.path.join(ROOT, name))
            if os.path.commonpath([ROOT, full]) != ROOT:
                raise ValueError("outside root")
            with open(full) as f:
                return f.read()
        `,
      ),
    },
    {
      name: 'basename strips directories; constant paths',
      input: await code(
        'server.py',
        `
        import os
        def save(name: str, data: str):
            with open(os.path.join("uploads", os.path.basename(name)), "w") as f:
                f.write(data)
            open("log.txt", "a").write(name)
        `,
      ),
    },
    {
      name: 'a named containment helper',
      input: await code(
        'server.js',
        `
        const fs = require('fs');
        function read(p) { const full = safeJoin(ROOT, p); return fs.readFileSync(full, 'utf8'); }
        `,
      ),
    },
    {
      name: 'sendFile with a root option',
      input: await code(
        'server.js',
        `app.get('/f/:name', (req, res) => res.sendFile(req.params.name, { root: 'public' }));`,
      ),
    },
  ],
  invalid: [
    {
      name: 'fs.readFile of a tool argument joined to a directory',
      input: await code(
        'server.ts',
        `
        import { readFile } from 'node:fs/promises';
        import path from 'node:path';
        server.tool('read_note', 'Read a note', { name: z.string() }, async ({ name }) => {
          const text = await readFile(path.join('notes', name), 'utf8');
          return { content: [{ type: 'text', text }] };
        });
        `,
      ),
      findings: [{ severity: 'high', location: 'server.ts:4', contains: 'tool handler' }],
    },
    {
      name: 'writeFileSync and unlink with request data',
      input: await code(
        'server.js',
        `
        const fs = require('fs');
        app.post('/save', (req, res) => {
          fs.writeFileSync('/srv/data/' + req.body.file, req.body.text);
          fs.unlink(req.query.old, () => {});
        });
        `,
      ),
      findings: [
        { severity: 'high', location: 'server.js:3' },
        { severity: 'high', location: 'server.js:4' },
      ],
    },
    {
      name: 'Python open, pathlib and shutil with tool input',
      input: await code(
        'server.py',
        `
        import shutil
        from pathlib import Path
        BASE = Path("/srv/files")
        @mcp.tool()
        def manage(path: str, target: str) -> str:
            text = open(f"/srv/files/{path}").read()
            (BASE / target).write_text(text)
            shutil.rmtree(path)
            return Path(path).read_text()
        `,
      ),
      findings: [
        { severity: 'high', location: 'server.py:6' },
        { severity: 'high', location: 'server.py:7' },
        { severity: 'high', location: 'server.py:8' },
        { severity: 'high', location: 'server.py:9' },
      ],
    },
    {
      name: 'a resolve without a containment check is not enough (a helper: medium)',
      input: await code(
        'server.ts',
        `
        import fs from 'fs';
        import path from 'path';
        export function read(p: string) { return fs.readFileSync(path.resolve('/data', p)); }
        `,
      ),
      findings: [{ severity: 'medium', location: 'server.ts:3' }],
    },
  ],
});
