// The one small interface every tier implements, and what a tier hands to the cascade.

import type { SourceText } from './document';
import type { LineWindow } from './lineSearch';
import type { Needle } from './needle';
import type { TierName } from './types';
import type { Budget } from './budget';

/** A span a tier believes the old text refers to, with what the applier needs to write the new text. */
export interface Candidate {
  start: number;
  end: number;
  score: number;
  /** Similarity tiers: how well the old text's own lines matched (see Scored.evidence). */
  evidence?: number;
  /** Plain words for what had to be normalised (shared by places described alike: never changed in place). */
  normalized: readonly string[];
  /** Set for line tiers: the span is whole lines, and needle lines map to file lines. */
  window?: LineWindow & {
    /** needle line index of an elision marker → the file lines it stands for (inclusive, may be empty). */
    elided?: Map<number, [number, number]>;
    /** The pairs are exact by construction (a snippet's kept lines): the alignment takes them as they are. */
    trusted?: boolean;
  };
  /** The needle lines the window was matched against (the unescaped ones for the escape tier). */
  needleLines?: string[];
  /** Turns the new text the way the old text had to be turned to match (e.g. unescaping). */
  transformNew?: (text: string) => string;
  /** For sub-line spans: whitespace the old text had around it that the file does not. */
  trimmedBoundary?: { leading: string; trailing: string };
  /** For a part of a line: the old text, so the file's characters come back where the edit did not touch them. */
  mergeOld?: string;
  /** A match whose line breaks differ from the old text's: the old lines and the file lines it spans. */
  reflow?: { oldLines: string[]; startLine: number; endLine: number };
  /** The old text matched only after its LF line breaks were read as the file's CRLF. */
  crlf?: boolean;
}

export interface SearchContext {
  doc: SourceText;
  needle: Needle;
  threshold: number;
  budget: Budget;
  /** Every place is wanted (replace all): a search that lists places lists all of them, not its first thousand. */
  everyPlace?: boolean;
  /** A hint chooses among the places: every one is listed too (the nearest may be past the first thousand). */
  hinted?: boolean;
  /** Set by a tier that listed only the first of its places: how many there are in all (for the answer). */
  placeCount?: number;
  /** The old text's places once trimmed, listed by the exact tier's search (exactOccurrences) for the next tier. */
  trimmedPlaces?: { text: string; spans: Array<[number, number]>; crlf: boolean };
}

/** How many places a search for text lists: all of them for replace-all or a hint, else enough to tell ambiguity. */
export function placesLimit(ctx: SearchContext): number | undefined {
  return ctx.everyPlace || ctx.hinted ? Infinity : undefined;
}

export interface Tier {
  name: TierName;
  /** Lossless tiers report every equivalent span; similarity tiers report scored spans, best first. */
  lossless: boolean;
  find(ctx: SearchContext): Candidate[];
}

/** Whole-line span of a window, in original offsets (line breaks excluded). */
export function windowSpan(doc: SourceText, w: LineWindow): { start: number; end: number } {
  return { start: doc.lineStart(w.startLine), end: doc.lineEnd(w.endLine) };
}

export function lineCandidate(doc: SourceText, w: LineWindow, needleLines: string[], score: number, normalized: readonly string[]): Candidate {
  // Written out, not spread from windowSpan: V8 gave each object spread here a hidden class of its own (an ambiguous
  // answer of 20,000 places: 20,000 maps and descriptor arrays, 5 of its 19 MB, and a third of its time).
  return { start: doc.lineStart(w.startLine), end: doc.lineEnd(w.endLine), score, normalized, window: w, needleLines };
}
