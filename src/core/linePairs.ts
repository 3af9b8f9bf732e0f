// Which file line each old line of a window stands for. Every candidate window keeps one, and a refusal weighs
// thousands of windows (or a few of a 5,000-line old text): a Map costs about 45 bytes a pair and 200 for a small
// one, this dense array by old line 8 bytes a slot.

/** Old line → file line, iterated by old line, ascending. Keys and values are line numbers (≥ 0). */
export class LinePairs implements ReadonlyMap<number, number> {
  /** File line by old line; a hole where the old line has no partner. */
  private readonly fileOf: number[];
  private count = 0;

  /** `lines`: how many old lines there are, when known: the array is then allocated at its size once (grown
   * from empty, a small one would carry a dozen spare slots). */
  constructor(lines = 0) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the size given only preallocates (0 or none alike)
    this.fileOf = lines > 0 ? new Array<number>(lines) : [];
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
    return this.fileOf[j];
  }

  has(j: number): boolean {
    return this.fileOf[j] !== undefined;
  }

  set(j: number, f: number): this {
    if (this.fileOf[j] === undefined) this.count++;
    this.fileOf[j] = f;
    return this;
  }

  *entries(): MapIterator<[number, number]> {
    const fileOf = this.fileOf;
    for (let j = 0; j < fileOf.length; j++) if (fileOf[j] !== undefined) yield [j, fileOf[j]];
  }

  *keys(): MapIterator<number> {
    for (const [j] of this.entries()) yield j;
  }

  *values(): MapIterator<number> {
    for (const [, f] of this.entries()) yield f;
  }

  forEach(callback: (f: number, j: number, map: ReadonlyMap<number, number>) => void): void {
    for (const [j, f] of this.entries()) callback(f, j, this);
  }

  [Symbol.iterator](): MapIterator<[number, number]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'LinePairs';
  }
}
