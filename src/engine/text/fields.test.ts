import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { McpSnapshot } from '../types.js';
import { snapshotFields, toolParameters } from './fields.js';

const snapshot: McpSnapshot = {
  instructions: 'Server instructions',
  serverInfo: { name: 'demo', version: '1.0.0' },
  tools: [
    {
      name: 'send',
      description: 'Send a note',
      annotations: { title: 'Sender', custom: { note: 'annotation text' } },
      inputSchema: {
        type: 'object',
        properties: {
          note: { type: 'string', description: 'The note', default: 'hi', enum: ['a', 'b'] },
          'odd key': {
            anyOf: [{ type: 'string', pattern: '^x$' }, { type: 'null' }],
          },
          list: { type: 'array', items: { $ref: '#/$defs/Item' } },
        },
        $defs: { Item: { type: 'object', properties: { deep: { examples: ['ex'] } } } },
      },
    },
  ],
  prompts: [
    {
      name: 'p',
      description: 'Prompt text',
      arguments: [{ name: 'arg', description: 'Arg text' }],
    },
  ],
  resources: [{ uri: 'file:///x', name: 'res', description: 'Resource text' }],
  resourceTemplates: [{ uriTemplate: 'db://{id}', name: 'tpl' }],
};

describe('snapshotFields', () => {
  const fields = snapshotFields(snapshot);
  const at = (location: string): string | undefined =>
    fields.find((f) => f.location === location)?.text;

  it('walks tool text with JSON-path locations', () => {
    assert.equal(at('tools[0].name'), 'send');
    assert.equal(at('tools[0].description'), 'Send a note');
    assert.equal(at('tools[0].annotations.title'), 'Sender');
    assert.equal(at('tools[0].annotations.custom.note'), 'annotation text');
    assert.equal(at('tools[0].inputSchema.properties.note'), 'note');
    assert.equal(at('tools[0].inputSchema.properties.note.description'), 'The note');
    assert.equal(at('tools[0].inputSchema.properties.note.default'), 'hi');
    assert.equal(at('tools[0].inputSchema.properties.note.enum[1]'), 'b');
    assert.equal(at('tools[0].inputSchema.properties["odd key"].anyOf[0].pattern'), '^x$');
    assert.equal(at('tools[0].inputSchema.$defs.Item.properties.deep.examples[0]'), 'ex');
  });
  it('walks prompts, resources, templates, instructions and serverInfo', () => {
    assert.equal(at('prompts[0].arguments[0].description'), 'Arg text');
    assert.equal(at('resources[0].uri'), 'file:///x');
    assert.equal(at('resourceTemplates[0].uriTemplate'), 'db://{id}');
    assert.equal(at('instructions'), 'Server instructions');
    assert.equal(at('serverInfo.version'), '1.0.0');
  });
  it('tags tool fields with their tool index', () => {
    assert.ok(
      fields.filter((f) => f.location.startsWith('tools[0]')).every((f) => f.toolIndex === 0),
    );
  });
  it('caps depth on hostile nesting instead of recursing without end', () => {
    let schema: Record<string, unknown> = { description: 'bottom' };
    for (let i = 0; i < 5000; i++) schema = { items: schema };
    const deep = snapshotFields({ tools: [{ name: 't', inputSchema: schema }] });
    assert.ok(!deep.some((f) => f.text === 'bottom'));
  });
  it('tolerates malformed snapshots', () => {
    assert.deepEqual(
      snapshotFields({ tools: [null, 42, { name: 7 }] } as unknown as McpSnapshot),
      [],
    );
  });
});

describe('toolParameters', () => {
  it('lists top-level properties', () => {
    assert.deepEqual(
      toolParameters(snapshot.tools[0]!).map((p) => p.name),
      ['note', 'odd key', 'list'],
    );
  });
});
