// The engine's vocabulary. One `Match` type flows from parsing to resolving to review to applying.
// This file is part of the public contract of dist/core.js: extend it, don't break it.

/** Stable tier names, strict → loose. Outside tools key on these strings. */
export const TIER_NAMES = [
  'exact',
  'trimmed-boundary',
  'indentation',
  'line-trimmed',
  'whitespace',
  'unicode',
  'escape',
  'line-numbers',
  'elision',
  'context',
  'block-anchor',
  'similarity',
  // Not a tier of the old-text cascade: applySnippet's way of placing a bare code block (snippet/).
  'snippet',
] as const;
export type TierName = (typeof TIER_NAMES)[number];

/** Tiers whose equivalence loses nothing that matters: their matches apply without review. */
export const LOSSLESS_TIERS: readonly TierName[] = [
  'exact',
  'trimmed-boundary',
  'indentation',
  'line-trimmed',
  'whitespace',
  'unicode',
  'escape',
  'line-numbers',
];

/** The kind of a tier, for colours and auto-apply policy: exact < normalized < similarity. */
export type TierKind = 'exact' | 'normalized' | 'similarity';

export interface Match {
  /** Which tier found it (stable name). */
  tier: TierName;
  /** UTF-16 offsets into the original `content` (BOM and CR included), as `TextDocument.positionAt` takes them. */
  start: number;
  end: number;
  /** 0-based line of `start`, and of the last character of the span (inclusive), like VS Code's `Position.line`. */
  startLine: number;
  endLine: number;
  /** 1 for an exact or lossless match; the similarity for the fuzzy tiers; in [0, 1]. */
  score: number;
  /** True for every tier that is not a lossless normalisation: a person should look before it is applied. */
  needsReview: boolean;
  /** Plain words for what had to be normalised to see the match (e.g. "indentation", "CRLF line endings"). */
  normalized: string[];
  /** The text of the span as it stands in `content`. */
  text: string;
  /** Set when `options.hint` chose this span among otherwise equal candidates. */
  chosenByHint?: boolean;
  /**
   * Why this match waits for review beyond its tier, in plain words: an interpretation the merge made (a
   * placeholder in the new text kept the lines it stands for) or a difference between the change asked for and
   * the change that would be written. Set by `applyEdit`; `needsReview` is then true.
   */
  review?: string[];
}

/** The place a refused request came closest to; shown to people and to models so the next try succeeds. */
export interface Closest {
  start: number;
  end: number;
  startLine: number;
  endLine: number;
  /** Similarity in [0, 1] of the old text to this span. */
  score: number;
  text: string;
  /** The first line (0-based, in the file) where the span and the old text differ, with both versions. */
  firstDifference?: { line: number; expected: string; actual: string };
}

export type FindResult =
  | { kind: 'match'; match: Match; /** every match when `replaceAll`; otherwise `[match]` */ matches: Match[] }
  | {
      kind: 'ambiguous';
      tier: TierName;
      /** The places, in document order: the first MAX_LISTED_PLACES of them when there are more (see `places`). */
      candidates: Match[];
      /** How many places there are in all, set when `candidates` lists only the first of them (see placeCount). */
      places?: number;
    }
  | { kind: 'not_found'; tried: TierName[]; closest?: Closest }
  | {
      kind: 'already_applied';
      match: Match;
      /** Set when the old text stands in the file too, inside the new text's place: the edit inserts lines that
       * already stand beside it (applying it again would add them a second time). */
      aroundOld?: true;
      /** Set when the old text nearly stands elsewhere too (a similarity tier found it apart from the new text):
       * the edit may be meant there, with a slip in its old text. A batch does not count it as done. */
      oldNear?: Closest;
    };

/**
 * A line (0-based) or an offset near the intended place, e.g. the cursor (a bare number is a line): the nearest
 * place is chosen. `after`: the place starts at or below that line, the first of those (apply_patch's `@@ def b():`
 * anchor says the change is inside what follows it, not near it): places above it are not considered at all.
 */
export type Hint = number | { line: number } | { offset: number } | { after: number };

export interface FindOptions {
  /** Replace every occurrence found by the strictest tier that finds any. */
  replaceAll?: boolean;
  /** Breaks ties between otherwise equal candidates only; it never makes a weak match acceptable. */
  hint?: Hint;
  /** Enable or disable tiers: a list of the enabled ones, or a map of name → enabled. */
  tiers?: readonly TierName[] | Partial<Record<TierName, boolean>>;
  /** Minimum similarity for the similarity tiers, in (0, 1]. Default 0.85. Values below 0.5 are refused. */
  threshold?: number;
  /** The new text: lets `findMatch` recognise an edit that is already applied. */
  newString?: string;
  /** Work budget in Levenshtein cells before giving up with `too_large`. */
  budget?: number;
}

export interface ApplyOptions extends Omit<FindOptions, 'newString'> {
  /** Re-indent the new text to the matched lines when indentation was ignored. Default true. */
  reindent?: boolean;
}

/** One replacement in the original text's offsets; what an editor turns into a `TextEdit`. */
export interface SpanEdit {
  start: number;
  end: number;
  text: string;
  match: Match;
}

export interface ApplyResult {
  /** The whole new text of the document. */
  content: string;
  matches: Match[];
  /** The text written in place of the first match (line endings and indentation adapted). */
  replacement: string;
  /** Every replacement, in document order, non-overlapping, in the original text's offsets. */
  edits: SpanEdit[];
  /**
   * What was written, as a unified diff of the changed lines with two lines of context and the file's line
   * numbers (1-based, LF): exactly the change `content` has, to show a person or hand back to a model.
   */
  diff: string;
}

export type EditErrorCode = 'not_found' | 'ambiguous' | 'already_applied' | 'invalid_input' | 'too_large' | 'merge_conflict';
