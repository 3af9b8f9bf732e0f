import type { SourceText } from '../document';

/**
 * Every occurrence of `text` in the document, overlapping ones included (they make a request ambiguous too).
 * Tries the text as given, then with LF line breaks, then with the file's CRLF: a CRLF file is matched on an
 * LF view without ever copying the file.
 */
export function occurrences(doc: SourceText, raw: string, lf: string, limit = 1000): { spans: Array<[number, number]>; crlf: boolean } {
  const variants: Array<[string, boolean]> = [[raw, false]];
  if (lf !== raw) variants.push([lf, false]);
  if (lf.includes('\n') && doc.eolAt(0) === '\r\n') variants.push([lf.replace(/\n/g, '\r\n'), true]);
  for (const [needle, crlf] of variants) {
    const spans: Array<[number, number]> = [];
    let at = doc.content.indexOf(needle, doc.bomLength);
    while (at !== -1 && spans.length < limit) {
      spans.push([at, at + needle.length]);
      at = doc.content.indexOf(needle, at + 1);
    }
    if (spans.length) return { spans, crlf };
  }
  return { spans: [], crlf: false };
}
