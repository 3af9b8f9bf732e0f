// One entry point for every edit format: `parseEdits(text)` finds which dialect the text is written in and
// reads it. Markers that can only start a line (`*** Begin Patch`, `<<<<<<< SEARCH`, `@@ -1,3 +1,4 @@`) are
// checked before JSON, because JSON strings cannot hold a raw line break: a SEARCH block quoted inside a
// tool call is never mistaken for a real one. The strongest marker wins; one request is one dialect.
import type { ParseResult } from './types';
import { hasApplyPatch, parseApplyPatch } from './applyPatch';
import { hasSearchReplaceMarkers, parseSearchReplace } from './searchReplace';
import { hasUnifiedDiff, parseUnifiedDiff } from './unifiedDiff';
import { hasToolCallJson, parseToolCalls } from './toolCall';

export type * from './types';

const DIALECTS: { detect: (text: string) => boolean; parse: (text: string) => ParseResult }[] = [
  { detect: hasApplyPatch, parse: parseApplyPatch },
  { detect: hasSearchReplaceMarkers, parse: parseSearchReplace },
  { detect: hasUnifiedDiff, parse: parseUnifiedDiff },
  { detect: hasToolCallJson, parse: parseToolCalls },
];

/** The edits `text` contains, in whichever supported format it uses, or the first reason it can't be read. */
export function parseEdits(text: string): ParseResult {
  const dialect = DIALECTS.find((d) => d.detect(text));
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
