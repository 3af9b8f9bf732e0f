import type { Tier } from '../tier';
import { findLineWindows } from './lineWindows';

/** Same lines once each is trimmed: indentation and trailing whitespace may differ line by line. */
export const lineTrimmedTier: Tier = {
  name: 'line-trimmed',
  lossless: true,
  find(ctx) {
    const eq = {
      key: (l: string) => l.trim(),
      ignoreBlankLines: false,
      // Stryker disable next-line BooleanLiteral: speed only: without it a line equal once trimmed is keyed, for the same answer
      ignoresLineEdges: true,
      // Stryker disable next-line BooleanLiteral: speed only: the shared canonical search rules out only windows this key cannot find either
      refinesCanonical: true,
    };
    return findLineWindows(ctx, ctx.needle, eq, () => ['leading and trailing whitespace of lines']);
  },
};
