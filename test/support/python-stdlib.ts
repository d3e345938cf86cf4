// The Python standard library on this machine: real Python that nobody wrote for Palisade, for
// holding python-parse.ts to tree-sitter's trees (its test samples it; bench/python-parse.ts
// reads all of it).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The standard library's directory, as python3 reports it, or undefined without python3. */
export function pythonStdlib(): string | undefined {
  try {
    const path = execFileSync(
      'python3',
      ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    ).trim();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Every .py file under `dir`, in a stable order; installed third-party packages left out. */
export function pythonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name === 'site-packages' || name === '__pycache__') continue;
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) out.push(...pythonFiles(path));
    else if (stat?.isFile() && name.endsWith('.py')) out.push(path);
  }
  return out;
}
