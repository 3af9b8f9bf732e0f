// The snippet prepared once: its lines (LF, boundary blank lines off), which are elision markers, and the
// canonical key of each line (what "the same line" means: typography and spacing do not count).

import { canonicalLine, indentOf, indentWidth, isBlank, isMeaningfulLine } from '../normalize';
import { isSnippetMarker } from './markers';

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

  /** True when a marker stands strictly between snippet lines `a` and `b`. */
  markerBetween(a: number, b: number): boolean {
    for (let j = a + 1; j < b; j++) if (this.marker[j]) return true;
    return false;
  }
}
