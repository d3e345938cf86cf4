// Dependency files, by name, to DependencyInput.

import type { DependencyFileKind } from '../classify.js';
import type { ParsedDocument } from '../documents.js';
import type { DependencyInput } from '../types.js';
import { parsePackageJson, parsePackageLock, parsePnpmLock, parseYarnLock } from './npm.js';
import {
  parsePipfile,
  parsePipfileLock,
  parsePyproject,
  parseRequirementsTxt,
  parseTomlLock,
} from './python.js';

/**
 * Parses a dependency file. `parsed` is the already-parsed document when the caller has one (JSON,
 * YAML, TOML). Throws DocumentError for malformed files.
 */
export function parseDependencyFile(
  kind: DependencyFileKind,
  path: string,
  text: string,
  parsed?: ParsedDocument,
): DependencyInput {
  switch (kind) {
    case 'package.json':
      return parsePackageJson(path, text, parsed);
    case 'package-lock.json':
      return parsePackageLock(path, text, parsed);
    case 'yarn.lock':
      return parseYarnLock(path, text);
    case 'pnpm-lock.yaml':
      return parsePnpmLock(path, text, parsed);
    case 'requirements.txt':
      return parseRequirementsTxt(path, text);
    case 'pyproject.toml':
      return parsePyproject(path, text, parsed);
    case 'poetry.lock':
    case 'uv.lock':
      return parseTomlLock(path, text, parsed);
    case 'Pipfile':
      return parsePipfile(path, text, parsed);
    case 'Pipfile.lock':
      return parsePipfileLock(path, text, parsed);
  }
}
