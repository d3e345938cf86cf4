// npm run bench (third part), or on its own: node --import tsx bench/python-parse.ts [dir]
//
// python-parse.ts against tree-sitter on a whole Python standard library (python3's own, or the
// directory given): which share of the files and bytes the parser takes, whether every tree it
// builds is tree-sitter's tree (any difference fails the run), and, measured in the same run as
// CPU time: the speed of the two on the files it takes; tree-sitter's parse and public-cursor
// read on the files it declines (what each declined file costs a scan); and the parse as a scan
// runs it (parsePythonTree: one or the other) over every file. The corpus in
// test/fixtures/python is held to the same trees by `npm test`.
import { readFileSync } from 'node:fs';
import { parsePythonTree, treeDifference } from '../src/engine/inputs/code/python-tree.js';
import { pythonFiles, pythonStdlib } from '../test/support/python-stdlib.js';
import { cpuSecondsOfAsync } from './_support.js';

const MB = 1024 * 1024;
const ROUNDS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The median CPU seconds of parsing `texts` with one choice of parser, over ROUNDS rounds. */
async function seconds(
  texts: string[],
  parser: 'either' | 'python-parse' | 'tree-sitter',
): Promise<number> {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push(
      await cpuSecondsOfAsync(async () => {
        for (const text of texts) await parsePythonTree(text, { parser });
      }),
    );
  }
  return median(rounds);
}

async function main(): Promise<number> {
  const dir = process.argv[2] ?? pythonStdlib();
  if (!dir) {
    console.log('python parser: no python3 standard library here (skipped)');
    return 0;
  }
  const taken: string[] = [];
  const declined: string[] = [];
  let takenBytes = 0;
  let declinedBytes = 0;
  let invalid = 0;
  const differences: string[] = [];
  for (const path of pythonFiles(dir)) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    const expected = await parsePythonTree(text, { parser: 'tree-sitter' });
    if (!expected) continue;
    // Test data with deliberate syntax errors: tree-sitter's recovery is not this parser's job.
    if (expected.root.hasError) {
      invalid++;
      continue;
    }
    const fast = await parsePythonTree(text, { parser: 'python-parse' });
    if (!fast) {
      declined.push(text);
      declinedBytes += text.length;
      continue;
    }
    const difference = treeDifference(expected.root, fast.root);
    if (difference) differences.push(`${path}: ${difference}`);
    else {
      taken.push(text);
      takenBytes += text.length;
    }
  }
  const totalBytes = takenBytes + declinedBytes;
  const total = taken.length + differences.length;
  console.log(
    `python parser on ${dir}: took ${total} of ${total + declined.length} files of valid Python, ` +
      `${((takenBytes / totalBytes) * 100).toFixed(1)}% of ${(totalBytes / MB).toFixed(1)} MB ` +
      `(${invalid} files with syntax errors left out); trees different from tree-sitter's: ` +
      `${differences.length}`,
  );
  for (const line of differences.slice(0, 10)) console.log(`  ${line}`);

  // Speed on the files it takes: tree-sitter's parse and read (what a scan would run without
  // this parser) against this parser, on the same texts.
  const takenMb = takenBytes / MB;
  const treeSitterTaken = await seconds(taken, 'tree-sitter');
  const fastTaken = await seconds(taken, 'python-parse');
  console.log(
    `  on the ${takenMb.toFixed(1)} MB it takes: tree-sitter parse and read ${(takenMb / treeSitterTaken).toFixed(2)} MB/s, ` +
      `python-parse.ts ${(takenMb / fastTaken).toFixed(2)} MB/s (ratio ${(treeSitterTaken / fastTaken).toFixed(2)}; ` +
      `CPU time, median of ${ROUNDS} rounds each)`,
  );
  // The files it declines go to tree-sitter, read through its public cursor.
  const declinedMb = declinedBytes / MB;
  const treeSitterDeclined = await seconds(declined, 'tree-sitter');
  const all = [...taken, ...declined];
  const either = await seconds(all, 'either');
  console.log(
    `  on the ${declinedMb.toFixed(1)} MB it declines (${declined.length} files, ` +
      `${((declinedBytes / totalBytes) * 100).toFixed(1)}% of the bytes): tree-sitter parse and public-cursor read ` +
      `${(declinedMb / treeSitterDeclined).toFixed(2)} MB/s, ${treeSitterDeclined.toFixed(2)} CPU s ` +
      `(${((treeSitterDeclined / either) * 100).toFixed(0)}% of the parse time of the whole library as a scan runs it: ` +
      `${(totalBytes / MB / either).toFixed(2)} MB/s over every file)`,
  );
  return differences.length === 0 ? 0 : 1;
}

process.exitCode = await main();
