import { Needle } from '../needle';
import { canonicalLine, isBlank } from '../normalize';
import type { Tier } from '../tier';
import { findLineWindows } from './lineWindows';

/**
 * A line-number gutter copied from a file viewer: `  12→code` (agent file readers), `12\tcode` (`cat -n`),
 * `12: code`, `12 | code`. Stripped from every line of the old text — and of the new text — only when the numbers
 * count up line by line, so real numbers in code are never taken for a gutter.
 */
const GUTTER = /^\s*L?(\d+)(?:→|\t|: ?|\s?\|\s?)/;

export const lineNumbersTier: Tier = {
  name: 'line-numbers',
  lossless: true,
  find(ctx) {
    const first = gutterStart(ctx.needle.text);
    if (first === undefined) return [];
    const needle = new Needle(stripGutter(ctx.needle.text));
    const words = ['line numbers copied with the text', 'whitespace'];
    return findLineWindows(ctx, needle, { key: canonicalLine, ignoreBlankLines: true }, () => words).map((c) => ({ ...c, transformNew: stripGutter }));
  },
};

/** The first line number of a gutter that counts up by one on every non-blank line (two lines at least). */
export function gutterStart(text: string): number | undefined {
  const lines = text.split('\n');
  let first: number | undefined;
  let expected: number | undefined;
  let numbered = 0;
  for (const line of lines) {
    const m = GUTTER.exec(line);
    if (!m) {
      if (isBlank(line)) {
        if (expected !== undefined) expected++;
        continue;
      }
      return undefined;
    }
    const n = Number(m[1]);
    if (expected !== undefined && n !== expected) return undefined;
    first ??= n;
    expected = n + 1;
    numbered++;
  }
  return numbered >= 2 ? first : undefined;
}

export function stripGutter(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(GUTTER, ''))
    .join('\n');
}
