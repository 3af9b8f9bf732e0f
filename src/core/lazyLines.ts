// A Match whose line numbers are computed on first read: an exact hit costs one scan of the file, and its line
// numbers would cost a pass of their own (the line index) that a caller reading only offsets never needs.

import type { LineNumbers } from './document';
import type { Match } from './types';

/** Where such a Match keeps its line index until read, then its two line numbers: no enumerable field, no JSON. */
const LINES = Symbol('lines');

type Lazy = Match & { [LINES]: LineNumbers | [number, number] };

function lines(m: Lazy): [number, number] {
  const held = m[LINES];
  if (Array.isArray(held)) return held;
  const read: [number, number] = [held.lineAt(m.start), held.lineAt(Math.max(m.start, m.end - 1))];
  m[LINES] = read;
  return read;
}

// One getter of each for every such Match, not closures per Match: V8 then gives them all one hidden class. Getters
// written in each object literal made each a dictionary of its own (800 bytes a Match, 24 MB for a batch of 20,000
// exact hits); these cost about 150.
const LAZY_LINES: PropertyDescriptorMap = {
  startLine: { get: function (this: Lazy) { return lines(this)[0]; }, enumerable: true, configurable: true },
  endLine: { get: function (this: Lazy) { return lines(this)[1]; }, enumerable: true, configurable: true },
  [LINES]: { writable: true, enumerable: false, configurable: true },
};

/** A Match of `fields` whose startLine and endLine are read from `numbers` when first asked for (own, enumerable
 * properties: JSON and a structured clone see them like any other field, in the same order as an eager Match's). */
export function withLazyLines(numbers: LineNumbers, fields: Omit<Match, 'startLine' | 'endLine'>): Match {
  const m = { tier: fields.tier, start: fields.start, end: fields.end } as Lazy;
  Object.defineProperties(m, LAZY_LINES);
  m[LINES] = numbers;
  m.score = fields.score;
  m.needsReview = fields.needsReview;
  m.normalized = fields.normalized;
  m.text = fields.text;
  return m;
}
