// Which file line each old line of a window stands for. Every candidate window keeps one, and a refusal weighs
// thousands of windows (or a few of a 5,000-line old text): a Map costs about 45 bytes a pair and 200 for a small
// one, a dense array by old line 8 bytes a slot. Most windows are one run (old lines lo, lo+1, … on file lines
// base, base+1, …: no blank line skipped on either side), and a run is kept as three numbers, no array at all.

/** Old line → file line, iterated by old line, ascending. Keys and values are line numbers (≥ 0). */
export class LinePairs implements ReadonlyMap<number, number> {
  /** File line by old line, a hole where the old line has no partner; undefined while the pairs are one run. */
  private fileOf: number[] | undefined;
  /** While the pairs are one run: its first old line and the file line paired with it. */
  private lo = 0;
  private base = 0;
  private count = 0;
  /** Old lines there are, when known: the array is allocated at that size once, if ever. */
  private readonly lines: number;

  /** `lines`: how many old lines there are, when known (grown from empty, a small array would carry a dozen
   * spare slots). */
  constructor(lines = 0) {
    this.lines = lines;
  }

  static from(entries: Iterable<readonly [number, number]>): LinePairs {
    const pairs = new LinePairs();
    for (const [j, f] of entries) pairs.set(j, f);
    return pairs;
  }

  get size(): number {
    return this.count;
  }

  get(j: number): number | undefined {
    if (this.fileOf) return this.fileOf[j];
    return j >= this.lo && j < this.lo + this.count ? this.base + (j - this.lo) : undefined;
  }

  has(j: number): boolean {
    return this.get(j) !== undefined;
  }

  set(j: number, f: number): this {
    if (!this.fileOf) {
      if (this.count === 0) {
        this.lo = j;
        this.base = f;
        this.count = 1;
        return this;
      }
      // The run grows at either end (the searches pair outwards from an anchor line), or is set again as it is.
      if (j === this.lo + this.count && f === this.base + this.count) {
        this.count++;
        return this;
      }
      if (j === this.lo - 1 && f === this.base - 1) {
        this.lo--;
        this.base--;
        this.count++;
        return this;
      }
      if (this.get(j) === f) return this;
      this.fileOf = this.spelledOut();
    }
    if (this.fileOf[j] === undefined) this.count++;
    this.fileOf[j] = f;
    return this;
  }

  /** The run as a dense array, for pairs that are no longer one run. */
  private spelledOut(): number[] {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the size only preallocates (0 or none alike)
    const fileOf = this.lines > 0 ? new Array<number>(this.lines) : [];
    for (let k = 0; k < this.count; k++) fileOf[this.lo + k] = this.base + k;
    return fileOf;
  }

  *entries(): MapIterator<[number, number]> {
    const fileOf = this.fileOf;
    if (!fileOf) {
      for (let k = 0; k < this.count; k++) yield [this.lo + k, this.base + k];
      return;
    }
    for (let j = 0; j < fileOf.length; j++) if (fileOf[j] !== undefined) yield [j, fileOf[j]];
  }

  *keys(): MapIterator<number> {
    for (const [j] of this.entries()) yield j;
  }

  *values(): MapIterator<number> {
    for (const [, f] of this.entries()) yield f;
  }

  /** Every pair by old line, ascending, without an iterator or an entry array per pair (a refusal weighing
   * thousands of windows reads them all). */
  forEach(callback: (f: number, j: number, map: ReadonlyMap<number, number>) => void): void {
    const fileOf = this.fileOf;
    if (!fileOf) {
      for (let k = 0; k < this.count; k++) callback(this.base + k, this.lo + k, this);
      return;
    }
    for (let j = 0; j < fileOf.length; j++) if (fileOf[j] !== undefined) callback(fileOf[j], j, this);
  }

  [Symbol.iterator](): MapIterator<[number, number]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'LinePairs';
  }
}
