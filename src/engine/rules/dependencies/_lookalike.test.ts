import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editDistance, findLookalike, skeleton } from './_lookalike.js';

/** The plain definition the indexed search must agree with: the first target in list order. */
function reference(name: string, targets: readonly string[], legit: ReadonlySet<string>) {
  const lower = name.toLowerCase();
  if (legit.has(lower) || targets.includes(lower)) return undefined;
  const sk = skeleton(lower);
  for (const target of targets) {
    if (target.length >= 4 && skeleton(target) === sk)
      return {
        target,
        how: 'differs only by separators, doubled letters or look-alike characters',
      };
  }
  for (const target of targets) {
    if (target.length < 5) continue;
    const limit = target.length >= 10 ? 2 : 1;
    const d = editDistance(lower, target, limit);
    if (d >= 1 && d <= limit) return { target, how: `is ${d} edit${d > 1 ? 's' : ''} away` };
  }
  return undefined;
}

const TARGETS = [
  'express',
  'lodash',
  'react',
  'requests',
  'numpy',
  'axios',
  'typescript',
  'django-rest-framework',
  'beautifulsoup4',
  'python-dotenv',
  'chalk',
  'chart.js',
  'left-pad',
  'moment',
  'momentum',
  'webpack',
  'webpack-cli',
];
const LEGIT = new Set(['preact']);

test('findLookalike agrees with the plain search on edits of every target', () => {
  const names = new Set<string>(['preact', 'Express', 'exprss', 'unrelated-name', 'x', '']);
  for (const target of TARGETS) {
    for (let i = 0; i < target.length; i++) {
      names.add(target.slice(0, i) + target.slice(i + 1)); // drop
      names.add(target.slice(0, i) + 'x' + target.slice(i)); // insert
      names.add(target.slice(0, i) + 'q' + target.slice(i + 1)); // replace
      names.add(`${target.slice(0, i)}zz${target.slice(i + 2)}`); // two replaced
    }
    names.add(target.replace(/l/g, '1'));
    names.add(`${target}-js`);
  }
  for (const name of names) {
    // Twice: the second answer comes from the cache.
    assert.deepEqual(findLookalike(name, TARGETS, LEGIT), reference(name, TARGETS, LEGIT), name);
    assert.deepEqual(findLookalike(name, TARGETS, LEGIT), reference(name, TARGETS, LEGIT), name);
  }
});

test('findLookalike reports the first target in list order', () => {
  assert.deepEqual(findLookalike('momentt', ['moments', 'momentx']), {
    target: 'moments',
    how: 'is 1 edit away',
  });
  assert.equal(findLookalike('lodash', TARGETS), undefined);
  assert.equal(findLookalike('preact', TARGETS, LEGIT), undefined);
});

test('a cached answer cannot be changed by its caller', () => {
  const first = findLookalike('expres', TARGETS);
  assert.ok(first);
  first.target = 'changed';
  assert.equal(findLookalike('expres', TARGETS)?.target, 'express');
});
