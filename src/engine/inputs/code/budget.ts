import { INPUT_LIMITS } from '../limits.js';

// Size and shape limits for source analysis. Uploads are attacker-controlled: a 10 MB minified
// bundle or a pathological file must cost bounded time and memory, and say why it was skipped.

/** Files above this size are not parsed. It is the cap on any accepted text file, so every source
 *  file an upload may hold is analysed (issue 13: a server padded past a smaller limit read as
 *  clean); the analysis thread's time budget grows with the size (javascript-thread.ts). */
export const CODE_SIZE_BYTES_MAX = INPUT_LIMITS.maxTextFileBytes;
/** A line this long means minified or generated code, which hand-written rules cannot judge. */
export const CODE_LINE_CHARS_MAX = 10_000;
/** Wall-clock budget for one Python parse (tree-sitter can be cancelled mid-parse). */
export const PARSE_TIME_MS_MAX = 2_000;

/** Bracket nesting beyond any hand-written code; parsers recurse per level. */
export const NESTING_DEPTH_MAX = 5_000;
/** Operators in one statement beyond any hand-written code: `!!!…a`, `x = x = …`, `a => a => …`,
 *  `if (a) if (a) …` and `a + a + …` each make oxc recurse once per operator, and a deep enough
 *  recursion overflows even the analysis thread's large stack (a crash, not an exception). */
export const STATEMENT_OPERATORS_MAX = 50_000;

/** Why a file should not be analysed, or undefined when it is within budget. `python` counts
 *  operators per logical line (Python has no `;` or `{` to end a statement). */
export function budgetProblem(text: string, python = false): string | undefined {
  if (text.length > CODE_SIZE_BYTES_MAX) {
    return `not analysed: ${text.length} characters exceeds the ${CODE_SIZE_BYTES_MAX}-character limit for source files`;
  }
  const longest = longestLineChars(text);
  if (longest > CODE_LINE_CHARS_MAX) {
    return `not analysed: looks minified or generated (a line of ${longest} characters)`;
  }
  return nestingProblem(text, python);
}

/** A linear pre-scan for input built to exhaust a recursive parser. Strings and comments are not
 *  skipped: that only over-counts, and real code stays orders of magnitude below both limits. */
export function nestingProblem(text: string, python = false): string | undefined {
  let depth = 0;
  let operators = 0;
  for (let i = 0; i < text.length; i++) {
    switch (text.charCodeAt(i)) {
      case 0x0a: // \n ends a Python statement outside brackets, unless the line ends with `\`
        if (python && depth <= 0 && text.charCodeAt(i - 1) !== 0x5c) operators = 0;
        break;
      case 0x28: // (
      case 0x5b: // [
        operators++;
        if (++depth > NESTING_DEPTH_MAX) return tooDeep();
        break;
      case 0x7b: // {
        operators = 0;
        if (++depth > NESTING_DEPTH_MAX) return tooDeep();
        break;
      case 0x29: // )
      case 0x5d: // ]
        depth--;
        break;
      case 0x7d: // }
        depth--;
        operators = 0;
        break;
      case 0x3b: // ;
        operators = 0;
        break;
      case 0x21: // !
      case 0x3d: // =
      case 0x3f: // ?
      case 0x2b: // +
      case 0x2d: // -
      case 0x7e: // ~
      case 0x3c: // <
        if (++operators > STATEMENT_OPERATORS_MAX) {
          return `not analysed: more than ${STATEMENT_OPERATORS_MAX} operators in one statement`;
        }
        break;
    }
  }
  return undefined;
}

function tooDeep(): string {
  return `not analysed: brackets nested more than ${NESTING_DEPTH_MAX} deep`;
}

function longestLineChars(text: string): number {
  let longest = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > longest) longest = stop - start;
    if (end === -1) return longest;
    start = end + 1;
  }
}
