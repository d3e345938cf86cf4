// The `palisade` command. Each subcommand lives in its own file and registers itself here through
// COMMANDS, so adding one is one import and one list entry. `run(argv)` is the library entry (tests
// call it); the process entry at the bottom only sets process.exitCode, never calls process.exit.

import { realpathSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { registerAccountsCommand } from './accounts.js';
import { registerKeysCommand } from './keys.js';
import { registerMigrateCommand } from './migrate.js';
import { registerScanCommand } from './scan.js';
import { registerServeCommand } from './serve.js';
import type { CliContext } from './context.js';
import { registerSubmitCommand } from './submit.js';
import { registerWorkerCommand } from './worker.js';

export type { CliContext } from './context.js';

export type RegisterCommand = (program: Command, ctx: CliContext) => void;

const COMMANDS: readonly RegisterCommand[] = [
  registerScanCommand,
  registerServeCommand,
  registerWorkerCommand,
  registerMigrateCommand,
  registerAccountsCommand,
  registerKeysCommand,
  registerSubmitCommand,
];

/** Usage errors (unknown option, missing argument) share the "could not run" exit code. */
const EXIT_USAGE = 2;

export function buildProgram(ctx: CliContext): Command {
  const program = new Command('palisade')
    .description('Security scanner for MCP servers, configs, dependencies and code.')
    .version('0.1.0')
    .showHelpAfterError()
    // Set before the subcommands are added, which inherit both.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.stdout(text),
      writeErr: (text) => ctx.stderr(text),
    });
  for (const register of COMMANDS) register(program, ctx);
  return program;
}

export function defaultContext(): CliContext {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    exitCode: 0,
  };
}

/** Parses `argv` (without node and script) and runs the command; resolves to the exit code. */
export async function run(
  argv: readonly string[],
  ctx: CliContext = defaultContext(),
): Promise<number> {
  const program = buildProgram(ctx);
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
    throw error;
  }
  return ctx.exitCode;
}

/** True when this module is the process entry: run directly, or through bin/palisade.js. */
function isProcessEntry(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    const real = realpathSync(entry);
    return real === fileURLToPath(import.meta.url) || real.endsWith(`${sep}bin${sep}palisade.js`);
  } catch {
    return false;
  }
}

if (isProcessEntry()) {
  run(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`palisade: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = EXIT_USAGE;
    },
  );
}
