import { EditError } from './errors';

/**
 * A work budget in Levenshtein cells (characters × characters compared); the line tiers charge one unit per line
 * compared or keyed, the elision tier per line paired, the reflow search per line walked. Every search stops with
 * `too_large` when it is spent, so a pathological input ends in a clear refusal, never a frozen editor.
 */
export class Budget {
  private spent = 0;
  /** With `shared`, the work is charged to it too: the budget of a whole request (a batch), spent edit by edit. */
  constructor(
    readonly limit: number,
    private readonly shared?: SharedBudget,
  ) {}

  charge(cells: number): void {
    this.shared?.charge(cells);
    this.spent += cells;
    if (this.spent > this.limit) {
      throw new EditError(
        'too_large',
        `Fuzzy matching gave up after ${this.limit.toLocaleString('en-US')} units of work: the old text is too large or too ` +
          'repetitive to locate safely. Give a shorter, more distinctive old text, or an exact one.',
      );
    }
  }

  /**
   * Work that only a whole request counts (a search's places made into candidates and answers: thousands for an
   * old text standing everywhere, cheap for one edit, minutes for thousands of such edits in one batch).
   */
  chargeShared(cells: number): void {
    this.shared?.charge(cells);
  }

  get used(): number {
    return this.spent;
  }
}

/**
 * The work one request (a batch of edits) may do in all: its edits are searched one after the other, each within
 * its own budget, and once this is spent each edit left is refused with too_large (those resolved stay resolved).
 */
export class SharedBudget {
  private spent = 0;
  constructor(readonly limit: number) {}

  charge(cells: number): void {
    this.spent += cells;
    if (this.spent > this.limit) {
      throw new EditError(
        'too_large',
        `This request's edits together are too much work to locate safely (more than ${this.limit.toLocaleString('en-US')} units): ` +
          'the edits before this one were resolved. Send the rest in a smaller request, or with more distinctive old texts.',
      );
    }
  }
}

/** A request's budget in all: ten edits' worth (about a second of work). */
export const SHARED_BUDGET = 600_000_000;
/** A place a search found among several (a candidate, then a Match in the answer), as work a request counts: 20,000 places took 0.15 s. */
export const PLACE_COST = 8000;

/** Enough for a 500-line old text against a 100,000-line file in well under 100 ms. */
export const DEFAULT_BUDGET = 60_000_000;
