import type { SourceText } from '../document';
import { placesLimit, type SearchContext } from '../tier';
import { countOfText, indexesOfText } from '../textSearch';

/** Places of a text the exact search lists at most (more make the answer ambiguous all the same). */
export const OCCURRENCES_LIMIT = 1000;

/**
 * Every occurrence of `text` in the document, overlapping ones included (they make a request ambiguous too).
 * Tries the text as given, then with LF line breaks, then with the file's CRLF: a CRLF file is matched on an
 * LF view without ever copying the file.
 */
export function occurrences(doc: SourceText, raw: string, lf: string, limit = OCCURRENCES_LIMIT): { spans: Array<[number, number]>; crlf: boolean } {
  const variants: Array<[string, boolean]> = [[raw, false]];
  if (lf !== raw) variants.push([lf, false]);
  if (lf.includes('\n') && doc.eolAt(0) === '\r\n') variants.push([lf.replace(/\n/g, '\r\n'), true]);
  for (const [needle, crlf] of variants) {
    const spans = byLines(doc, needle, limit) ?? byKnownPlaces(doc, needle, limit) ?? byScan(doc, needle, limit);
    if (spans.length) return { spans, crlf };
  }
  // Stryker disable next-line BooleanLiteral: equivalent: with no span there is no match for the flag to name
  return { spans: [], crlf: false };
}

/**
 * `occurrences` for a tier's search: every place for replace-all or a hint (placesLimit), else the first
 * OCCURRENCES_LIMIT; when the list stops there, how many there are in all goes to `ctx.placeCount` (the answer says
 * "matches 3,000 places", not 1,000).
 */
export function tierOccurrences(ctx: SearchContext, raw: string, lf: string): { spans: Array<[number, number]>; crlf: boolean } {
  return counted(ctx, raw, lf, occurrences(ctx.doc, raw, lf, placesLimit(ctx)));
}

/** `tierOccurrences` of the old text trimmed (the trimmed-boundary tier's search), made once per search. */
export function trimmedOccurrences(ctx: SearchContext, inner: string): { spans: Array<[number, number]>; crlf: boolean } {
  return counted(ctx, inner, inner, trimmedPlaces(ctx, inner));
}

/** `found`, with how many places there are in all put in `ctx.placeCount` when its list stopped at the limit. */
function counted<T extends { spans: Array<[number, number]>; crlf: boolean }>(ctx: SearchContext, raw: string, lf: string, found: T): T {
  if (placesLimit(ctx) === undefined && found.spans.length === OCCURRENCES_LIMIT) ctx.placeCount = occurrenceCount(ctx.doc, raw, lf, found.crlf);
  return found;
}

/** The trimmed old text's places, listed once per search: the exact tier reads them first (exactOccurrences). */
function trimmedPlaces(ctx: SearchContext, inner: string): { spans: Array<[number, number]>; crlf: boolean } {
  // Kept with its text: a context copied for another needle (the similarity tiers' unescaped one) carries it along.
  if (ctx.trimmedPlaces?.text !== inner) ctx.trimmedPlaces = { text: inner, ...occurrences(ctx.doc, inner, inner, placesLimit(ctx)) };
  return ctx.trimmedPlaces;
}

/**
 * The exact tier's places. An old text with whitespace around it holds its trimmed text, which stands wherever the
 * old text does: its places, found first, are the only ones to check (every one of them when the list is not cut).
 * When it stands nowhere, neither does the old text, and the trimmed-boundary tier has its answer too: one scan of
 * the file, not two, for a fuzzy hit or a refusal (and still one for an exact hit).
 */
export function exactOccurrences(ctx: SearchContext): { spans: Array<[number, number]>; crlf: boolean } {
  const { raw, text } = ctx.needle;
  const inner = text.trim();
  if (raw !== text || inner === text || inner.length === 0) return tierOccurrences(ctx, raw, text);
  // Not tierOccurrences: how many places the trimmed text has is no count of the old text's.
  const around = trimmedPlaces(ctx, inner);
  if (around.spans.length === 0) return around;
  const limit = placesLimit(ctx) ?? OCCURRENCES_LIMIT;
  if (around.spans.length < limit) {
    const crlf = around.crlf;
    const whole = crlf ? text.replace(/\n/g, '\r\n') : text;
    const lead = text.indexOf(inner);
    const leading = crlf ? text.slice(0, lead).replace(/\n/g, '\r\n') : text.slice(0, lead);
    const { content, bomLength } = ctx.doc;
    const spans: Array<[number, number]> = [];
    for (const [start] of around.spans) {
      // Stryker disable next-line ArithmeticOperator: speed only: a place not derived here is found by the scan below
      const at = start - leading.length;
      if (at >= bomLength && content.startsWith(whole, at)) spans.push([at, at + whole.length]);
    }
    // None there: the old text may still stand with the other line breaks (a one-line trimmed text is found with
    // LF, the breaks around it are CRLF): searched as given.
    if (spans.length > 0) return { spans, crlf };
  }
  return tierOccurrences(ctx, raw, text);
}

/** How many places `occurrences` would find with no limit, counted (not listed): one more scan of the file. */
function occurrenceCount(doc: SourceText, raw: string, lf: string, crlf: boolean): number {
  const needle = crlf ? lf.replace(/\n/g, '\r\n') : raw;
  const count = countOfText(doc.content, needle, doc.bomLength);
  return count > 0 || crlf || lf === raw ? count : countOfText(doc.content, lf, doc.bomLength);
}

/** The places recorded for the text (a batch's one-line old texts, found in one pass for all of them). */
function byKnownPlaces(doc: SourceText, needle: string, limit: number): Array<[number, number]> | undefined {
  return doc.knownPlaces(needle, limit)?.map((at) => [at, at + needle.length]);
}

function byScan(doc: SourceText, needle: string, limit: number): Array<[number, number]> {
  return indexesOfText(doc.content, needle, doc.bomLength, limit).map((at) => [at, at + needle.length]);
}

/**
 * The same occurrences, found through the document's line index when it has one (a text searched for many edits:
 * scanning the whole text for each would make a batch quadratic). A text holding two line breaks has a whole line
 * between them: every occurrence puts that line on a file line, so the file lines with its hash are the only
 * places to check. Undefined when the index or such a line is missing.
 */
function byLines(doc: SourceText, needle: string, limit: number): Array<[number, number]> | undefined {
  const first = needle.indexOf('\n');
  // With no line break at all (first is -1) the search from 0 finds none either.
  const second = needle.indexOf('\n', first + 1);
  if (second === -1) return undefined;
  const lines = doc.linesHashed(needle.slice(first + 1, second));
  if (!lines) return undefined;
  const spans: Array<[number, number]> = [];
  for (const f of lines) {
    const at = doc.lineStart(f) - 1 - first;
    if (at >= doc.bomLength && doc.content.startsWith(needle, at)) spans.push([at, at + needle.length]);
    if (spans.length === limit) break;
  }
  return spans;
}
