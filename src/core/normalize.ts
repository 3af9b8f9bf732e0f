// Line equivalences, from strict to loose. Each is a pure function of one line, so the one line-window
// search (lineSearch.ts) can run under any of them.

import { indentColumns, isTrimmedSpace } from './document';

/** Whitespace between two word characters is meaningful (`return x` ≠ `returnx`); elsewhere it is not. */
export function collapseWhitespace(line: string): string {
  // Written as a loop over character codes (it keys every line of a file in the line tiers): the same result as
  // `s.replace(/\s+/g, …)` with a callback per run, at a fraction of the cost.
  // Stryker disable next-line MethodExpression: equivalent: a run of whitespace at either end has no word character beyond it, so it goes all the same
  const s = line.trim();
  let out = '';
  let from = 0;
  // Stryker disable next-line EqualityOperator: equivalent: one step past the end reads NaN, which is no whitespace
  for (let i = 0; i < s.length; i++) {
    if (!isTrimmedSpace(s.charCodeAt(i))) continue;
    let j = i + 1;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: past the end the code is NaN, which is no whitespace
    while (j < s.length && isTrimmedSpace(s.charCodeAt(j))) j++;
    out += s.slice(from, i);
    if (isWordCode(s.charCodeAt(i - 1)) && isWordCode(s.charCodeAt(j))) out += ' ';
    from = j;
    i = j - 1;
  }
  // Stryker disable next-line ConditionalExpression: equivalent: with no run found, out is empty and the slice is the whole line
  return from === 0 ? s : out + s.slice(from);
}

export function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[\p{L}\p{N}_$]/u.test(c);
}

/** `isWordChar` of one UTF-16 code unit (NaN: none), without a regular expression for ASCII. */
function isWordCode(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
  // Stryker disable next-line ConditionalExpression: equivalent: NaN becomes U+0000, which is no word character either
  return c === c && isWordChar(String.fromCharCode(c));
}

// Stryker disable StringLiteral: static: read once when the module loads, which the test runner cannot redo per mutant; normalize.test.ts fails on each entry changed by hand
/** Typographic characters models and chat UIs substitute for ASCII, mapped to what code usually has. */
const UNICODE_CANON: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"', '\u2033': '"', '\u00AB': '"', '\u00BB': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u00A0': ' ', '\u2007': ' ', '\u202F': ' ', '\u2009': ' ', '\u200A': ' ', '\u3000': ' ',
  '\u200B': '', '\u200C': '', '\u200D': '', '\uFEFF': '', '\u2060': '',
  '\u2026': '...',
};
// Stryker restore StringLiteral
const UNICODE_RE = new RegExp(`[${Object.keys(UNICODE_CANON).join('')}]`, 'g');

/** The characters read as nothing (zero-width ones): a word can stand in a text split by one. */
const ZERO_WIDTH_RE = new RegExp(`[${Object.keys(UNICODE_CANON).filter((c) => UNICODE_CANON[c] === '').join('')}]`, 'g');

/** Whether `text` holds a character canonicalizeUnicode reads as nothing, at `from` or after. */
export function hasZeroWidthChars(text: string, from = 0): boolean {
  ZERO_WIDTH_RE.lastIndex = from;
  return ZERO_WIDTH_RE.test(text);
}

/** For each ASCII character, the typographic characters that stand for it (`"` → `“”„‟″«»`). */
export function typographicVariants(ascii: string): string[] {
  return Object.keys(UNICODE_CANON).filter((c) => UNICODE_CANON[c] === ascii);
}

export function hasTypographicChars(s: string): boolean {
  UNICODE_RE.lastIndex = 0;
  return UNICODE_RE.test(s);
}

export function canonicalizeUnicode(s: string): string {
  return s.replace(UNICODE_RE, (c) => UNICODE_CANON[c]);
}

/** The loosest lossless view of a line: typographic characters canonicalised, then whitespace collapsed. */
export function canonicalLine(line: string): string {
  return collapseWhitespace(canonicalizeUnicode(line));
}

/** An en or em dash a chat UI made of `--` (`—force`, `i—`). */
const SMART_DASH = /[\u2013\u2014]/g;

export function hasSmartDash(s: string): boolean {
  SMART_DASH.lastIndex = 0;
  return SMART_DASH.test(s);
}

/**
 * canonicalLine with an en or em dash read as the `--` it was typed as (chat UIs turn `--force` into `—force`).
 * A second view, not canonicalLine's: there a dash is one `-`, which is what a dash in prose stands for.
 */
export function dashedLine(line: string): string {
  return canonicalLine(typedDashes(line));
}

/** Each en or em dash as the `--` it was typed as. */
export function typedDashes(s: string): string {
  return s.replace(SMART_DASH, '--');
}

/** What one level of over-escaping turned a character into (a JSON/JS string escape applied once too often). */
// Stryker disable next-line StringLiteral: static: read once when the module loads, which the test runner cannot redo per mutant; normalize.test.ts fails on each entry changed by hand
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', "'": "'", '`': '`', '\\': '\\', $: '$', '\n': '\n' };

/** True when the text has the escapes a model adds when it over-escapes (`\n`, `\t`, `\"`, `\\` …). */
export function looksOverEscaped(s: string): boolean {
  return /\\[nt"'`\\$]/.test(s);
}

/**
 * A text of one line holding `\n` as two characters followed by a line's indentation (`x = 41\n    return x`):
 * code escaped once too often, its line breaks written as text. (In a string literal a `\n` is followed by words,
 * rarely by an indentation of two spaces or a tab.)
 */
export function looksLikeEscapedLines(s: string): boolean {
  return !s.includes('\n') && /\\n(?:\t| {2,})\S/.test(s);
}

/** Undo exactly one level of escaping: `\\n` becomes `\n` (two characters), never a newline. */
export function unescapeOnce(s: string): string {
  return s.replace(/\\([ntr"'`\\$\n])/g, (_m, c: string) => ESCAPES[c]);
}

// Stryker disable next-line StringLiteral: static: read once when the module loads, which the test runner cannot redo per mutant; normalize.test.ts fails on each entry changed by hand
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00A0' };

/** True when the text has the HTML entities a web page puts in code it shows (`&lt;`, `&amp;`, `&#39;` …). */
export function hasHtmlEntities(s: string): boolean {
  return /&(?:lt|gt|amp|quot|apos|nbsp|#\d{1,5}|#x[0-9a-f]{1,4});/i.test(s);
}

/** Decodes the HTML entities of code copied from a web page, once (`&amp;lt;` becomes `&lt;`). */
export function decodeHtmlEntities(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|apos|nbsp|#\d{1,5}|#x[0-9a-f]{1,4});/gi, (m, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCharCode(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCharCode(Number(lower.slice(1)));
    return ENTITIES[lower] ?? m;
  });
}

/** Leading whitespace of a line. */
export function indentOf(line: string): string {
  return line.slice(0, line.length - line.trimStart().length);
}

/** Indentation width in columns; a tab advances to the next multiple of `tabSize`. */
export function indentWidth(indent: string, tabSize = 4): number {
  return indentColumns(indent, 0, indent.length, tabSize);
}

/**
 * `text` without the run of `chars` it ends with. A loop, not `/[…]+$/`: that pattern tries a run from every
 * character of a long run that does not reach the end, which is quadratic (a path of 100,000 dots: 3.9 s).
 */
export function withoutTrailing(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1])) end--;
  return end === text.length ? text : text.slice(0, end);
}

export function isBlank(line: string): boolean {
  return line.trim().length === 0;
}

/** A line that can anchor a block: it has a word of two or more characters, not just braces and commas. */
export function isMeaningfulLine(line: string): boolean {
  return /[\p{L}\p{N}_$]{2,}/u.test(line);
}

/** ASCII identifier-like runs, longest first: candidate lines must contain them under every lossless tier. */
export function wordTokens(line: string): string[] {
  const tokens = line.match(/[A-Za-z0-9_$]{2,}/g) ?? [];
  return [...new Set(tokens)].sort((a, b) => b.length - a.length);
}
