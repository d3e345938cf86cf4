import { ruleTester } from '../test-support/rule-tester.js';
import { code } from './_fixtures.js';
import rule from './code-command-injection.js';

ruleTester(rule, {
  valid: [
    {
      name: 'execFile with an argument array (no shell)',
      input: await code(
        'server.ts',
        `
        import { execFile } from 'node:child_process';
        server.tool('git_log', 'Show history', { ref: z.string() }, async ({ ref }) => {
          execFile('git', ['log', '--', ref]);
        });
        `,
      ),
    },
    {
      name: 'spawn with an argument array and shell: false',
      input: await code(
        'server.js',
        `
        const { spawn } = require('child_process');
        function run(file) { return spawn('wc', ['-l', file], { shell: false }); }
        `,
      ),
    },
    {
      name: 'exec of a constant command (concatenated constants)',
      input: await code(
        'server.ts',
        `
        import { exec } from 'child_process';
        const FLAGS = '-la';
        export function list() { exec('ls ' + FLAGS); exec(\`uptime\`); }
        `,
      ),
    },
    {
      name: 'a RegExp exec is not child_process.exec',
      input: await code('server.ts', `export function m(s: string) { return /a(b)/.exec(s); }`),
    },
    {
      name: 'subprocess.run with a list and no shell',
      input: await code(
        'server.py',
        `
        import subprocess
        @mcp.tool()
        def grep(pattern: str, path: str) -> str:
            return subprocess.run(["grep", "-n", "--", pattern, path], capture_output=True).stdout
        `,
      ),
    },
    {
      name: 'shell=True with a constant command; shell quoting of input',
      input: await code(
        'server.py',
        `
        import subprocess, shlex
        def status():
            subprocess.run("systemctl status nginx", shell=True)
        def quoted(name):
            subprocess.run("ls " + shlex.quote(name), shell=True)
        `,
      ),
    },
  ],
  invalid: [
    {
      name: 'exec with a template literal from a tool argument',
      input: await code(
        'server.ts',
        `
        import { exec } from 'node:child_process';
        server.tool('ping', 'Ping a host', { host: z.string() }, async ({ host }) => {
          const cmd = \`ping -c 1 \${host}\`;
          exec(cmd);
        });
        `,
      ),
      findings: [{ severity: 'critical', location: 'server.ts:4', contains: 'tool handler' }],
    },
    {
      name: 'execSync through a require alias, with concatenation',
      input: await code(
        'server.js',
        `
        const cp = require('child_process');
        async function handle(request) {
          const args = request.params.arguments;
          return cp.execSync('convert ' + args.file + ' out.png').toString();
        }
        `,
      ),
      findings: [{ severity: 'critical', location: 'server.js:4' }],
    },
    {
      name: 'promisified exec in a helper: medium, its callers are not traced',
      input: await code(
        'server.ts',
        `
        import { exec } from 'child_process';
        import { promisify } from 'util';
        const run = promisify(exec);
        export async function build(target: string) { await run(\`make \${target}\`); }
        `,
      ),
      findings: [{ severity: 'medium', location: 'server.ts:4', contains: 'not traced' }],
    },
    {
      name: 'spawn with shell: true and input in the arguments',
      input: await code(
        'server.ts',
        `
        import { spawn } from 'child_process';
        app.get('/logs', (req, res) => {
          res.send(spawn('find', [req.query.dir, '-name', '*.log'], { shell: true }).pid);
        });
        `,
      ),
      findings: [{ severity: 'critical', contains: 'shell' }],
    },
    {
      name: 'exec of a non-constant command that is not traced to input is medium',
      input: await code(
        'server.ts',
        `
        import { exec } from 'child_process';
        const cmd = loadConfig().command;
        exec(cmd);
        `,
      ),
      findings: [{ severity: 'medium', location: 'server.ts:3' }],
    },
    {
      name: 'Python os.system, os.popen and subprocess shell=True with input',
      input: await code(
        'server.py',
        `
        import os
        import subprocess as sp
        @mcp.tool()
        def convert(path: str, fmt: str = "png") -> str:
            os.system(f"convert {path} out.{fmt}")
            out = os.popen("file " + path).read()
            sp.check_output("du -sh %s" % path, shell=True)
            return out
        `,
      ),
      findings: [
        { severity: 'critical', location: 'server.py:5' },
        { severity: 'critical', location: 'server.py:6' },
        { severity: 'critical', location: 'server.py:7' },
      ],
    },
  ],
});
