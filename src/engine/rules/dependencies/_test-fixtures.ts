// Builds DependencyInputs for rule tests through the real parsers.
import { parseDependencyFile } from '../../inputs/deps/index.js';
import type { DependencyFileKind } from '../../inputs/classify.js';
import type { DependencyInput } from '../../inputs/types.js';

export function packageJson(doc: Record<string, unknown>, path = 'package.json'): DependencyInput {
  return parseDependencyFile(
    'package.json',
    path,
    JSON.stringify({ name: 'my-server', ...doc }, null, 2),
  );
}

export function requirements(text: string, path = 'requirements.txt'): DependencyInput {
  return parseDependencyFile('requirements.txt', path, text);
}

export function depsFile(
  kind: DependencyFileKind,
  text: string,
  path: string = kind,
): DependencyInput {
  return parseDependencyFile(kind, path, text);
}
