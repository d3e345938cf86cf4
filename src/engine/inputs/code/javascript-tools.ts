// MCP tool definitions in JS/TS source, turned into the shape tools/list would return so the
// snapshot rules can judge them before the server ever runs:
//   server.tool(name, description?, zodShape?, annotations?, handler)
//   server.registerTool(name, { title, description, inputSchema, annotations }, handler)
//   { name, description, inputSchema } object literals (ListTools handlers, tool arrays)
import type { JsonSchema, McpTool, McpToolAnnotations } from '../../types.js';
import { jsChild, jsChildren, type JsNode } from './javascript-node.js';

const NOT_STATIC = Symbol('not static');
type Static = unknown;

/** The JSON value of a literal expression, or NOT_STATIC. Object entries that are not static are
 *  left out rather than failing the whole object: a schema with one computed field is still useful. */
function staticValue(node: JsNode | undefined): Static | typeof NOT_STATIC {
  if (!node) return NOT_STATIC;
  switch (node.type) {
    case 'Literal':
      return node.value instanceof RegExp ? NOT_STATIC : node.value;
    case 'TemplateLiteral':
      if (jsChildren(node, 'expressions').length > 0) return NOT_STATIC;
      return jsChildren(node, 'quasis')
        .map((q) => (q.value as { cooked?: string } | undefined)?.cooked ?? '')
        .join('');
    case 'BinaryExpression': {
      if (node.operator !== '+') return NOT_STATIC;
      const left = staticValue(jsChild(node, 'left'));
      const right = staticValue(jsChild(node, 'right'));
      return typeof left === 'string' && typeof right === 'string' ? left + right : NOT_STATIC;
    }
    case 'UnaryExpression': {
      const argument = staticValue(jsChild(node, 'argument'));
      return node.operator === '-' && typeof argument === 'number' ? -argument : NOT_STATIC;
    }
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'ParenthesizedExpression':
      return staticValue(jsChild(node, 'expression'));
    case 'ArrayExpression': {
      const items = jsChildren(node, 'elements').map(staticValue);
      return items.includes(NOT_STATIC) ? NOT_STATIC : items;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const property of jsChildren(node, 'properties')) {
        const key = propertyKey(property);
        if (key === undefined) continue;
        const value = staticValue(jsChild(property, 'value'));
        if (value !== NOT_STATIC) out[key] = value;
      }
      return out;
    }
    default:
      return NOT_STATIC;
  }
}

function staticString(node: JsNode | undefined): string | undefined {
  const value = staticValue(node);
  return typeof value === 'string' ? value : undefined;
}

function propertyKey(property: JsNode): string | undefined {
  if (property.type !== 'Property' || property.computed === true) return undefined;
  const key = jsChild(property, 'key');
  if (key?.type === 'Identifier') return key.name as string;
  if (typeof key?.value === 'string' || typeof key?.value === 'number') return String(key.value);
  return undefined;
}

function objectProperties(node: JsNode): Map<string, JsNode> {
  const out = new Map<string, JsNode>();
  for (const property of jsChildren(node, 'properties')) {
    const key = propertyKey(property);
    const value = jsChild(property, 'value');
    if (key !== undefined && value) out.set(key, value);
  }
  return out;
}

// --- zod ---------------------------------------------------------------------------------------

interface ZodField {
  schema: JsonSchema;
  isOptional: boolean;
}

/** zod's simple types and their JSON Schema `type` ('' for any). */
const ZOD_BASE_TYPES = new Map<string, string>([
  ['string', 'string'],
  ['number', 'number'],
  ['int', 'integer'],
  ['bigint', 'integer'],
  ['boolean', 'boolean'],
  ['date', 'string'],
  ['any', ''],
  ['unknown', ''],
  ['null', 'null'],
  ['record', 'object'],
  ['map', 'object'],
]);

const ZOD_FORMATS = new Map([
  ['url', 'uri'],
  ['email', 'email'],
  ['uuid', 'uuid'],
  ['datetime', 'date-time'],
]);

/** `z.string().url().describe('…').optional()` → a JSON Schema property, or undefined. */
function zodField(node: JsNode | undefined): ZodField | undefined {
  let current = node;
  const modifiers: { name: string; args: JsNode[] }[] = [];
  while (current?.type === 'CallExpression') {
    const callee = jsChild(current, 'callee');
    if (callee?.type !== 'MemberExpression') return undefined;
    const property = jsChild(callee, 'property');
    const name = property?.type === 'Identifier' ? (property.name as string) : undefined;
    if (!name) return undefined;
    const object = jsChild(callee, 'object');
    if (object?.type === 'Identifier') {
      const base = zodBase(name, jsChildren(current, 'arguments'));
      if (!base) return undefined;
      return applyModifiers(base, modifiers);
    }
    modifiers.unshift({ name, args: jsChildren(current, 'arguments') });
    current = object;
  }
  return undefined;
}

function zodBase(name: string, args: JsNode[]): JsonSchema | undefined {
  const simple = ZOD_BASE_TYPES.get(name);
  if (simple !== undefined) {
    // An object literal, not a spread copy: the modifiers' properties then stay fast ones.
    const schema: JsonSchema = simple ? { type: simple } : {};
    if (name === 'date') schema.format = 'date-time';
    return schema;
  }
  switch (name) {
    case 'array': {
      const items = zodField(args[0]);
      return { type: 'array', items: items?.schema ?? {} };
    }
    case 'object':
      return args[0]?.type === 'ObjectExpression' ? shapeToSchema(args[0]) : { type: 'object' };
    case 'enum': {
      const values = staticValue(args[0]);
      return Array.isArray(values) ? { type: 'string', enum: values } : { type: 'string' };
    }
    case 'literal': {
      const value = staticValue(args[0]);
      return value === NOT_STATIC ? {} : { const: value };
    }
    case 'union': {
      const options = args[0]?.type === 'ArrayExpression' ? jsChildren(args[0], 'elements') : [];
      return { anyOf: options.map((o) => zodField(o)?.schema ?? {}) };
    }
    default:
      return undefined;
  }
}

function applyModifiers(base: JsonSchema, modifiers: { name: string; args: JsNode[] }[]) {
  const schema = base;
  let isOptional = false;
  for (const { name, args } of modifiers) {
    if (name === 'describe') {
      const description = staticString(args[0]);
      if (description !== undefined) schema.description = description;
    } else if (name === 'optional' || name === 'nullish') isOptional = true;
    else if (name === 'default') {
      isOptional = true;
      const value = staticValue(args[0]);
      if (value !== NOT_STATIC) schema.default = value;
    } else if (ZOD_FORMATS.has(name)) schema.format = ZOD_FORMATS.get(name);
    else if (name === 'max' && schema.type === 'string') {
      const value = staticValue(args[0]);
      if (typeof value === 'number') schema.maxLength = value;
    }
  }
  return { schema, isOptional };
}

/** A zod raw shape (`{ path: z.string() }`) as a JSON Schema object. */
function shapeToSchema(node: JsNode): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, value] of objectProperties(node)) {
    const field = zodField(value);
    properties[key] = field?.schema ?? {};
    if (!field?.isOptional) required.push(key);
  }
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return schema;
}

function isZodShape(node: JsNode): boolean {
  const values = [...objectProperties(node).values()];
  return values.length > 0 && values.some((v) => zodField(v) !== undefined);
}

/** An `inputSchema` value: a zod shape, `z.object(…)`, or a JSON Schema literal. */
function inputSchemaOf(node: JsNode | undefined): JsonSchema {
  if (!node) return { type: 'object', properties: {} };
  if (node.type === 'ObjectExpression') {
    if (isZodShape(node)) return shapeToSchema(node);
    const value = staticValue(node);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as JsonSchema;
  }
  const zod = zodField(node);
  if (zod) return zod.schema;
  return { type: 'object' };
}

function annotationsOf(node: JsNode | undefined): McpToolAnnotations | undefined {
  const value = staticValue(node);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as McpToolAnnotations)
    : undefined;
}

function isFunctionNode(node: JsNode | undefined): boolean {
  return node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';
}

// --- the three forms ---------------------------------------------------------------------------

export function toolFromToolCall(call: JsNode): McpTool | undefined {
  const args = jsChildren(call, 'arguments');
  const name = staticString(args[0]);
  const last = args[args.length - 1];
  if (
    name === undefined ||
    args.length < 2 ||
    !(isFunctionNode(last) || last?.type === 'Identifier')
  ) {
    return undefined;
  }
  const middle = args.slice(1, -1);
  const tool: McpTool = { name };
  const description = staticString(middle[0]);
  if (description !== undefined) {
    tool.description = description;
    middle.shift();
  }
  const [first, second] = middle;
  if (first?.type === 'ObjectExpression' && !isZodShape(first) && !second) {
    // server.tool(name, annotations, handler) is not an SDK form; an empty object is a shape.
    const annotations = annotationsOf(first);
    const looksLikeAnnotations =
      annotations && Object.keys(annotations).some((k) => k.endsWith('Hint'));
    if (looksLikeAnnotations) tool.annotations = annotations;
    else tool.inputSchema = inputSchemaOf(first);
  } else if (first) tool.inputSchema = inputSchemaOf(first);
  tool.inputSchema ??= { type: 'object', properties: {} };
  const annotations = annotationsOf(second);
  if (annotations) tool.annotations = annotations;
  return tool;
}

export function toolFromRegisterTool(call: JsNode): McpTool | undefined {
  const args = jsChildren(call, 'arguments');
  const name = staticString(args[0]);
  const config = args[1];
  if (name === undefined || config?.type !== 'ObjectExpression') return undefined;
  const props = objectProperties(config);
  const tool: McpTool = { name, inputSchema: inputSchemaOf(props.get('inputSchema')) };
  const title = staticString(props.get('title'));
  const description = staticString(props.get('description'));
  const annotations = annotationsOf(props.get('annotations'));
  if (title !== undefined) tool.title = title;
  if (description !== undefined) tool.description = description;
  if (annotations) tool.annotations = annotations;
  if (props.has('outputSchema')) tool.outputSchema = inputSchemaOf(props.get('outputSchema'));
  return tool;
}

/** `{ name: 'x', description: '…', inputSchema: {…} }`: the shape a ListTools handler returns. */
export function toolFromObjectLiteral(node: JsNode): McpTool | undefined {
  const props = objectProperties(node);
  if (!props.has('inputSchema')) return undefined;
  const name = staticString(props.get('name'));
  if (name === undefined) return undefined;
  const tool: McpTool = { name, inputSchema: inputSchemaOf(props.get('inputSchema')) };
  const title = staticString(props.get('title'));
  const description = staticString(props.get('description'));
  const annotations = annotationsOf(props.get('annotations'));
  if (title !== undefined) tool.title = title;
  if (description !== undefined) tool.description = description;
  if (annotations) tool.annotations = annotations;
  return tool;
}
