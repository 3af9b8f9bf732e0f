// Which file lines, trimmed, are one of a few given texts: the candidate vote asks it of every line of the file,
// so it must cost a few reads per line, not a walk of each line's indentation.

import { isTrimmedSpace, type SourceText } from './document';

/**
 * The file lines whose trimmed text is one of `texts` (each non-empty and trimmed), by text, in document order.
 *
 * Most lines are rejected on a hash of their last four characters, read in place (a line of code ending `);` or
 * `{` is common; its last four characters are much less so): no string is allocated and the indentation is not
 * walked. A line equal to a text once trimmed ends in the text's last characters, so the hash never rejects it;
 * with a text shorter than four characters, the hash reads as many as the shortest text has (a line's last four
 * would take in what stands before the text). The lines left are checked on their trimmed length and first
 * character, then compared whole.
 */
export function linesTrimmedTo(doc: SourceText, texts: Iterable<string>): Map<string, number[]> {
  const wanted = new Set(texts);
  const found = new Map<string, number[]>();
  let longest = 0;
  let shortest = Infinity;
  for (const t of wanted) {
    longest = Math.max(longest, t.length);
    shortest = Math.min(shortest, t.length);
  }
  if (wanted.size === 0) return found;
  const k = Math.min(4, shortest);
  // The texts by the hash of their tail, read in place: `tails` holds the first text of each hash (its place in
  // `texts` plus one, 0 for none), `sameTail` the next one of the same hash. A line let through is compared with
  // those few texts where it stands (no string is sliced: in a file of thousands of look-alike blocks, thousands of
  // lines get this far).
  const list = [...wanted];
  const tails = new Int32Array(65536);
  const sameTail = new Int32Array(list.length);
  const firsts = new Uint8Array(65536);
  const lengths = new Uint8Array(longest + 1);
  for (let i = list.length - 1; i >= 0; i--) {
    const t = list[i];
    const h = tailHash(t, t.length - 1, k);
    sameTail[i] = tails[h];
    tails[h] = i + 1;
    firsts[t.charCodeAt(0)] = 1;
    lengths[t.length] = 1;
  }
  const { content } = doc;
  const starts = doc.lineStarts;
  for (let f = 0, n = starts.length; f < n; f++) {
    let a = starts[f];
    let b = (f + 1 < n ? starts[f + 1] - 1 : content.length) - 1;
    while (b >= a && isTrimmedSpace(content.charCodeAt(b))) b--;
    if (b < a) continue;
    const first = tails[tailHash(content, b, k)];
    // Stryker disable next-line ConditionalExpression,EqualityOperator: speed only: a line the hash lets through is compared whole (trimmedLines.test.ts checks the definition)
    if (first === 0) continue;
    while (isTrimmedSpace(content.charCodeAt(a))) a++;
    const length = b - a + 1;
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,ArithmeticOperator: speed only: a line these let through is compared whole
    if (length > longest || lengths[length] === 0 || firsts[content.charCodeAt(a)] === 0) continue;
    for (let i = first; i !== 0; i = sameTail[i - 1]) {
      const t = list[i - 1];
      if (t.length !== length || !content.startsWith(t, a)) continue;
      const lines = found.get(t);
      if (lines) lines.push(f);
      else found.set(t, [f]);
      break;
    }
  }
  return found;
}

/**
 * A 16-bit hash of the `k` characters of `text` that end at `last` (1 ≤ k ≤ 4). Shifts and xors keep it a small
 * integer (a product of characters would overflow into a double): it runs once per line of the file.
 */
function tailHash(text: string, last: number, k: number): number {
  let h = text.charCodeAt(last);
  for (let i = 1; i < k; i++) h = (h << 4) ^ text.charCodeAt(last - i);
  return (h ^ (h >>> 16)) & 0xffff;
}
