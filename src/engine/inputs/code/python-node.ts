// Helpers over tree-sitter Python nodes: string literals (with f-string interpolations), static
// values for tool metadata, and docstrings.
import type { PyNode } from './python-tree.js';

export const NOT_STATIC = Symbol('not static');

export interface PythonString {
  /** The literal text with escapes decoded; interpolations appear as `{…}`. */
  value: string;
  interpolations: PyNode[];
  /** Literal text and interpolated expressions, in order. */
  pieces: (string | PyNode)[];
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '0': '\0',
};

export function pythonString(node: PyNode): PythonString {
  let value = '';
  const interpolations: PyNode[] = [];
  const pieces: (string | PyNode)[] = [];
  let literal = '';
  for (const child of node.children) {
    if (!child) continue;
    switch (child.type) {
      case 'string_content':
        literal += child.text;
        break;
      case 'escape_sequence':
        literal += SIMPLE_ESCAPES[child.text.slice(1)] ?? child.text;
        break;
      case 'interpolation': {
        const expression = child.childForFieldName('expression');
        value += `${literal}{…}`;
        if (literal) pieces.push(literal);
        literal = '';
        if (expression) {
          interpolations.push(expression);
          pieces.push(expression);
        }
        break;
      }
    }
  }
  value += literal;
  if (literal) pieces.push(literal);
  return { value, interpolations, pieces };
}

/** The Python value of a literal expression as JSON, or NOT_STATIC. */
export function pythonStatic(node: PyNode | null | undefined): unknown {
  if (!node) return NOT_STATIC;
  switch (node.type) {
    case 'string': {
      const parsed = pythonString(node);
      return parsed.interpolations.length > 0 ? NOT_STATIC : parsed.value;
    }
    case 'concatenated_string': {
      const parts = node.namedChildren.map(pythonStatic);
      return parts.every((p) => typeof p === 'string') ? parts.join('') : NOT_STATIC;
    }
    case 'integer':
    case 'float':
      return Number(node.text.replace(/_/g, ''));
    case 'true':
      return true;
    case 'false':
      return false;
    case 'none':
      return null;
    case 'unary_operator': {
      const operand = pythonStatic(node.childForFieldName('argument'));
      return node.text.startsWith('-') && typeof operand === 'number' ? -operand : NOT_STATIC;
    }
    case 'parenthesized_expression':
      return pythonStatic(node.namedChildren[0]);
    case 'list':
    case 'tuple': {
      const items = node.namedChildren.map(pythonStatic);
      return items.includes(NOT_STATIC) ? NOT_STATIC : items;
    }
    case 'dictionary': {
      const out: Record<string, unknown> = {};
      for (const pair of node.namedChildren) {
        if (pair?.type !== 'pair') continue;
        const key = pythonStatic(pair.childForFieldName('key'));
        const value = pythonStatic(pair.childForFieldName('value'));
        if (typeof key === 'string' && value !== NOT_STATIC) out[key] = value;
      }
      return out;
    }
    default:
      return NOT_STATIC;
  }
}

export function pythonStaticString(node: PyNode | null | undefined): string | undefined {
  const value = pythonStatic(node);
  return typeof value === 'string' ? value : undefined;
}

/** The function's docstring, dedented like `inspect.cleandoc`. */
export function docstringOf(definition: PyNode): string | undefined {
  const body = definition.childForFieldName('body');
  const first = body?.namedChildren[0];
  if (first?.type !== 'expression_statement') return undefined;
  const raw = pythonStaticString(first.namedChildren[0]);
  return raw === undefined ? undefined : cleandoc(raw);
}

function cleandoc(text: string): string {
  const lines = text.replace(/\t/g, '    ').split('\n');
  const rest = lines.slice(1).filter((l) => l.trim() !== '');
  const indent = rest.length ? Math.min(...rest.map((l) => l.length - l.trimStart().length)) : 0;
  const out = [lines[0]!.trim(), ...lines.slice(1).map((l) => l.slice(indent).trimEnd())];
  return out.join('\n').trim();
}

/** Keyword arguments of a call node, by name. */
export function keywordArguments(call: PyNode): Map<string, PyNode> {
  const out = new Map<string, PyNode>();
  for (const arg of call.childForFieldName('arguments')?.namedChildren ?? []) {
    if (arg?.type !== 'keyword_argument') continue;
    const name = arg.childForFieldName('name')?.text;
    const value = arg.childForFieldName('value');
    if (name && value) out.set(name, value);
  }
  return out;
}
