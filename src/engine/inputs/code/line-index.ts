// Offset → 1-based line lookups, built once per file (binary search, no per-call scanning).

export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
      this.starts.push(i + 1);
    }
  }

  /** The text of 1-based line `line` (without its newline), or '' past the end. */
  lineText(text: string, line: number): string {
    const start = this.starts[line - 1];
    if (start === undefined) return '';
    const next = this.starts[line];
    return text.slice(start, next === undefined ? undefined : next - 1);
  }

  /** 1-based column of an offset (UTF-16 code units, as editors count). */
  columnOf(offset: number): number {
    return offset - this.starts[this.lineOf(offset) - 1]! + 1;
  }

  lineOf(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }
}
