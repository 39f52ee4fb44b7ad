// Line numbers of many indexes in one text, by a table of line starts built once
// (lineAndColumn walks from the top on every call, fine for one index, not for thousands).

export class LineIndex {
  /** UTF-16 index where each line begins; a line ends at `\n`, `\r\n` or a lone `\r`. */
  readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let at = 0; at < text.length; at++) {
      const unit = text.charCodeAt(at);
      if (unit === 10) this.starts.push(at + 1);
      else if (unit === 13) {
        if (text.charCodeAt(at + 1) === 10) at++;
        this.starts.push(at + 1);
      }
    }
  }

  /** The 0-based line `index` falls on. */
  lineOf(index: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= index) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** The text of a 0-based line, without its line break. */
  lineText(line: number): string {
    const start = this.starts[line];
    const next = line + 1 < this.starts.length ? this.starts[line + 1] : this.text.length;
    return this.text.slice(start, next).replace(/\r?\n$|\r$/, '');
  }
}
