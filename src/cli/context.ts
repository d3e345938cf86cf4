// What every subcommand is given, in a module of its own: the subcommands import it, and the
// command list (index.ts) imports the subcommands, so neither imports the other for a type.

/** Where a subcommand writes and what it reads, injectable so tests need no child process. */
export interface CliContext {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Set by the subcommand that ran; `run` returns it. */
  exitCode: number;
}
