import { EditError } from './errors';

/**
 * A work budget in Levenshtein cells (characters × characters compared); the line tiers charge one unit per line
 * compared or keyed, the elision tier per line paired, the reflow search per line walked. Every search stops with
 * `too_large` when it is spent, so a pathological input ends in a clear refusal, never a frozen editor.
 */
export class Budget {
  private spent = 0;
  constructor(readonly limit: number) {}

  charge(cells: number): void {
    this.spent += cells;
    if (this.spent > this.limit) {
      throw new EditError(
        'too_large',
        `Fuzzy matching gave up after ${this.limit.toLocaleString('en-US')} units of work: the old text is too large or too ` +
          'repetitive to locate safely. Give a shorter, more distinctive old text, or an exact one.',
      );
    }
  }

  get used(): number {
    return this.spent;
  }
}

/** Enough for a 500-line old text against a 100,000-line file in well under 100 ms. */
export const DEFAULT_BUDGET = 60_000_000;
