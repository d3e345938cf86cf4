// Walks every text field of an MCP snapshot with its JSON-path location. Every snapshot rule reads
// text through this walker, so a new place where text can hide is added once, here.
// The walk appends to one array rather than using generators: it runs for every rule on every
// scan, and delegated generators cost several times more per field.
import type { JsonSchema, McpSnapshot, McpTool } from '../types.js';

export type FieldKind =
  | 'name'
  | 'title'
  | 'description'
  | 'instructions'
  | 'uri'
  | 'param-name'
  | 'schema-value'
  | 'server-info'
  | 'annotation';

export interface TextField {
  /** JSON path, e.g. `tools[3].inputSchema.properties.note.description`. */
  location: string;
  text: string;
  kind: FieldKind;
  /** Index into `snapshot.tools` when the field belongs to a tool. */
  toolIndex?: number;
  /**
   * A schema's description only: set when the value it describes cannot carry text (a boolean, a
   * number, a closed enum), so the sentence describes a choice, not data the model hands over.
   */
  closedValue?: true;
}

/** Nesting deeper than this is not walked: real schemas are shallow, hostile ones may not be. */
const SCHEMA_DEPTH_MAX = 12;
/** Cap on schema nodes walked per schema, so one huge schema cannot stall a scan. */
const SCHEMA_NODES_MAX = 5000;
/** Cap on values taken from one array or object (enum, examples, serverInfo, annotations). */
const VALUES_MAX = 1000;
const VALUE_DEPTH_MAX = 3;
const SCHEMA_VALUE_KEYS = ['default', 'const', 'pattern', 'examples', 'enum'] as const;
const SUBSCHEMA_LIST_KEYS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMA_MAP_KEYS = ['properties', '$defs', 'definitions', 'patternProperties'] as const;
const SUBSCHEMA_KEYS = ['items', 'additionalProperties', 'not', 'contains'] as const;
const IDENTIFIER_RE = /^[A-Za-z_$][\w$]*$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Identifier-safe keys print as `.key`, others as `["key"]`. */
/** Whether a location (`tools[3].inputSchema.properties.q`) lies at or inside another (`tools[3]`). */
export function isWithin(location: string, prefix: string): boolean {
  return (
    location === prefix || location.startsWith(`${prefix}.`) || location.startsWith(`${prefix}[`)
  );
}

export function pathKey(key: string): string {
  return IDENTIFIER_RE.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

interface Sink {
  out: TextField[];
  toolIndex: number | undefined;
}

function push(sink: Sink, location: string, text: string, kind: FieldKind): void {
  sink.out.push(
    sink.toolIndex === undefined
      ? { location, text, kind }
      : { location, text, kind, toolIndex: sink.toolIndex },
  );
}

/** A schema whose values cannot carry text: booleans, numbers, closed enums. */
export function holdsNoText(schema: Record<string, unknown>): boolean {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return (
    schema.type !== undefined &&
    types.every((t) => t === 'boolean' || t === 'number' || t === 'integer' || t === 'null')
  );
}

function walkValues(
  sink: Sink,
  value: unknown,
  location: string,
  kind: FieldKind,
  depth = 0,
): void {
  if (typeof value === 'string') push(sink, location, value, kind);
  else if (depth >= VALUE_DEPTH_MAX) return;
  else if (Array.isArray(value)) {
    const n = Math.min(value.length, VALUES_MAX);
    for (let i = 0; i < n; i++) walkValues(sink, value[i], `${location}[${i}]`, kind, depth + 1);
  } else if (isRecord(value)) {
    let seen = 0;
    for (const key in value) {
      if (seen++ >= VALUES_MAX) break;
      walkValues(sink, value[key], `${location}${pathKey(key)}`, kind, depth + 1);
    }
  }
}

function walkSchema(
  sink: Sink,
  schema: unknown,
  location: string,
  budget: { nodes: number },
  depth = 0,
): void {
  if (!isRecord(schema) || depth > SCHEMA_DEPTH_MAX || budget.nodes-- <= 0) return;
  if (typeof schema.description === 'string') {
    push(sink, `${location}.description`, schema.description, 'description');
    if (holdsNoText(schema)) (sink.out.at(-1) as TextField).closedValue = true;
  }
  if (typeof schema.title === 'string') push(sink, `${location}.title`, schema.title, 'title');
  for (const key of SCHEMA_VALUE_KEYS) {
    if (schema[key] !== undefined)
      walkValues(sink, schema[key], `${location}.${key}`, 'schema-value');
  }
  for (const key of SUBSCHEMA_MAP_KEYS) {
    const map = schema[key];
    if (!isRecord(map)) continue;
    for (const name in map) {
      const subLocation = `${location}.${key}${pathKey(name)}`;
      if (key === 'properties') push(sink, subLocation, name, 'param-name');
      walkSchema(sink, map[name], subLocation, budget, depth + 1);
    }
  }
  for (const key of SUBSCHEMA_LIST_KEYS) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++)
      walkSchema(sink, list[i], `${location}.${key}[${i}]`, budget, depth + 1);
  }
  for (const key of SUBSCHEMA_KEYS) {
    const sub = schema[key];
    if (Array.isArray(sub)) {
      for (let i = 0; i < sub.length; i++)
        walkSchema(sink, sub[i], `${location}.${key}[${i}]`, budget, depth + 1);
    } else if (sub !== undefined) walkSchema(sink, sub, `${location}.${key}`, budget, depth + 1);
  }
}

function walkTool(out: TextField[], tool: McpTool, toolIndex: number): void {
  const sink: Sink = { out, toolIndex };
  const at = `tools[${toolIndex}]`;
  if (typeof tool.name === 'string') push(sink, `${at}.name`, tool.name, 'name');
  if (typeof tool.title === 'string') push(sink, `${at}.title`, tool.title, 'title');
  if (typeof tool.description === 'string')
    push(sink, `${at}.description`, tool.description, 'description');
  if (isRecord(tool.annotations)) {
    // Non-standard annotation keys reach some clients' prompts too; walk their string values.
    for (const key in tool.annotations) {
      const value = tool.annotations[key];
      const location = `${at}.annotations${pathKey(key)}`;
      if (key === 'title' && typeof value === 'string') push(sink, location, value, 'title');
      else walkValues(sink, value, location, 'annotation');
    }
  }
  walkSchema(sink, tool.inputSchema, `${at}.inputSchema`, { nodes: SCHEMA_NODES_MAX });
  walkSchema(sink, tool.outputSchema, `${at}.outputSchema`, { nodes: SCHEMA_NODES_MAX });
}

/** Text fields of one tool, name first. */
export function toolFields(tool: McpTool, toolIndex: number): TextField[] {
  const out: TextField[] = [];
  walkTool(out, tool, toolIndex);
  return out;
}

function walkDescribed(
  out: TextField[],
  items: readonly unknown[] | undefined,
  prefix: string,
  nameKeys: readonly string[],
): void {
  if (!Array.isArray(items)) return;
  const sink: Sink = { out, toolIndex: undefined };
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (!isRecord(item)) continue;
    const at = `${prefix}[${i}]`;
    for (const key of nameKeys) {
      const v = item[key];
      if (typeof v === 'string')
        push(sink, `${at}.${key}`, v, key.startsWith('uri') ? 'uri' : 'name');
    }
    if (typeof item.title === 'string') push(sink, `${at}.title`, item.title, 'title');
    if (typeof item.description === 'string')
      push(sink, `${at}.description`, item.description, 'description');
    if (!Array.isArray(item.arguments)) continue;
    for (let j = 0; j < item.arguments.length; j++) {
      const arg: unknown = item.arguments[j];
      if (!isRecord(arg)) continue;
      if (typeof arg.name === 'string')
        push(sink, `${at}.arguments[${j}].name`, arg.name, 'param-name');
      if (typeof arg.description === 'string')
        push(sink, `${at}.arguments[${j}].description`, arg.description, 'description');
    }
  }
}

/** Every text field of the snapshot: tools, prompts, resources, templates, instructions, serverInfo. */
export function snapshotFields(snapshot: McpSnapshot): TextField[] {
  const out: TextField[] = [];
  const tools: unknown[] = Array.isArray(snapshot.tools) ? snapshot.tools : [];
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i];
    if (isRecord(tool)) walkTool(out, tool as McpTool, i);
  }
  walkDescribed(out, snapshot.prompts, 'prompts', ['name']);
  walkDescribed(out, snapshot.resources, 'resources', ['name', 'uri']);
  walkDescribed(out, snapshot.resourceTemplates, 'resourceTemplates', ['name', 'uriTemplate']);
  const sink: Sink = { out, toolIndex: undefined };
  if (typeof snapshot.instructions === 'string')
    push(sink, 'instructions', snapshot.instructions, 'instructions');
  if (isRecord(snapshot.serverInfo))
    walkValues(sink, snapshot.serverInfo, 'serverInfo', 'server-info');
  return out;
}

/** The tool's input-schema properties (top level), for rules reasoning about parameters. */
export function toolParameters(tool: McpTool): { name: string; schema: JsonSchema }[] {
  const props = isRecord(tool.inputSchema) ? tool.inputSchema.properties : undefined;
  if (!isRecord(props)) return [];
  return Object.entries(props).map(([name, schema]) => ({
    name,
    schema: isRecord(schema) ? schema : {},
  }));
}
