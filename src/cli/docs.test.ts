// docs/cli.md documents every subcommand and every option the commander definitions declare.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Command } from 'commander';
import { buildProgram } from './index.js';

const doc = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');

function commands(program: Command, prefix = ''): { name: string; command: Command }[] {
  return program.commands.flatMap((c) => {
    const name = `${prefix}${c.name()}`;
    return [{ name, command: c }, ...commands(c, `${name} `)];
  });
}

describe('docs/cli.md', () => {
  const program = buildProgram({
    stdout: () => undefined,
    stderr: () => undefined,
    env: {},
    cwd: '.',
    exitCode: 0,
  });
  const all = commands(program);

  it('covers the subcommands the brief names, and every one defined', () => {
    const names = all.map((c) => c.name);
    for (const expected of ['scan', 'submit', 'serve', 'worker', 'migrate', 'accounts', 'keys']) {
      assert.ok(names.includes(expected), `${expected} is defined`);
    }
    for (const { name } of all) {
      assert.ok(doc.includes(`palisade ${name}`), `docs/cli.md shows "palisade ${name}"`);
    }
  });

  it('documents every option of every subcommand', () => {
    for (const { name, command } of all) {
      for (const option of command.options) {
        const flag = option.long ?? option.short ?? '';
        const inCode = new RegExp(`\`[^\`\\n]*${flag.replace(/[-]/g, '\\-')}\\b`);
        assert.match(doc, inCode, `palisade ${name}: ${flag} is documented`);
        for (const choice of option.argChoices ?? []) {
          assert.ok(doc.includes(choice), `palisade ${name} ${flag}: choice ${choice}`);
        }
      }
    }
  });
});
