// Which source files are code, and in which language.
import type { CodeLanguage } from '../types.js';

const EXTENSION_LANGUAGES: Readonly<Record<string, CodeLanguage>> = {
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.ts': 'typescript',
  '.tsx': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.py': 'python',
};

export function languageOf(path: string): CodeLanguage | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  // Type declarations hold no behaviour to analyse.
  if (/\.d\.[cm]?ts$/.test(name)) return undefined;
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return EXTENSION_LANGUAGES[name.slice(dot)];
}
