import type { Tier } from '../tier';
import { findLineWindows } from './lineWindows';

/** Same lines once each is trimmed: indentation and trailing whitespace may differ line by line. */
export const lineTrimmedTier: Tier = {
  name: 'line-trimmed',
  lossless: true,
  find(ctx) {
    return findLineWindows(ctx, ctx.needle, { key: (l) => l.trim(), ignoreBlankLines: false, ignoresLineEdges: true, refinesCanonical: true }, () => ['leading and trailing whitespace of lines']);
  },
};
