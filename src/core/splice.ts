/**
 * `text` with non-overlapping spans (in `text`'s offsets) replaced. Only the original text is sliced, and the
 * pieces are concatenated (V8 joins them lazily, so an exact hit does not copy the file): splicing each span into
 * the text rebuilt by the one before copied the whole text per span, quadratic for many edits to one file.
 */
export function spliceAll(text: string, spans: readonly { start: number; end: number; text: string }[]): string {
  let out = '';
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    out += text.slice(at, span.start) + span.text;
    at = span.end;
  }
  return out + text.slice(at);
}
