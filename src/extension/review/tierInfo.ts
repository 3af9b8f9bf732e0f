// How tiers are shown to people: kind (colour, auto-apply policy) and a sentence of plain words.
// Display only: which tier matches is decided by src/core.
import { LOSSLESS_TIERS, type Match, type TierKind, type TierName } from '../../core';

const MEANING: Record<TierName, string> = {
  exact: 'the old text appears in the file exactly as given',
  'trimmed-boundary': 'matched once blank lines and spaces at the start and end of the old text were ignored',
  indentation: 'matched once a uniform change of indentation was ignored; the new text is re-indented to fit',
  'line-trimmed': 'matched once spaces at the start and end of every line were ignored',
  whitespace: 'matched once runs of spaces and tabs were treated as one space',
  unicode: 'matched once look-alike characters (smart quotes, dashes, non-breaking spaces) were read as plain ones',
  escape: 'matched once escape sequences written out literally (such as \\n or \\") were read as what they stand for',
  'line-numbers': 'matched once line numbers copied along with the text (such as "12→" or "12:") were removed from each line',
  elision: 'the old text skips lines with a placeholder such as "// ..."; the lines around it were matched',
  context: 'as many lines as the old text, at least half of them identical, and the whole similar enough',
  'block-anchor': 'matched by its first and last lines as anchors; the lines in between are similar, not equal',
  similarity: 'no equal text exists; this is the most similar span, above the similarity threshold',
  snippet: 'a bare code block placed by the lines it shares with the file; lines under "// ..." markers stay as they are',
};

export function tierMeaning(tier: TierName): string {
  return MEANING[tier] ?? tier;
}

/** exact < normalized (lossless) < similarity (needs review). */
export function tierKind(match: Pick<Match, 'tier' | 'needsReview'>): TierKind {
  if (match.needsReview || !LOSSLESS_TIERS.includes(match.tier)) return 'similarity';
  return match.tier === 'exact' ? 'exact' : 'normalized';
}

const ORDER: Record<TierKind, number> = { exact: 0, normalized: 1, similarity: 2 };

/** The loosest kind among the matches of one edit: it decides colour and policy. */
export function loosestKind(matches: readonly Pick<Match, 'tier' | 'needsReview'>[]): TierKind {
  let kind: TierKind = 'exact';
  for (const m of matches) {
    const k = tierKind(m);
    if (ORDER[k] > ORDER[kind]) kind = k;
  }
  return kind;
}

export function formatScore(score: number): string {
  return score.toFixed(2);
}

/** "line 4" or "lines 4–9", 1-based for people. */
export function formatLines(startLine: number, endLine: number): string {
  return startLine === endLine ? `line ${startLine + 1}` : `lines ${startLine + 1}–${endLine + 1}`;
}
