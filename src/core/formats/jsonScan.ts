// Finds the JSON values embedded in arbitrary text (chat prose, ```json fences, logs) and parses each with
// the real JSON.parse: the bracket scan only says where a value could end, JSON.parse says what it is.

export type JsonSpan =
  | { kind: 'value'; start: number; end: number; value: unknown }
  /** Looked like JSON (`{"…` or `[{…`) but is broken; `at` is the offset of the problem in the whole text. */
  | { kind: 'broken'; start: number; end: number; at: number; reason: string };

/** JSON objects and arrays at the top level of `text`, in order; a value found is not searched inside again. */
export function scanJson(text: string): JsonSpan[] {
  const spans: JsonSpan[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '{' && c !== '[') continue;
    const close = findClose(text, i);
    if (close.end >= 0) {
      const source = text.slice(i, close.end);
      try {
        spans.push({ kind: 'value', start: i, end: close.end, value: JSON.parse(source) });
        i = close.end - 1;
        continue;
      } catch (err) {
        if (looksLikeJson(text, i)) {
          spans.push({ kind: 'broken', start: i, end: close.end, at: i + errorPosition(err, source), reason: errorReason(err) });
        }
      }
    } else if (looksLikeJson(text, i)) {
      spans.push({ kind: 'broken', start: i, end: text.length, at: text.length, reason: `not closed: expected "${close.expected}" before the end of the text` });
    }
    // Prose braces ("{like this}") or a broken outer value: values may still start inside it.
  }
  return spans;
}

/** Offset just past the bracket that closes the one at `start`, skipping strings; -1 when the text ends first. */
function findClose(text: string, start: number): { end: number; expected: string } {
  const expected: string[] = [];
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '{') expected.push('}');
    else if (c === '[') expected.push(']');
    else if (c === '}' || c === ']') {
      // A mismatched closer: not JSON from here; let JSON.parse explain where.
      if (expected.pop() !== c) return { end: i + 1, expected: c };
      if (expected.length === 0) return { end: i + 1, expected: c };
    }
  }
  return { end: -1, expected: expected[expected.length - 1] ?? '}' };
}

/** `{"` or `[{"` / `["`: the start of data rather than of a code block or prose. Only these earn an error. */
function looksLikeJson(text: string, start: number): boolean {
  return /^(?:\{\s*"|\[\s*(?:\{\s*)?")/.test(text.slice(start, start + 200));
}

function errorPosition(err: unknown, source: string): number {
  const m = /position (\d+)/.exec(String((err as Error)?.message));
  return m ? Number(m[1]) : source.length;
}

/** V8's message without the trailing "in JSON at position N (line L column C)": we give our own line number. */
function errorReason(err: unknown): string {
  const message = String((err as Error)?.message ?? err);
  return message.replace(/,?\s*(?:in JSON )?at position \d+.*$/s, '').replace(/^JSON\.parse: /, '') || 'invalid JSON';
}

/** 1-based line of an offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
