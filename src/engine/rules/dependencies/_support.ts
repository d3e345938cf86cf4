// Helpers shared by the dependency rules.
import type { Dependency, DependencyInput } from '../../inputs/types.js';

/** `package.json:12 dependencies › mcp-remote`: where a dependency is declared. */
export function dependencyLocation(input: DependencyInput, dep: Dependency): string {
  const line = dep.line ?? lineOfName(input.text, dep.name);
  const path = dep.path.join(' › ');
  return line !== undefined ? `${input.path}:${line} ${path}` : `${input.path} ${path}`;
}

/** Where a dependency is declared, for evidence: the location, and the line and column of its
 *  name (the line a parser recorded, else the first line mentioning it). */
export function dependencyPlace(
  input: DependencyInput,
  dep: Dependency,
): { location: string; line?: number; column?: number } {
  const location = dependencyLocation(input, dep);
  const text = input.text;
  let index = -1;
  if (dep.line !== undefined) {
    let start = 0;
    for (let n = 1; n < dep.line && start !== -1; n++) {
      start = text.indexOf('\n', start);
      if (start !== -1) start++;
    }
    if (start !== -1) {
      const end = text.indexOf('\n', start);
      const at = text.slice(start, end === -1 ? undefined : end).indexOf(dep.name);
      if (at !== -1) index = start + at;
      else return { location, line: dep.line };
    }
  } else index = text.indexOf(dep.name);
  if (index === -1) return { location };
  // A quoted key (`"mcp-remote": …`) starts at its quote, as config keys do.
  if (index > 0 && (text[index - 1] === '"' || text[index - 1] === "'")) index--;
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return { location, line, column: index - lineStart + 1 };
}

/** The first line mentioning the name: lockfiles carry no line per entry, findings still want one. */
function lineOfName(text: string, name: string): number | undefined {
  const index = text.indexOf(`${name}`);
  if (index === -1) return undefined;
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

export function describeDeclared(dep: Dependency): string {
  if (dep.version) return `${dep.name}@${dep.version}`;
  return dep.range ? `${dep.name} ${dep.range}` : dep.name;
}
