import { isBlank, isMeaningfulLine, wordTokens } from './normalize';

/**
 * The old text prepared once per call: line endings normalised to LF, and, for the line tiers, split into
 * lines with the blank lines around the block set aside (they are boundary noise, not content).
 */
export class Needle {
  /** The old text with CRLF/CR turned into LF. */
  readonly text: string;
  /** The old text exactly as given. */
  readonly raw: string;
  /** Lines of the block without leading and trailing blank lines. */
  readonly lines: string[];
  /** Indices into `lines` of the non-blank lines. */
  readonly significant: number[];

  constructor(oldString: string) {
    this.raw = oldString;
    this.text = toLF(oldString);
    const all = this.text.split('\n');
    let a = 0;
    let b = all.length;
    while (a < b && isBlank(all[a])) a++;
    while (b > a && isBlank(all[b - 1])) b--;
    this.lines = all.slice(a, b);
    this.significant = [];
    this.lines.forEach((l, i) => {
      if (!isBlank(l)) this.significant.push(i);
    });
  }

  /**
   * The line to search for first, and the token that any equivalent file line must contain: the needle line
   * with the longest identifier (long identifiers are rare, so few candidate lines survive). `undefined` token
   * when no line has one (a block of braces): callers then look at every line.
   */
  anchor(): { index: number; token?: string } {
    if (this.anchorLine) return this.anchorLine;
    let best = { index: this.significant[0] ?? 0, token: undefined as string | undefined };
    for (const i of this.significant) {
      const token = wordTokens(this.lines[i])[0];
      if (token && (!best.token || token.length > best.token.length)) best = { index: i, token };
    }
    // Every line tier asks: tokenising a long old text once is enough.
    return (this.anchorLine = best);
  }

  private anchorLine?: { index: number; token?: string };

  /** Lines that may serve as first/last anchors of a block: not blank, not punctuation only. */
  meaningful(i: number): boolean {
    return isMeaningfulLine(this.lines[i]);
  }
}

export function toLF(s: string): string {
  return s.replace(/\r\n?/g, '\n');
}
