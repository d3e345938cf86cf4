import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DocumentError,
  measureDepth,
  parseJsonDocument,
  parseTomlDocument,
  parseYamlDocument,
  scanJsonStructure,
  stripJsonComments,
} from './documents.js';
import { classifyFile } from './classify.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('documents', () => {
  it('measures JSON depth without recursion, ignoring brackets in strings and comments', () => {
    assert.equal(scanJsonStructure('{"a": "[[[[", "b": [1, {"c": 2}]} // ]]]').maxDepth, 3);
    assert.equal(scanJsonStructure('['.repeat(1_000_000)).maxDepth, 1_000_000);
  });

  it('refuses JSON nested beyond the cap with a clear reason', () => {
    assert.throws(
      () => parseJsonDocument(`${'['.repeat(100)}${']'.repeat(100)}`),
      (e: unknown) => e instanceof DocumentError && /100 levels deep/.test(e.message),
    );
  });

  it('accepts JSONC (comments, trailing commas) and keeps line numbers', () => {
    const text = '{\n  // servers\n  "servers": {\n    "a": {"command": "x",},\n  },\n}';
    assert.ok(stripJsonComments(text).split('\n').length === text.split('\n').length);
    const doc = parseJsonDocument(text);
    assert.deepEqual(doc.value, { servers: { a: { command: 'x' } } });
    assert.equal(doc.keyLines.get('servers.a'), 4);
  });

  it('reports invalid JSON', () => {
    assert.throws(() => parseJsonDocument('{"a": }'), DocumentError);
  });

  it('stops YAML alias bombs and keeps ordinary aliases', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...'bcdefghij'
        .split('')
        .map((n, i) => `${n}: &${n} [${Array(10).fill(`*${'abcdefghij'[i]}`).join(', ')}]`),
    ].join('\n');
    assert.throws(() => parseYamlDocument(bomb), /alias/i);
    assert.deepEqual(parseYamlDocument('base: &b {x: 1}\nother: *b\n').value, {
      base: { x: 1 },
      other: { x: 1 },
    });
  });

  it('caps TOML and YAML depth', () => {
    assert.throws(
      () => parseTomlDocument(`a = ${'['.repeat(100)}${']'.repeat(100)}`),
      DocumentError,
    );
    assert.throws(() => parseYamlDocument(`${'['.repeat(100)}${']'.repeat(100)}`), DocumentError);
    assert.equal(measureDepth({ a: [{ b: 1 }] }), 3);
  });
});

describe('classifyFile', () => {
  it('picks formats and dependency kinds by name', () => {
    const kinds = (path: string): string => {
      const c = classifyFile(path, enc('x'));
      return c.ok
        ? c.kind === 'archive'
          ? `archive:${c.format}`
          : `${c.format}:${c.dependencyFile ?? ''}`
        : `refused:${c.reason}`;
    };
    assert.equal(kinds('a/package-lock.json'), 'json:package-lock.json');
    assert.equal(kinds('npm-shrinkwrap.json'), 'json:package-lock.json');
    assert.equal(kinds('yarn.lock'), 'yarn-lock:yarn.lock');
    assert.equal(kinds('Pipfile'), 'pipfile:Pipfile');
    assert.equal(kinds('requirements-dev.txt'), 'text:requirements.txt');
    assert.equal(kinds('dev-requirements.txt'), 'text:requirements.txt');
    assert.equal(kinds('uv.lock'), 'toml:uv.lock');
    assert.equal(kinds('server.mjs'), 'javascript:');
    assert.equal(kinds('src.tgz'), 'archive:tar.gz');
    assert.match(kinds('Makefile'), /^refused:unsupported file type/);
  });

  it('sniffs executables whatever their name', () => {
    const macho = new Uint8Array([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]);
    const c = classifyFile('tool.json', macho);
    assert.ok(!c.ok && /Mach-O/.test(c.reason));
    const pe = classifyFile('notes.yaml', enc('MZ\u0000\u0000'));
    assert.ok(!pe.ok);
  });

  it('refuses invalid UTF-8 and strips a byte-order mark', () => {
    assert.ok(!classifyFile('a.json', new Uint8Array([0x7b, 0xc3, 0x28, 0x7d])).ok);
    const bom = classifyFile('a.json', new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]));
    assert.ok(bom.ok && bom.kind === 'text' && bom.text === '{}');
  });
});
