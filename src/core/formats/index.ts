// One entry point for every edit format: `parseEdits(text)` finds which dialect the text is written in and
// reads it. Markers that can only start a line (`*** Begin Patch`, `<<<<<<< SEARCH`, `@@ -1,3 +1,4 @@`) are
// checked before JSON, because JSON strings cannot hold a raw line break: a SEARCH block quoted inside a
// tool call is never mistaken for a real one. One request is one dialect: markers of another inside its blocks
// are content, and two dialects side by side are refused (see chooseDialect).
import type { ParseResult } from './types';
import { applyPatchSpans, hasApplyPatch, parseApplyPatch } from './applyPatch';
import { hasSearchReplaceMarkers, parseSearchReplace, searchReplaceSpans } from './searchReplace';
import { hasUnifiedDiff, parseUnifiedDiff, unifiedDiffSpans } from './unifiedDiff';
import { splitLines, type DialectSpans } from './text';
import { hasToolCallJson, parseToolCalls } from './toolCall';

export type * from './types';

interface Dialect {
  name: string;
  detect: (text: string) => boolean;
  parse: (text: string) => ParseResult;
  /** Where its markers and its blocks' content are (the line dialects): to tell a dialect's edits from text that
   * only shows another's (a test fixture holding an apply_patch text inside a SEARCH/REPLACE block). */
  spans?: (lines: readonly string[]) => DialectSpans;
}

const DIALECTS: Dialect[] = [
  { name: 'apply_patch', detect: hasApplyPatch, parse: parseApplyPatch, spans: applyPatchSpans },
  { name: 'SEARCH/REPLACE', detect: hasSearchReplaceMarkers, parse: parseSearchReplace, spans: searchReplaceSpans },
  { name: 'unified diff', detect: hasUnifiedDiff, parse: parseUnifiedDiff, spans: unifiedDiffSpans },
  { name: 'tool call', detect: hasToolCallJson, parse: parseToolCalls },
];

/** The edits `text` contains, in whichever supported format it uses, or the first reason it can't be read. */
export function parseEdits(text: string): ParseResult {
  const dialect = chooseDialect(text);
  if (dialect && 'mixed' in dialect) return { ok: false, line: dialect.line, message: dialect.mixed };
  if (dialect) return dialect.parse(text);
  return {
    ok: false,
    line: 1,
    message:
      'No edit found. Expected SEARCH/REPLACE blocks ("<<<<<<< SEARCH" … "=======" … ">>>>>>> REPLACE"), ' +
      'an edit tool call as JSON (old_string/new_string), a unified diff ("--- a/f", "+++ b/f", "@@ … @@") ' +
      'or an apply_patch block ("*** Begin Patch" … "*** End Patch").',
  };
}

/**
 * The dialect the text is written in. With markers of several line dialects, one whose markers all stand inside
 * another's blocks is that one's content (a SEARCH/REPLACE block adding a test whose fixture is an apply_patch
 * text: the fixture was applied, as a patch, and the block dropped). When more than one still stands, the text
 * mixes formats (an example patch in the prose, then the real block): which is the edit cannot be told.
 */
function chooseDialect(text: string): Dialect | { mixed: string; line: number } | undefined {
  const present = DIALECTS.filter((d) => d.detect(text));
  const lined = present.filter((d) => d.spans);
  if (lined.length < 2) return present[0];
  const lines = splitLines(text);
  const spans = new Map(lined.map((d) => [d, d.spans!(lines)] as const));
  const standing = lined.filter((d) => !lined.some((other) => other !== d && allInside(spans.get(d)!.markers, spans.get(other)!.blocks)));
  if (standing.length === 1) return standing[0];
  if (standing.length === 0) return present[0];
  const where = standing.map((d) => `${d.name} at line ${spans.get(d)!.markers[0] + 1}`);
  const first = Math.min(...standing.map((d) => spans.get(d)!.markers[0]));
  return { line: first + 1, mixed: `This text mixes edit formats (${where.join(', ')}): which are the edits cannot be told. Nothing was changed: send the edits in one format.` };
}

/** Whether every line of `markers` (ascending) stands inside one of `blocks` (ascending, apart), past its first
 * line: one walk of both lists, linear (a text of thousands of blocks of each format is no slower). */
function allInside(markers: readonly number[], blocks: ReadonlyArray<readonly [number, number]>): boolean {
  let k = 0;
  for (const m of markers) {
    while (k < blocks.length && blocks[k][1] < m) k++;
    if (k === blocks.length || !(blocks[k][0] < m && m <= blocks[k][1])) return false;
  }
  return true;
}
