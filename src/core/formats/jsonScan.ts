// Finds the JSON values embedded in arbitrary text (chat prose, ```json fences, logs) and parses each with
// the real JSON.parse: the bracket scan only says where a value could end, JSON.parse says what it is.
//
// Linear in the text, whatever it holds: one bracket scan records where every bracket it passes closes (a later
// candidate inside it is answered from that record, not rescanned), a string ends at a line break (JSON strings
// cannot hold one), and the total work has a budget, so no arrangement of brackets and quotes can make the
// scan quadratic; past the budget the text is refused as unreadable rather than scanned on.
import { FormatSyntaxError } from './text';

export type JsonSpan =
  | { kind: 'value'; start: number; end: number; value: unknown }
  /** Looked like JSON (`{"…` or `[{…`) but is broken; `at` is the offset of the problem in the whole text. */
  | { kind: 'broken'; start: number; end: number; at: number; reason: string };

/** Work allowed per character of text (scan steps plus characters handed to JSON.parse), plus a fixed allowance. */
const WORK_PER_CHAR = 40;
const WORK_FIXED = 4_000_000;

/**
 * JSON objects and arrays at the top level of `text`, in order; a value found is not searched inside again.
 * Lazy: a caller that stops at the first broken span does not pay for the rest. `worthParsing` skips spans
 * the caller has no use for (tool calls: spans without an edit key) before JSON.parse reads them: a skipped
 * span is searched inside, at the cost of the bracket scan only.
 */
export function* scanJson(text: string, worthParsing: (start: number, end: number) => boolean = () => true): Generator<JsonSpan> {
  const lease = leaseRecord(text.length);
  try {
    yield* spans(text, worthParsing, new Closes(text, lease));
  } finally {
    // Run when the scan ends, when the caller stops early (return()), or on a throw; a generator dropped unfinished
    // never gives its record back, and it is simply not reused.
    returnRecord(lease);
  }
}

/** Bytes of the bracket record per character of text (see Closes). */
const RECORD_BYTES = 23;
/** The bytes of the bracket record of a text of `length` characters (never a zero-length buffer). */
const recordBytes = (length: number) => Math.max(RECORD_BYTES * length, 8);
/** Records of at most this many bytes are kept for the next scan: a markdown answer of 10,000 fenced tool calls
 * scanned each block with six typed arrays of its own (a tenth of a second of the extension host per CodeLens
 * refresh, most of it the collector freeing them). A larger record is left to the collector. */
const KEPT_RECORD_BYTES = 1 << 20;
let spareRecord: ArrayBuffer | undefined;

/** A zeroed record for a text of `length` characters: the spare one when it is free and large enough. */
function leaseRecord(length: number): ArrayBuffer {
  const bytes = recordBytes(length);
  const spare = spareRecord;
  if (spare && spare.byteLength >= bytes) {
    spareRecord = undefined;
    new Uint8Array(spare, 0, bytes).fill(0);
    return spare;
  }
  return new ArrayBuffer(bytes <= KEPT_RECORD_BYTES ? Math.max(bytes, 4096) : bytes);
}

function returnRecord(record: ArrayBuffer): void {
  if (record.byteLength <= KEPT_RECORD_BYTES && (!spareRecord || spareRecord.byteLength < record.byteLength)) spareRecord = record;
}

function* spans(text: string, worthParsing: (start: number, end: number) => boolean, closes: Closes): Generator<JsonSpan> {
  let budget = WORK_PER_CHAR * text.length + WORK_FIXED;
  /** Inside a broken span already reported: a broken value within it adds nothing (same problem, or none new).
   * 0 before the first: every span ends past it. */
  let brokenUntil = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== OPEN_BRACE && c !== OPEN_BRACKET) continue;
    const close = closes.from(i);
    const closed = close.end !== -1;
    budget -= close.work;
    if (closed && worthParsing(i, close.end)) budget -= close.end - i;
    if (budget < 0) {
      const line = new LineIndex(text).lineAt(i);
      throw new FormatSyntaxError(line, `The JSON in this text is too deeply nested and broken to read (from line ${line}): send the edit as one well-formed JSON value.`);
    }
    if (!worthParsing(i, closed ? close.end : text.length)) continue;
    if (closed) {
      const source = text.slice(i, close.end);
      try {
        const value = JSON.parse(source);
        yield { kind: 'value', start: i, end: close.end, value };
        i = close.end - 1;
        continue;
      } catch (err) {
        if (looksLikeJson(text, i) && close.end > brokenUntil) {
          brokenUntil = close.end;
          yield { kind: 'broken', start: i, end: close.end, at: i + errorPosition(err, source), reason: errorReason(err) };
        }
      }
    } else if (looksLikeJson(text, i) && text.length > brokenUntil) {
      brokenUntil = text.length;
      yield { kind: 'broken', start: i, end: text.length, at: text.length, reason: `not closed: expected "${close.expected}" before the end of the text` };
    }
    // Prose braces ("{like this}") or a broken outer value: values may still start inside it.
  }
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

interface Close {
  /** Offset just past the bracket that closes the one at the start (or past a mismatched closer, or past the
   * line break that ends a string early); -1 when the text ends first. */
  end: number;
  expected: string;
  /** Characters scanned to answer (0 when answered from the record). */
  work: number;
}

/** How a bracket's scan ended. 0: not known yet. */
const CLOSED = 1;
/** A closer met a bracket opened inside this one that it does not close. */
const MISMATCHED = 2;
const BROKEN_STRING = 3;
const UNCLOSED = 4;
/** A closer met this bracket, innermost then, and does not close it. */
const MISMATCHED_HERE = 5;

/** The scanner's state before a character: outside strings, inside one, inside one just after a backslash. */
const OUT = 0;
const IN = 1;
const ESCAPED = 2;

/**
 * Where the bracket at an offset closes, skipping strings. Scans from different brackets share their work:
 *
 * - Every bracket a scan passes outside strings gets its answer recorded: a later scan meeting it knows how
 *   its contents end without reading them (a closed bracket is skipped; any other end is the end for every
 *   bracket still open, since what follows is read the same way by both).
 * - Every character a scan reads is recorded with the scanner's state there and the innermost bracket open
 *   at that point. A later scan that reaches the same character in the same state reads the rest exactly as
 *   the earlier one did, so it jumps to where that bracket's scan ended instead of reading it again. Only the
 *   brackets opened before that point differ (the later scan may have started inside a string of the earlier
 *   one, and come back in step at an escaped quote): the closer, or the end of the text, that met that bracket
 *   meets the later scan's own innermost bracket instead.
 *
 * So each character is read at most once per state (three states): linear, however brackets and quotes mix.
 */
export class Closes {
  private readonly kind: Uint8Array;
  private readonly end: Int32Array;
  private readonly expected: Uint16Array;
  /** For a bracket left unclosed: the innermost bracket open at the end of the text. */
  private readonly last: Int32Array;
  /** Per state: 1 + the innermost open bracket of the scan that read this character in that state; 0: none. */
  private readonly frameAt: Int32Array[];

  /** `record`: zeroed memory of at least RECORD_BYTES per character, laid out in one buffer (one allocation, not six). */
  constructor(
    private readonly text: string,
    record = new ArrayBuffer(recordBytes(text.length)),
  ) {
    const n = text.length;
    // The 4-byte arrays first, at offsets that are multiples of 4; then the 2-byte one; then the bytes.
    this.end = new Int32Array(record, 0, n);
    this.last = new Int32Array(record, 4 * n, n);
    this.frameAt = [new Int32Array(record, 8 * n, n), new Int32Array(record, 12 * n, n), new Int32Array(record, 16 * n, n)];
    this.expected = new Uint16Array(record, 20 * n, n);
    this.kind = new Uint8Array(record, 22 * n, n);
  }

  from(start: number): Close {
    if (this.kind[start] !== 0) return this.answer(start, 0);
    this.scan(start);
    return this.answer(start, this.work);
  }

  private answer(start: number, work: number): Close {
    return { end: this.end[start], expected: String.fromCharCode(this.expected[start]), work };
  }

  /** Characters read by the last scan. */
  private work = 0;

  private settle(frames: number[], kind: number, end: number, expected: number): void {
    for (const f of frames) [this.kind[f], this.end[f], this.expected[f]] = [kind, end, expected];
  }

  /**
   * Settles `frames` (innermost last) as the scan of bracket `f` ended, `f` being the innermost bracket open where
   * the two scans met; returns the offset to go on from, or undefined when done.
   */
  private follow(frames: number[], f: number): number | undefined {
    const kind = this.kind[f];
    // The closer that closed `f`, or did not, meets the innermost of `frames` instead.
    if (kind === CLOSED || kind === MISMATCHED_HERE) return this.pop(frames, this.end[f] - 1);
    if (kind === UNCLOSED && this.last[f] === f) {
      // Nothing opened after the meeting point is still open: the innermost of `frames` lacks its closer.
      this.unclosed(frames);
      return undefined;
    }
    // A closer met a bracket opened after the meeting point, which `frames` reads too (or a line break ended a string).
    this.settle(frames, kind, this.end[f], this.expected[f]);
    if (kind === UNCLOSED) for (const g of frames) this.last[g] = this.last[f];
    return undefined;
  }

  /** Settles `frames` (innermost last) as never closed: the text ends first. */
  private unclosed(frames: number[]): void {
    const innermost = frames[frames.length - 1];
    this.settle(frames, UNCLOSED, -1, closerOf(this.text.charCodeAt(innermost)));
    for (const g of frames) this.last[g] = innermost;
  }

  /** The closer at `at` meets the innermost open bracket; returns the offset to go on from, or undefined when done. */
  private pop(frames: number[], at: number): number | undefined {
    const c = this.text.charCodeAt(at);
    const top = frames.pop()!;
    if (closerOf(this.text.charCodeAt(top)) !== c) {
      // A mismatched closer: not JSON from here, for every bracket still open; let JSON.parse explain where.
      this.settle(frames, MISMATCHED, at + 1, c);
      this.settle([top], MISMATCHED_HERE, at + 1, c);
      return undefined;
    }
    this.settle([top], CLOSED, at + 1, c);
    return frames.length === 0 ? undefined : at + 1;
  }

  private scan(start: number): void {
    const { text } = this;
    const open: number[] = [start];
    let state = OUT;
    this.work = 0;
    for (let i = start + 1; i < text.length; ) {
      const seen = this.frameAt[state][i];
      if (seen !== 0) {
        // Read before in this state: the rest reads the same, up to where that scan's bracket ended.
        this.work++;
        const next = this.follow(open, seen - 1);
        if (next === undefined) return;
        [i, state] = [next, OUT];
        continue;
      }
      this.frameAt[state][i] = open[open.length - 1] + 1;
      this.work++;
      const c = text.charCodeAt(i);
      if (state === ESCAPED || (state === IN && c !== QUOTE && c !== BACKSLASH)) {
        if (c === NEWLINE) {
          // A line break cannot be in a JSON string: every bracket still open is broken here.
          this.settle(open, BROKEN_STRING, i + 1, QUOTE);
          return;
        }
        state = IN;
      } else if (state === IN) {
        state = c === QUOTE ? OUT : ESCAPED;
      } else if (c === QUOTE) {
        state = IN;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (this.kind[i] !== 0) {
          // Scanned before from this bracket: skip its contents, or end where it ended.
          open.push(i);
          const next = this.follow(open, i);
          if (next === undefined) return;
          i = next;
          continue;
        }
        open.push(i);
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        const next = this.pop(open, i);
        if (next === undefined) return;
      }
      i++;
    }
    this.unclosed(open);
  }
}

function closerOf(opener: number): number {
  return opener === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
}

/** `{"` or `[{"` / `["`: the start of data rather than of a code block or prose. Only these earn an error. */
function looksLikeJson(text: string, start: number): boolean {
  return /^(?:\{\s*"|\[\s*(?:\{\s*)?")/.test(text.slice(start, start + 200));
}

// JSON.parse throws a SyntaxError, whose message each engine words its own way.
function errorPosition(err: unknown, source: string): number {
  const m = /position (\d+)/.exec((err as SyntaxError).message);
  return m ? Number(m[1]) : source.length;
}

/** V8's "… in JSON at position N (line L column C)", from there to the end: we give our own line number. */
const POSITION_SUFFIX = /,?\s*(?:in JSON )?at position \d.*/s;
/** SpiderMonkey's (Firefox: VS Code for the Web) "JSON.parse: " before its message. */
const ENGINE_PREFIX = /^JSON\.parse: /;

function errorReason(err: unknown): string {
  const reason = (err as SyntaxError).message.replace(POSITION_SUFFIX, '').replace(ENGINE_PREFIX, '');
  // Stryker disable next-line StringLiteral: equivalent; no engine's message is empty once its position is cut, so this is only a guard against a silent reason.
  return reason || 'invalid JSON';
}

/**
 * 1-based line numbers of offsets in one text, from one pass over it: asking for many offsets (one per tool
 * call) costs a binary search each, not a rescan from the start.
 */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  lineAt(offset: number): number {
    // Stryker disable next-line ArithmeticOperator: equivalent; an upper bound past the last start reads undefined there, which no offset is at or past.
    let [lo, hi] = [0, this.starts.length - 1];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
}
