// How one snippet line relates to one file line: the same line, the same line with a slip of the keyboard
// (kept as the file spells it), a changed version of it, or unrelated.

import { distance } from 'fastest-levenshtein';
import type { SourceText } from '../document';
import { EditError } from '../errors';
import { canonicalLine, isBlank, isMeaningfulLine } from '../normalize';
import type { SnippetLines } from './snippetLines';

export type LineRelation = { kind: 'equal' } | { kind: 'drift' } | { kind: 'change'; similarity: number };

/** Below this a snippet line is no version of the file line: one is inserted, the other deleted. */
export const MIN_CHANGE_SIMILARITY = 0.65;
/**
 * Lines that start with the same word (`return sum;` → `return Math.round(sum);`, `const total = …`) are
 * versions of one another at a lower similarity: two returns or two declarations of one name in a row are not
 * what an edit means.
 */
export const MIN_SAME_START_SIMILARITY = 0.3;
const MAX_COMPARED_LENGTH = 400;
/** Characters × characters of every edit distance one snippet's alignment computes, at most (about 0.7 s). */
const MAX_COMPARED_CHARACTERS = 2_000_000_000;

/** Decides line relations for one snippet against one document, caching what it computes. */
export class LineMatcher {
  private cache = new Map<number, LineRelation | null>();
  /** Characters × characters compared so far (see MAX_COMPARED_CHARACTERS). */
  private compared = 0;
  private tokenElsewhere: Map<string, number>;

  constructor(
    private doc: SourceText,
    private snip: SnippetLines,
  ) {
    // How many snippet lines use each identifier: a name used on two lines was written on purpose.
    this.tokenElsewhere = new Map();
    snip.keys.forEach((k) => {
      // Stryker disable next-line ArrayDeclaration: a line without identifiers adds no name a slip could be
      for (const t of new Set(k.match(IDENT) ?? [])) this.tokenElsewhere.set(t, (this.tokenElsewhere.get(t) ?? 0) + 1);
    });
  }

  fileKey(f: number): string {
    return this.doc.lineKey(canonicalLine, f);
  }

  relation(j: number, f: number): LineRelation | null {
    // Stryker disable next-line ArithmeticOperator: the cache key; another key gives the same answers unless two pairs collide (a file of millions of lines)
    const id = j * 4294967296 + f;
    let r = this.cache.get(id);
    if (r === undefined) this.cache.set(id, (r = this.compute(j, f)));
    return r;
  }

  private compute(j: number, f: number): LineRelation | null {
    const s = this.snip;
    if (s.marker[j]) return null;
    const fileLine = this.doc.line(f);
    const fileBlank = isBlank(fileLine);
    if (s.blank[j] || fileBlank) return s.blank[j] && fileBlank ? EQUAL : null;
    const a = s.keys[j];
    const b = this.fileKey(f);
    if (a === b) return EQUAL;
    // Braces and brackets only are the same or different, never "a version of" one another.
    if (!s.meaningful[j] || !isMeaningfulLine(fileLine)) return null;
    // A slip of the keyboard first: a misspelled declaration (`const maxDeppth`) is still the file's line. (A
    // slip keeps the first character and about the length: cheap tests before the word-by-word one.)
    if (a[0] === b[0] && Math.abs(a.length - b.length) <= 4 && this.isSlip(a, b)) return DRIFT;
    if (differentUnits(a, b)) return null;
    const longer = Math.max(a.length, b.length);
    // Character edit distance is quadratic: very long lines are the same line or unrelated (a minified bundle).
    if (longer > MAX_COMPARED_LENGTH) return null;
    const floor = sameStart(a, b) ? MIN_SAME_START_SIMILARITY : MIN_CHANGE_SIMILARITY;
    // Speed only: the edit distance is at least the difference in length, so a line this much shorter is below the floor anyway.
    // Stryker disable next-line MethodExpression: speed only (see above)
    if (Math.min(a.length, b.length) < longer * floor) return null;
    // Each distance costs the lines' characters, multiplied: an alignment table of thousands of cells of long lines
    // that are alike (the same lengths, the same letters) cost seconds with its cells counted alone.
    this.compared += a.length * b.length;
    if (this.compared > MAX_COMPARED_CHARACTERS) {
      throw new EditError('too_large', 'The snippet is too long, and too much like the code around it, to align safely: give a smaller snippet, with `// ... existing code ...` where lines stay.');
    }
    const similarity = 1 - distance(a, b) / longer;
    if (similarity < floor) return null;
    return { kind: 'change', similarity };
  }

  private words = new Map<string, boolean>();

  /** The word stands in the file as a word (not merely inside a longer one); one scan per word. */
  private inFile(word: string): boolean {
    let known = this.words.get(word);
    if (known === undefined) {
      const re = new RegExp(`(?<![A-Za-z0-9_$])${word.replace(/\$/g, '\\$')}(?![A-Za-z0-9_$])`);
      this.words.set(word, (known = re.test(this.doc.content)));
    }
    return known;
  }

  /**
   * A context line the model misspelled: same shape, and every word that differs is a keyboard slip of the
   * file's word (same first letter, one or two edits, a file word of four letters or more) that stands nowhere
   * in the file and on no other snippet line. A name the edit introduces is used again, or differs more.
   */
  private isSlip(snippetKey: string, fileKey: string): boolean {
    // Both lines are meaningful (they have a word): never without identifiers.
    // Stryker disable next-line ArrayDeclaration: unreachable (see above)
    const x = snippetKey.match(IDENT) ?? [];
    // Stryker disable next-line ArrayDeclaration: unreachable (see above)
    const y = fileKey.match(IDENT) ?? [];
    if (x.length !== y.length || snippetKey.replace(IDENT, '\u0001') !== fileKey.replace(IDENT, '\u0001')) return false;
    let slips = 0;
    for (let i = 0; i < x.length; i++) {
      if (x[i] === y[i]) continue;
      const [u, v] = [x[i], y[i]];
      if (v.length < 4 || u[0] !== v[0] || Math.abs(u.length - v.length) > 1 || distance(u, v) > 2) return false;
      if ((this.tokenElsewhere.get(u) ?? 0) > 1 || this.inFile(u)) return false;
      slips++;
    }
    return slips > 0;
  }
}

const IDENT = /[A-Za-z0-9_$]+/g;
/**
 * What a statement is about, for `sameStart`: the keyword of a statement that ends a block (`return`, `throw`),
 * the name a declaration declares (`const total`, `def parse`), or the target of an assignment or call
 * (`this.items`, `sum`), or a markup element's tag. Two lines about the same thing, one after the other, are one
 * line changed.
 */
const SUBJECTS = [
  /^(?:return|throw|raise|yield)\b/,
  /^(?:(?:export\s+)?(?:const|let|var|function|class|def|async\s+def|async\s+function))\s+[\w$]+/,
  /^[\w$.]+(?=\s*(?:[-+*/%&|^]?=(?!=)|\())/,
  // A markup element: `<Footer />` and `<Footer year={2026} />` are one element changed.
  /^<\/?[A-Za-z][\w.:-]*/,
];

/**
 * Two declarations of different names (`def h(self):` and `def f(self):`, `const a` and `const b`), or two
 * blocks opened for different names (`count() {` and `clear() {`): different code however alike the characters,
 * never one changed into the other — a method added next to another must not overwrite it.
 */
function differentUnits(a: string, b: string): boolean {
  const [, declares, target] = SUBJECTS;
  const x = declares.exec(a);
  const y = declares.exec(b);
  if (x && y) return x[0] !== y[0];
  const opens = (l: string) => /[{:]$/.test(l);
  const u = target.exec(a);
  const v = target.exec(b);
  return !!u && !!v && opens(a) && opens(b) && u[0] !== v[0];
}

function sameStart(a: string, b: string): boolean {
  for (const re of SUBJECTS) {
    const x = re.exec(a);
    const y = re.exec(b);
    if (x || y) return !!x && !!y && x[0] === y[0];
  }
  return false;
}

const EQUAL: LineRelation = { kind: 'equal' };
const DRIFT: LineRelation = { kind: 'drift' };
