// A long text cut into parts of at most `size` UTF-16 code units, never between the two halves of a surrogate
// pair (each part is encoded to UTF-8 on its own: half a pair would come back as U+FFFD). Joined, the parts are the
// text. The extension writes snapshot files and sends texts to the engine's worker a part per turn of its host.

/** Characters per part when the extension sends or writes one part per turn of its host: about 5 ms to encode and
 * post in the web worker host, where the whole 2.7 MB text of a 100,000-line document took 20-40 ms to post and about
 * 200 ms to encode and write. */
export const PART_LENGTH = 1 << 18;

export function textParts(text: string, size = PART_LENGTH): string[] {
  if (text.length <= size) return [text];
  const parts: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + size);
    const c = text.charCodeAt(end - 1);
    // A high surrogate last: its low half goes with it into the next part.
    if (end < text.length && c >= 0xd800 && c <= 0xdbff) end--;
    parts.push(text.slice(at, end));
    at = end;
  }
  return parts;
}
