// Size and shape limits for source analysis. Uploads are attacker-controlled: a 10 MB minified
// bundle or a pathological file must cost bounded time and memory, and say why it was skipped.

/** Files above this size are not parsed: real server sources are far smaller. */
export const CODE_SIZE_BYTES_MAX = 2 * 1024 * 1024;
/** A line this long means minified or generated code, which hand-written rules cannot judge. */
export const CODE_LINE_CHARS_MAX = 10_000;
/** Wall-clock budget for one Python parse (tree-sitter can be cancelled mid-parse). */
export const PARSE_TIME_MS_MAX = 2_000;

/** Why a file should not be analysed, or undefined when it is within budget. */
export function budgetProblem(text: string): string | undefined {
  if (text.length > CODE_SIZE_BYTES_MAX) {
    return `not analysed: ${text.length} characters exceeds the ${CODE_SIZE_BYTES_MAX}-character limit for source files`;
  }
  const longest = longestLineChars(text);
  if (longest > CODE_LINE_CHARS_MAX) {
    return `not analysed: looks minified or generated (a line of ${longest} characters)`;
  }
  return undefined;
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
