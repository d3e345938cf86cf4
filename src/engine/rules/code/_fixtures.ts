// Test support for the code rules: source text in, parsed CodeInput out.
import { parseCodeFile } from '../../analyse-code/index.js';
import type { CodeInput } from '../../inputs/types.js';

/** Parses a fixture; leading indentation common to all lines is removed so cases read naturally. */
export async function code(path: string, source: string): Promise<CodeInput> {
  const parsed = await parseCodeFile(path, dedent(source));
  if (!parsed) throw new Error(`${path} is not a code file`);
  if (parsed.errors?.length)
    throw new Error(`${path}: fixture does not parse: ${parsed.errors.join('; ')}`);
  return parsed;
}

function dedent(source: string): string {
  const lines = source.replace(/^\n/, '').split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length);
  const indent = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(indent)).join('\n');
}
