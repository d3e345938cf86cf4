// Walks every text field of an MCP snapshot with its JSON-path location. Every snapshot rule reads
// text through this walker, so a new place where text can hide is added once, here.
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
}

/** Nesting deeper than this is not walked: real schemas are shallow, hostile ones may not be. */
const SCHEMA_DEPTH_MAX = 12;
/** Cap on schema nodes walked per schema, so one huge schema cannot stall a scan. */
const SCHEMA_NODES_MAX = 5000;
const SCHEMA_TEXT_KEYS = ['description', 'title'] as const;
const SCHEMA_VALUE_KEYS = ['default', 'const', 'pattern', 'examples', 'enum'] as const;
const SUBSCHEMA_LIST_KEYS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMA_MAP_KEYS = ['properties', '$defs', 'definitions', 'patternProperties'] as const;
const SUBSCHEMA_KEYS = ['items', 'additionalProperties', 'not', 'contains'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Identifier-safe keys print as `.key`, others as `["key"]`. */
export function pathKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

function* valueTexts(value: unknown, location: string, depth = 0): Generator<[string, string]> {
  if (typeof value === 'string') yield [location, value];
  else if (depth < 3 && Array.isArray(value)) {
    for (let i = 0; i < value.length && i < 1000; i++)
      yield* valueTexts(value[i], `${location}[${i}]`, depth + 1);
  } else if (depth < 3 && isRecord(value)) {
    for (const [k, v] of Object.entries(value))
      yield* valueTexts(v, `${location}${pathKey(k)}`, depth + 1);
  }
}

function* schemaFields(
  schema: unknown,
  location: string,
  toolIndex: number | undefined,
  budget: { nodes: number },
  depth = 0,
): Generator<TextField> {
  if (!isRecord(schema) || depth > SCHEMA_DEPTH_MAX || budget.nodes-- <= 0) return;
  const base = toolIndex === undefined ? {} : { toolIndex };
  for (const key of SCHEMA_TEXT_KEYS) {
    const v = schema[key];
    if (typeof v === 'string')
      yield {
        ...base,
        location: `${location}.${key}`,
        text: v,
        kind: key === 'title' ? 'title' : 'description',
      };
  }
  for (const key of SCHEMA_VALUE_KEYS) {
    for (const [loc, text] of valueTexts(schema[key], `${location}.${key}`))
      yield { ...base, location: loc, text, kind: 'schema-value' };
  }
  for (const key of SUBSCHEMA_MAP_KEYS) {
    const map = schema[key];
    if (!isRecord(map)) continue;
    for (const [name, sub] of Object.entries(map)) {
      const subLocation = `${location}.${key}${pathKey(name)}`;
      if (key === 'properties')
        yield { ...base, location: subLocation, text: name, kind: 'param-name' };
      yield* schemaFields(sub, subLocation, toolIndex, budget, depth + 1);
    }
  }
  for (const key of SUBSCHEMA_LIST_KEYS) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++)
      yield* schemaFields(list[i], `${location}.${key}[${i}]`, toolIndex, budget, depth + 1);
  }
  for (const key of SUBSCHEMA_KEYS) {
    const sub = schema[key];
    if (Array.isArray(sub)) {
      for (let i = 0; i < sub.length; i++)
        yield* schemaFields(sub[i], `${location}.${key}[${i}]`, toolIndex, budget, depth + 1);
    } else yield* schemaFields(sub, `${location}.${key}`, toolIndex, budget, depth + 1);
  }
}

/** Text fields of one tool, name first. */
export function* toolFields(tool: McpTool, toolIndex: number): Generator<TextField> {
  const at = `tools[${toolIndex}]`;
  if (typeof tool.name === 'string')
    yield { location: `${at}.name`, text: tool.name, kind: 'name', toolIndex };
  if (typeof tool.title === 'string')
    yield { location: `${at}.title`, text: tool.title, kind: 'title', toolIndex };
  if (typeof tool.description === 'string')
    yield { location: `${at}.description`, text: tool.description, kind: 'description', toolIndex };
  if (isRecord(tool.annotations) && typeof tool.annotations.title === 'string')
    yield {
      location: `${at}.annotations.title`,
      text: tool.annotations.title,
      kind: 'title',
      toolIndex,
    };
  if (isRecord(tool.annotations)) {
    // Non-standard annotation keys reach some clients' prompts too; walk their string values.
    for (const [key, value] of Object.entries(tool.annotations)) {
      if (key === 'title') continue;
      for (const [loc, text] of valueTexts(value, `${at}.annotations${pathKey(key)}`))
        yield { location: loc, text, kind: 'annotation', toolIndex };
    }
  }
  yield* schemaFields(tool.inputSchema, `${at}.inputSchema`, toolIndex, {
    nodes: SCHEMA_NODES_MAX,
  });
  yield* schemaFields(tool.outputSchema, `${at}.outputSchema`, toolIndex, {
    nodes: SCHEMA_NODES_MAX,
  });
}

function* describedFields(
  items: readonly unknown[] | undefined,
  prefix: string,
  nameKeys: readonly string[],
): Generator<TextField> {
  if (!Array.isArray(items)) return;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!isRecord(item)) continue;
    const at = `${prefix}[${i}]`;
    for (const key of nameKeys) {
      const v = item[key];
      if (typeof v === 'string')
        yield { location: `${at}.${key}`, text: v, kind: key.startsWith('uri') ? 'uri' : 'name' };
    }
    for (const key of ['title', 'description'] as const) {
      const v = item[key];
      if (typeof v === 'string') yield { location: `${at}.${key}`, text: v, kind: key };
    }
    if (Array.isArray(item.arguments)) {
      for (let j = 0; j < item.arguments.length; j++) {
        const arg: unknown = item.arguments[j];
        if (!isRecord(arg)) continue;
        if (typeof arg.name === 'string')
          yield { location: `${at}.arguments[${j}].name`, text: arg.name, kind: 'param-name' };
        if (typeof arg.description === 'string')
          yield {
            location: `${at}.arguments[${j}].description`,
            text: arg.description,
            kind: 'description',
          };
      }
    }
  }
}

/** Every text field of the snapshot: tools, prompts, resources, templates, instructions, serverInfo. */
export function* snapshotFields(snapshot: McpSnapshot): Generator<TextField> {
  const tools = Array.isArray(snapshot.tools) ? snapshot.tools : [];
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i];
    if (isRecord(tool)) yield* toolFields(tool, i);
  }
  yield* describedFields(snapshot.prompts, 'prompts', ['name']);
  yield* describedFields(snapshot.resources, 'resources', ['name', 'uri']);
  yield* describedFields(snapshot.resourceTemplates, 'resourceTemplates', ['name', 'uriTemplate']);
  if (typeof snapshot.instructions === 'string')
    yield { location: 'instructions', text: snapshot.instructions, kind: 'instructions' };
  if (isRecord(snapshot.serverInfo)) {
    for (const [loc, text] of valueTexts(snapshot.serverInfo, 'serverInfo'))
      yield { location: loc, text, kind: 'server-info' };
  }
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
