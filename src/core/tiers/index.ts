import type { Tier } from '../tier';
import { blockAnchorTier } from './blockAnchor';
import { contextTier } from './context';
import { elisionTier } from './elision';
import { escapeTier } from './escape';
import { exactTier } from './exact';
import { indentationTier } from './indentation';
import { lineNumbersTier } from './lineNumbers';
import { lineTrimmedTier } from './lineTrimmed';
import { similarityTier } from './similarity';
import { trimmedBoundaryTier } from './trimmedBoundary';
import { unicodeTier } from './unicode';
import { whitespaceTier } from './whitespace';

/** The cascade, strict → loose: lossless normalisations first, then the tiers that need review. */
export const TIERS: Tier[] = [
  exactTier,
  trimmedBoundaryTier,
  indentationTier,
  lineTrimmedTier,
  whitespaceTier,
  unicodeTier,
  escapeTier,
  lineNumbersTier,
  elisionTier,
  contextTier,
  blockAnchorTier,
  similarityTier,
];
