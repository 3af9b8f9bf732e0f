// The snippet prepared once: its lines (LF, boundary blank lines off), which are elision markers, and the
// canonical key of each line (what "the same line" means: typography and spacing do not count).

import { canonicalLine, indentOf, indentWidth, isBlank, isMeaningfulLine } from '../normalize';
import { isSnippetMarker } from './markers';

/** A line that ends by opening a bracket: a block's first line (`if (x) {`, `call(`, `[`). */
export function opensBracket(line: string): boolean {
  return /[{([]\s*$/.test(line);
}

/** A line of closing brackets only (`}`, `});`, `]`). */
export function isCloser(line: string): boolean {
  return /^\s*[}\])]+[;,)]*\s*$/.test(line);
}

export class SnippetLines {
  readonly lines: string[];
  readonly keys: string[];
  readonly marker: boolean[];
  readonly blank: boolean[];
  /** A line that can anchor a place: has a word of two characters or more and is no marker. */
  readonly meaningful: boolean[];
  readonly widths: number[];

  constructor(code: string) {
    const all = code.replace(/\r\n?/g, '\n').split('\n');
    let a = 0;
    let b = all.length;
    while (a < b && isBlank(all[a])) a++;
    while (b > a && isBlank(all[b - 1])) b--;
    this.lines = all.slice(a, b);
    this.marker = this.lines.map(isSnippetMarker);
    this.blank = this.lines.map(isBlank);
    this.keys = this.lines.map((l, j) => (this.marker[j] ? '' : canonicalLine(l)));
    this.meaningful = this.lines.map((l, j) => !this.marker[j] && isMeaningfulLine(l));
    this.widths = this.lines.map((l) => indentWidth(indentOf(l)));
  }

  get length(): number {
    return this.lines.length;
  }

  /**
   * The line that opens the block line `j` stands in: the nearest line above it that is shallower, none (undefined)
   * past a marker or at the top. Computed for all lines at once (a stack of the lines still open): a walk up from
   * each line of a 3,000-line body was quadratic.
   */
  opener(j: number): number | undefined {
    const at = (this.openers ??= this.computeOpeners())[j];
    return at < 0 ? undefined : at;
  }

  private openers?: Int32Array;

  private computeOpeners(): Int32Array {
    const openers = new Int32Array(this.length).fill(-1);
    const open: number[] = [];
    let lastMarker = -1;
    for (let j = 0; j < this.length; j++) {
      if (this.blank[j]) continue;
      while (open.length && this.widths[open[open.length - 1]] >= this.widths[j]) open.pop();
      const parent = open.length ? open[open.length - 1] : -1;
      openers[j] = parent > lastMarker ? parent : -1;
      if (this.marker[j]) {
        lastMarker = j;
        continue;
      }
      open.push(j);
    }
    return openers;
  }

  /**
   * The last line of the block line `j` opens (every non-blank line after it deeper, markers included), `j` itself
   * when it opens none. Computed for all lines at once, like `opener`.
   */
  blockEnd(j: number): number {
    return (this.blockEnds ??= this.computeBlockEnds())[j];
  }

  private blockEnds?: Int32Array;

  private computeBlockEnds(): Int32Array {
    const ends = Int32Array.from({ length: this.length }, (_, j) => j);
    const open: number[] = [];
    let last = -1;
    for (let j = 0; j < this.length; j++) {
      if (this.blank[j]) continue;
      while (open.length && this.widths[open[open.length - 1]] >= this.widths[j]) ends[open.pop()!] = last;
      open.push(j);
      last = j;
    }
    for (const j of open) ends[j] = last;
    return ends;
  }

  /** The first line after `j` that is not blank (the snippet's length: none). */
  nextLine(j: number): number {
    let k = j + 1;
    while (k < this.length && this.blank[k]) k++;
    return k;
  }

  /** True when a marker stands strictly between snippet lines `a` and `b`. */
  markerBetween(a: number, b: number): boolean {
    for (let j = a + 1; j < b; j++) if (this.marker[j]) return true;
    return false;
  }
}
