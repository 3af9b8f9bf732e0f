import type { SourceText } from '../document';
import { everyLineHolding } from '../lineSearch';
import type { Needle } from '../needle';
import { canonicalizeUnicode, typedDashes, typographicVariants } from '../normalize';
import type { Candidate } from '../tier';

/**
 * Longer one-line old texts are not looked for inside lines: their pattern (several characters for each of theirs)
 * reaches the limits of the regular expression engine (a 20,000-character line overflowed its stack and threw
 * instead of refusing), and each try of it along a line costs its length. A text this long is a line of its own,
 * or part of a minified one, where the exact tier finds it as it stands.
 */
const MAX_INLINE_TEXT = 2000;

/**
 * A one-line old text that is part of a line (`foo(a,b)` inside `x = foo(a, b);`): a pattern where whitespace
 * is flexible and, with `unicode`, typographic quotes and dashes stand for their ASCII forms.
 */
export function findInline(doc: SourceText, needle: Needle, unicode: boolean, normalized: string[], dashes = false): Candidate[] {
  if (needle.lines.length !== 1) return [];
  const line = needle.lines[0].trim();
  const text = dashes ? canonicalizeUnicode(typedDashes(line)) : unicode ? canonicalizeUnicode(line) : line;
  // An empty pattern would match the empty string everywhere: an old text of zero-width characters only is no place.
  if (!text || text.length > MAX_INLINE_TEXT) return [];
  const re = new RegExp(inlinePattern(text, unicode), 'g');
  const out: Candidate[] = [];
  // Every line holding the word, not a list cut at its limit (a place past the cut must not go unseen).
  for (const line of everyLineHolding(doc, needle.anchor().token)) {
    const l = doc.line(line);
    re.lastIndex = 0;
    // Every match is one character long at least: each piece of a non-empty pattern takes one (inlinePattern).
    for (let m = re.exec(l); m; m = re.exec(l)) {
      const start = doc.lineStart(line) + m.index;
      out.push({ start, end: start + m[0].length, score: 1, normalized, mergeOld: unicode ? needle.lines[0].trim() : undefined });
      re.lastIndex = m.index + 1;
    }
  }
  return out;
}

function escapeRegExp(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

function inlinePattern(text: string, unicode: boolean): string {
  // A run of whitespace is one flexible gap; any other character stands for itself (or its typographic forms).
  const parts = text.match(/\s+|\S/g)!;
  let out = '';
  parts.forEach((c, k) => {
    if (/\s/.test(c)) {
      out += '[\\s\\u00A0\\u2007\\u202F\\u2009\\u200A]+';
      return;
    }
    const variants = unicode ? typographicVariants(c) : [];
    out += variants.length ? `[${[c, ...variants].map(escapeRegExp).join('')}]` : escapeRegExp(c);
    // Optional whitespace between punctuation: `foo(a,b)` finds `foo(a, b)`.
    const next = parts[k + 1];
    if (next !== undefined && !/\s/.test(next) && !(/\w/.test(c) && /\w/.test(next))) out += '\\s*';
  });
  return out;
}
