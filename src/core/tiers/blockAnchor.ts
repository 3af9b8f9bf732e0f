import { isCutList, linesContaining } from '../lineSearch';
import { canonicalLine, isMeaningfulLine, wordTokens } from '../normalize';
import { canonicalFileLine, scoreWindow } from '../similarity';
import type { Candidate, Tier } from '../tier';
import { scoredCandidate } from './similarityWindows';

/**
 * First and last lines as anchors, the middle compared by similarity. Unlike the seeds' version, anchors alone
 * never suffice: blank or punctuation-only lines are not anchors, the block must be about the old text's size,
 * and the whole block (not just the middle) must clear the threshold.
 */
const MAX_ANCHORS = 32;

export const blockAnchorTier: Tier = {
  name: 'block-anchor',
  lossless: false,
  find(ctx) {
    const { doc, needle } = ctx;
    const sig = needle.significant;
    if (sig.length < 3) return [];
    const first = needle.lines[sig[0]];
    const last = needle.lines[sig[sig.length - 1]];
    if (!isMeaningfulLine(first) || !isMeaningfulLine(last)) return [];
    const firstKey = canonicalLine(first);
    const lastKey = canonicalLine(last);
    const span = needle.lines.length;
    const slack = Math.max(1, Math.round(span * 0.25));
    const out: Candidate[] = [];
    // A first line found in dozens of places (`return false;`) anchors nothing: stop counting there. Lengths are
    // compared before the (costly) canonical form, since canonical equals have nearly equal lengths.
    const starts: number[] = [];
    const holding = linesContaining(doc, wordTokens(first)[0]);
    // A list cut at its limit is not every line holding the word, and that word is far too common to anchor on.
    if (isCutList(holding)) return [];
    for (const i of holding) {
      if (Math.abs(doc.trimmedLength(i) - first.trim().length) > 8 || canonicalFileLine(doc, i) !== firstKey) continue;
      if (starts.push(i) > MAX_ANCHORS) return [];
    }
    // The last line is searched from i + 1 on: with span ≥ 3 lines, span - 1 - slack ≥ 1 (slack ≤ span / 4 + ½).
    for (const i of starts) {
      for (let j = i + span - 1 - slack; j <= i + span - 1 + slack && j < doc.lineCount; j++) {
        if (canonicalFileLine(doc, j) !== lastKey) continue;
        const s = scoreWindow(ctx, needle, i, j);
        if (s) out.push(scoredCandidate(ctx, s, ['first and last lines match; lines between them differ']));
      }
    }
    return out.sort((a, b) => b.score - a.score);
  },
};
