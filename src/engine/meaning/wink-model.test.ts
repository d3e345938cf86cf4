// The engine's loader of wink's English model (ADR 0018) must read text exactly as the package's
// own model does: same sentences, tokens, lemmas, tags and negation flags, from the packed form
// the build ships and from the JSON fallback, over every text of the wild corpus and words that
// would find a plain object's inherited properties.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { packWinkModel, winkModelSource } from '../../../scripts/pack-wink-model.mjs';
import { englishModel, readPacked } from './wink-model.js';

interface Nlp {
  readDoc(text: string): {
    sentences(): { each(fn: (s: { tokens(): { out(its: unknown): unknown[] } }) => void): void };
  };
  its: Record<'value' | 'lemma' | 'pos' | 'negationFlag', unknown>;
}

const require = createRequire(import.meta.url);
const winkNLP = require('wink-nlp') as (model: unknown, pipe: string[]) => Nlp;
const PIPE = ['sbd', 'pos', 'negation'];

function reading(nlp: Nlp, text: string): string[] {
  const out: string[] = [];
  nlp
    .readDoc(text)
    .sentences()
    .each((s) => {
      const t = s.tokens();
      const [values, lemmas, tags, negations] = [
        t.out(nlp.its.value),
        t.out(nlp.its.lemma),
        t.out(nlp.its.pos),
        t.out(nlp.its.negationFlag),
      ];
      out.push(
        values
          .map(
            (v, i) =>
              `${String(v)}/${String(lemmas[i])}/${String(tags[i])}/${negations[i] ? 'n' : ''}`,
          )
          .join(' '),
      );
    });
  return out;
}

function corpus(): string[] {
  const dir = fileURLToPath(new URL('../../../bench/wild/snapshots/', import.meta.url));
  const texts: string[] = [
    'The constructor, __proto__ and toString of hasOwnProperty: valueOf prototypes were isPrototypeOf.',
    'Never include API keys; do not send the unzipped glorbifications to flimflammed webhooks.',
    'Les outils ne doivent jamais envoyer les clés. 日本語のテキストも読みます。',
  ];
  for (const name of readdirSync(dir).sort()) {
    const snapshot = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;
    JSON.stringify(snapshot, (key, value: unknown) => {
      if (
        typeof value === 'string' &&
        (key === 'description' || key === 'instructions') &&
        value.length > 20
      ) {
        texts.push(value);
      }
      return value;
    });
  }
  return texts;
}

describe('wink model loader', () => {
  const { path, version } = winkModelSource();
  const packedBytes = packWinkModel(path, version);
  // Packed first, so that its lemmatizer is the one that meets the module cache empty.
  const packed = winkNLP(englishModel(packedBytes), PIPE);
  const fromJson = winkNLP(englishModel(Buffer.alloc(0)), PIPE);
  const stock = winkNLP(require('wink-eng-lite-web-model'), PIPE);
  const texts = corpus();

  it('reads the whole wild corpus as the package model does, packed and from JSON', () => {
    assert.ok(texts.length > 1000, `corpus of ${texts.length} texts`);
    for (const text of texts) {
      const expected = reading(stock, text);
      assert.deepEqual(reading(packed, text), expected, text.slice(0, 80));
      assert.deepEqual(reading(fromJson, text), expected, text.slice(0, 80));
    }
  });

  it('carries the lemmatizer exception lists unchanged, without inherited properties', () => {
    const read = readPacked(packedBytes, version);
    assert.ok(read);
    for (const file of [
      'wn-adjective-exceptions.js',
      'wn-noun-exceptions.js',
      'wn-verb-exceptions.js',
    ]) {
      const original = require(`wink-eng-lite-web-model/dist/${file}`) as Record<string, string>;
      assert.deepEqual({ ...read.lemmaExceptions[file] }, { ...original });
    }
  });

  it('refuses a packed file from another model version or of another kind', () => {
    assert.equal(readPacked(packedBytes, '0.0.0'), undefined);
    assert.equal(readPacked(Buffer.from('not a model'), version), undefined);
  });
});
