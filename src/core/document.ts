// The document as the engine sees it: the original text (BOM, CR and all) plus a line index built lazily,
// once per call. Every tier reports spans in *original* offsets through this class, never in a normalised copy.

const BOM = '\uFEFF';

export class SourceText {
  /** 1 when the text starts with a byte-order mark: offsets still count it, matching never sees it. */
  readonly bomLength: number;
  private splitLines?: string[];
  private starts?: number[];
  private trimmedLines?: string[];
  private memos = new Map<string, unknown>();

  constructor(readonly content: string) {
    this.bomLength = content.startsWith(BOM) ? 1 : 0;
  }

  /** Lines without their line break; a trailing CR is kept here (see `line`). */
  private get raw(): string[] {
    if (!this.splitLines) {
      this.splitLines = (this.bomLength ? this.content.slice(this.bomLength) : this.content).split('\n');
    }
    return this.splitLines;
  }

  get lineCount(): number {
    return this.raw.length;
  }

  /** Line `i` without its line ending (LF or CRLF). */
  line(i: number): string {
    const l = this.raw[i];
    return l.endsWith('\r') ? l.slice(0, -1) : l;
  }

  /** All lines as split (trailing CRs included), for the few linear passes that must not pay a call per line. */
  get rawLines(): readonly string[] {
    return this.raw;
  }

  /** Line `i` as split, a trailing CR included: for prefilters that must not allocate. */
  rawLine(i: number): string {
    return this.raw[i];
  }

  /** Line `i` trimmed; computed for the whole file at most once (one cheap pass). */
  trimmed(i: number): string {
    if (!this.trimmedLines) this.trimmedLines = this.raw.map((l) => l.trim());
    return this.trimmedLines[i];
  }

  /** Offset in `content` where line `i` starts. */
  lineStart(i: number): number {
    if (!this.starts) {
      const raw = this.raw;
      const starts = new Array<number>(raw.length);
      let at = this.bomLength;
      for (let k = 0; k < raw.length; k++) {
        starts[k] = at;
        at += raw[k].length + 1;
      }
      this.starts = starts;
    }
    return this.starts[i];
  }

  /** Offset just past line `i`'s content (before its CR/LF). */
  lineEnd(i: number): number {
    return this.lineStart(i) + this.line(i).length;
  }

  /** 0-based line containing `offset` (binary search over line starts). */
  lineAt(offset: number): number {
    this.lineStart(0);
    const starts = this.starts!;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The line break used around `offset`: the one ending the line there, else the file's first one. */
  eolAt(offset: number): '\n' | '\r\n' {
    let nl = this.content.indexOf('\n', offset);
    if (nl < 0) nl = this.content.indexOf('\n');
    return nl > 0 && this.content.charCodeAt(nl - 1) === 13 ? '\r\n' : '\n';
  }

  /** Computes once per document: tiers share prefilter results (e.g. the lines holding a token). */
  memo<T>(key: string, compute: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, compute());
    return this.memos.get(key) as T;
  }

  /** Leading whitespace of line `i`. */
  indentOf(i: number): string {
    const l = this.line(i);
    return l.slice(0, l.length - l.trimStart().length);
  }
}
