import type { SourceText } from '../document';
import { linesContaining } from '../lineSearch';
import type { Needle } from '../needle';
import { canonicalizeUnicode, typedDashes, typographicVariants } from '../normalize';
import type { Candidate } from '../tier';

/**
 * A one-line old text that is part of a line (`foo(a,b)` inside `x = foo(a, b);`): a pattern where whitespace
 * is flexible and, with `unicode`, typographic quotes and dashes stand for their ASCII forms.
 */
export function findInline(doc: SourceText, needle: Needle, unicode: boolean, normalized: string[], dashes = false): Candidate[] {
  if (needle.lines.length !== 1) return [];
  const line = needle.lines[0].trim();
  const text = dashes ? canonicalizeUnicode(typedDashes(line)) : unicode ? canonicalizeUnicode(line) : line;
  if (!text) return [];
  const re = new RegExp(inlinePattern(text, unicode), 'g');
  const out: Candidate[] = [];
  for (const line of linesContaining(doc, needle.anchor().token)) {
    const l = doc.line(line);
    re.lastIndex = 0;
    for (let m = re.exec(l); m; m = re.exec(l)) {
      if (m[0].length === 0) { re.lastIndex++; continue; }
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
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (/\s/.test(c)) {
      while (i + 1 < text.length && /\s/.test(text[i + 1])) i++;
      out += '[\\s\\u00A0\\u2007\\u202F\\u2009\\u200A]+';
    } else {
      const variants = unicode ? typographicVariants(c) : [];
      out += variants.length ? `[${[c, ...variants].map(escapeRegExp).join('')}]` : escapeRegExp(c);
      // Optional whitespace between punctuation: `foo(a,b)` finds `foo(a, b)`.
      if (i + 1 < text.length && !/\s/.test(text[i + 1]) && !(/\w/.test(c) && /\w/.test(text[i + 1]))) out += '\\s*';
    }
  }
  return out;
}
