// npm run bench (third part), or on its own: node --import tsx bench/python-parse.ts [dir]
//
// python-parse.ts against tree-sitter on a whole Python standard library (python3's own, or the
// directory given): which share of the files and bytes the parser takes, whether every tree it
// builds is tree-sitter's tree (any difference fails the run), and the speed of the two on the
// files it takes, measured in the same run, as CPU time. The files it declines are parsed by
// tree-sitter in a scan, as before.
import { readFileSync } from 'node:fs';
import { parseWithTreeSitter, pythonParser } from '../src/engine/inputs/code/python.js';
import { parseWithoutTreeSitter, treeDifference } from '../src/engine/inputs/code/python-tree.js';
import { pythonFiles, pythonStdlib } from '../test/support/python-stdlib.js';
import { cpuSecondsOf } from './_support.js';

const MB = 1024 * 1024;
const ROUNDS = 3;

async function main(): Promise<number> {
  const dir = process.argv[2] ?? pythonStdlib();
  if (!dir) {
    console.log('python parser: no python3 standard library here (skipped)');
    return 0;
  }
  const python = await pythonParser();
  const language = python.parser.language!;
  const files: string[] = [];
  let totalBytes = 0;
  let takenBytes = 0;
  let invalid = 0;
  const differences: string[] = [];
  for (const path of pythonFiles(dir)) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    const expected = parseWithTreeSitter(python, text);
    if (!expected) continue;
    // Test data with deliberate syntax errors: tree-sitter's recovery is not this parser's job.
    if (expected.hasError) {
      invalid++;
      continue;
    }
    totalBytes += text.length;
    const fast = parseWithoutTreeSitter(text, language);
    if (!fast) continue;
    const difference = treeDifference(expected, fast);
    if (difference) differences.push(`${path}: ${difference}`);
    else {
      files.push(text);
      takenBytes += text.length;
    }
  }
  const total = files.length + differences.length;
  console.log(
    `python parser on ${dir}: took ${total} files of valid Python, ` +
      `${((takenBytes / totalBytes) * 100).toFixed(1)}% of ${(totalBytes / MB).toFixed(1)} MB ` +
      `(${invalid} files with syntax errors left out); trees different from tree-sitter's: ` +
      `${differences.length}`,
  );
  for (const line of differences.slice(0, 10)) console.log(`  ${line}`);

  // Speed on the files it takes: tree-sitter's parse and read (what a scan ran before) against
  // this parser, alternating, on the same texts.
  const treeSitter: number[] = [];
  const fast: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    treeSitter.push(
      cpuSecondsOf(() => {
        for (const text of files) {
          parseWithTreeSitter(python, text);
        }
      }),
    );
    fast.push(cpuSecondsOf(() => files.forEach((text) => parseWithoutTreeSitter(text, language))));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const mb = takenBytes / MB;
  console.log(
    `  on those ${mb.toFixed(1)} MB: tree-sitter parse and read ${(mb / median(treeSitter)).toFixed(2)} MB/s, ` +
      `python-parse.ts ${(mb / median(fast)).toFixed(2)} MB/s (ratio ${(median(treeSitter) / median(fast)).toFixed(2)}; ` +
      `CPU time, median of ${ROUNDS} rounds each)`,
  );
  return differences.length === 0 ? 0 : 1;
}

process.exitCode = await main();
