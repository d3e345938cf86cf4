// MCP tool definitions in Python source, as tools/list would show them:
//   @mcp.tool() / @server.tool(name=…, description=…, annotations=…) def f(a: str, b: int = 3)
//     (docstring → description; signature → inputSchema, with Field(description=…) and Annotated)
//   Tool(name=…, description=…, inputSchema={…})   (low-level server)
import type { PyNode } from './python-tree.js';
import type { JsonSchema, McpTool, McpToolAnnotations } from '../../types.js';
import {
  docstringOf,
  keywordArguments,
  NOT_STATIC,
  pythonStatic,
  pythonStaticString,
} from './python-node.js';

/** Python type names and their JSON Schema `type` ('' for any). */
const SIMPLE_TYPES = new Map<string, string>([
  ['str', 'string'],
  ['int', 'integer'],
  ['float', 'number'],
  ['bool', 'boolean'],
  ['list', 'array'],
  ['List', 'array'],
  ['Sequence', 'array'],
  ['tuple', 'array'],
  ['set', 'array'],
  ['dict', 'object'],
  ['Dict', 'object'],
  ['Mapping', 'object'],
  ['Any', ''],
]);

/** A fresh schema for a type name. Built as an object literal, not a spread copy, so that the
 *  description and default set on it later stay fast properties (spread copies made each such
 *  assignment a dictionary write: the slowest line of the Python walk). */
function simpleSchema(name: string): JsonSchema {
  const type = SIMPLE_TYPES.get(name);
  return type ? { type } : {};
}

/** Parameters filled in by the framework rather than by the model. */
const FRAMEWORK_PARAMS = new Set(['self', 'cls', 'ctx', 'context']);

/** A type annotation's text as a JSON Schema (best effort: enough for the snapshot rules). */
function schemaOfType(annotation: string): JsonSchema {
  const text = annotation.trim();
  const union = splitTopLevel(text, '|').filter((t) => t !== 'None');
  if (union.length > 1) return { anyOf: union.map(schemaOfType) };
  if (union.length === 1 && union[0] !== text) return schemaOfType(union[0]!);
  const generic = /^([\w.]+)\s*\[(.*)\]$/s.exec(text);
  if (!generic) return simpleSchema(text.replace(/^typing\./, ''));
  const base = generic[1]!.replace(/^typing\./, '');
  const args = splitTopLevel(generic[2]!, ',');
  switch (base) {
    case 'Optional':
    case 'Annotated':
      return schemaOfType(args[0] ?? '');
    case 'Literal': {
      const values = args.map((a) => a.replace(/^['"]|['"]$/g, ''));
      return { type: 'string', enum: values };
    }
    case 'list':
    case 'List':
    case 'Sequence':
    case 'set':
      return { type: 'array', items: schemaOfType(args[0] ?? '') };
    case 'Union':
      return { anyOf: args.filter((a) => a !== 'None').map(schemaOfType) };
    default:
      return simpleSchema(base);
  }
}

function splitTopLevel(text: string, separator: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === separator && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out.filter((t) => t !== '');
}

interface FieldInfo {
  description?: string;
  hasDefault: boolean;
  defaultValue?: unknown;
}

/** `Field(…)` (pydantic) anywhere in the parameter: its description and whether it has a default. */
function fieldInfo(parameter: PyNode): FieldInfo | undefined {
  // Searching descendants walks the whole parameter: only do it when the text can hold a Field.
  if (!parameter.text.includes('Field')) return undefined;
  const call = parameter
    .descendantsOfType('call')
    .find((c) => /(?:^|\.)Field$/.test(c?.childForFieldName('function')?.text ?? ''));
  if (!call) return undefined;
  const kwargs = keywordArguments(call);
  const positional = call
    .childForFieldName('arguments')
    ?.namedChildren.find((a) => a?.type !== 'keyword_argument');
  const defaultNode = kwargs.get('default') ?? positional ?? undefined;
  const info: FieldInfo = {
    hasDefault: defaultNode !== undefined || kwargs.has('default_factory'),
  };
  const description = pythonStaticString(kwargs.get('description'));
  if (description !== undefined) info.description = description;
  // `Field(...)` (Ellipsis) marks a required field.
  if (defaultNode?.type === 'ellipsis') info.hasDefault = false;
  const value = pythonStatic(defaultNode);
  if (info.hasDefault && value !== NOT_STATIC) info.defaultValue = value;
  return info;
}

function signatureSchema(definition: PyNode): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const parameter of definition.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!parameter) continue;
    const kind = parameter.type;
    if (kind !== 'identifier' && !kind.endsWith('_parameter')) continue;
    const nameNode =
      kind === 'identifier'
        ? parameter
        : (parameter.childForFieldName('name') ??
          parameter.namedChildren.find((c) => c?.type === 'identifier'));
    const name = nameNode?.text;
    const type = parameter.childForFieldName('type')?.text ?? '';
    if (!name || FRAMEWORK_PARAMS.has(name) || /\bContext\b/.test(type)) continue;
    const schema = schemaOfType(type);
    const field = fieldInfo(parameter);
    if (field?.description !== undefined) schema.description = field.description;
    const valueNode = parameter.childForFieldName('value');
    const isFieldDefault = valueNode?.type === 'call' && field !== undefined;
    const hasDefault = isFieldDefault ? field.hasDefault : valueNode !== null;
    if (hasDefault) {
      const value = isFieldDefault ? field.defaultValue : pythonStatic(valueNode);
      if (value !== NOT_STATIC && value !== undefined) schema.default = value;
    } else required.push(name);
    properties[name] = schema;
  }
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return schema;
}

function annotationsOf(node: PyNode | undefined): McpToolAnnotations | undefined {
  if (!node) return undefined;
  if (node.type === 'call') {
    // ToolAnnotations(readOnlyHint=True, …)
    const out: McpToolAnnotations = {};
    for (const [key, value] of keywordArguments(node)) {
      const v = pythonStatic(value);
      if (v !== NOT_STATIC) out[key] = v;
    }
    return out;
  }
  const value = pythonStatic(node);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as McpToolAnnotations)
    : undefined;
}

export function toolFromDecoratedFunction(
  decorators: PyNode[],
  definition: PyNode,
): McpTool | undefined {
  const functionName = definition.childForFieldName('name')?.text;
  if (!functionName) return undefined;
  const decoratorCall = decorators
    .map((d) => d.namedChildren[0])
    .find((e) => e?.type === 'call' && /\.tool$/.test(e.childForFieldName('function')?.text ?? ''));
  const kwargs = decoratorCall ? keywordArguments(decoratorCall) : new Map<string, PyNode>();
  const positionalName = decoratorCall
    ?.childForFieldName('arguments')
    ?.namedChildren.find((a) => a?.type === 'string');
  const tool: McpTool = {
    name:
      pythonStaticString(kwargs.get('name')) ?? pythonStaticString(positionalName) ?? functionName,
    inputSchema: signatureSchema(definition),
  };
  const title = pythonStaticString(kwargs.get('title'));
  const description = pythonStaticString(kwargs.get('description')) ?? docstringOf(definition);
  const annotations = annotationsOf(kwargs.get('annotations'));
  if (title !== undefined) tool.title = title;
  if (description !== undefined) tool.description = description;
  if (annotations) tool.annotations = annotations;
  return tool;
}

/** `Tool(name='x', description='…', inputSchema={…})` from the low-level SDK. */
export function toolFromToolConstructor(call: PyNode): McpTool | undefined {
  const kwargs = keywordArguments(call);
  const name = pythonStaticString(kwargs.get('name'));
  if (name === undefined || !kwargs.has('inputSchema')) return undefined;
  const schema = pythonStatic(kwargs.get('inputSchema'));
  const tool: McpTool = {
    name,
    inputSchema:
      schema && typeof schema === 'object' && !Array.isArray(schema)
        ? (schema as JsonSchema)
        : { type: 'object' },
  };
  const title = pythonStaticString(kwargs.get('title'));
  const description = pythonStaticString(kwargs.get('description'));
  const annotations = annotationsOf(kwargs.get('annotations'));
  if (title !== undefined) tool.title = title;
  if (description !== undefined) tool.description = description;
  if (annotations) tool.annotations = annotations;
  return tool;
}
