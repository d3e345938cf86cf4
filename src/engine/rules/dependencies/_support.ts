// Helpers shared by the dependency rules.
import type { Dependency, DependencyInput } from '../../inputs/types.js';

/** `package.json:12 dependencies › mcp-remote`: where a dependency is declared. */
export function dependencyLocation(input: DependencyInput, dep: Dependency): string {
  const line = dep.line ?? lineOfName(input.text, dep.name);
  const path = dep.path.join(' › ');
  return line !== undefined ? `${input.path}:${line} ${path}` : `${input.path} ${path}`;
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
