// Turns what a person pastes (chat answers, scratch documents) into old → new edits.
// Pure: no `vscode`. This is the seam for src/core/formats: once its `parseEdits(text)` lands,
// `parseEditRequest` delegates to it and keeps only the shape below.
import type { Hint } from '../core';

export interface ParsedEdit {
  /** The file named before the block, as written (workspace-relative path, absolute path or URI). */
  path?: string;
  oldString: string;
  newString: string;
  replaceAll?: boolean;
  hint?: Hint;
}

export interface ParsedRequest {
  format: 'search-replace' | 'fenced-pair' | 'none';
  edits: ParsedEdit[];
  /** Why nothing (or not everything) could be read, in plain words. */
  problems: string[];
}

const SEARCH = /^ {0,3}<{5,9} ?SEARCH\s*$/;
const DIVIDER = /^ {0,3}={5,9}\s*$/;
const REPLACE = /^ {0,3}>{5,9} ?REPLACE\s*$/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})([^`]*)$/;

export function parseEditRequest(text: string): ParsedRequest {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks = parseSearchReplace(lines);
  if (blocks.edits.length > 0 || blocks.problems.length > 0) return { format: 'search-replace', ...blocks };
  return parseFencedPair(lines);
}

function parseSearchReplace(lines: string[]): { edits: ParsedEdit[]; problems: string[] } {
  const edits: ParsedEdit[] = [];
  const problems: string[] = [];
  let lastPath: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (!SEARCH.test(lines[i])) continue;
    const n = edits.length + problems.length + 1;
    const path = pathBefore(lines, i) ?? lastPath;
    let j = i + 1;
    const oldLines: string[] = [];
    while (j < lines.length && !DIVIDER.test(lines[j]) && !SEARCH.test(lines[j])) oldLines.push(lines[j++]);
    if (j >= lines.length || !DIVIDER.test(lines[j])) {
      problems.push(`Block ${n} has no "=======" line after "<<<<<<< SEARCH".`);
      i = j - 1;
      continue;
    }
    j++;
    const newLines: string[] = [];
    while (j < lines.length && !REPLACE.test(lines[j]) && !SEARCH.test(lines[j])) newLines.push(lines[j++]);
    if (j >= lines.length || !REPLACE.test(lines[j])) {
      problems.push(`Block ${n} is not closed by ">>>>>>> REPLACE".`);
      i = j - 1;
      continue;
    }
    edits.push({ ...(path ? { path } : {}), oldString: oldLines.join('\n'), newString: newLines.join('\n') });
    lastPath = path;
    i = j;
  }
  return { edits, problems };
}

function parseFencedPair(lines: string[]): ParsedRequest {
  const blocks: { start: number; body: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]);
    if (!open) continue;
    const fence = open[1];
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j])) j++;
    blocks.push({ start: i, body: lines.slice(i + 1, j).join('\n') });
    i = j;
  }
  if (blocks.length === 2) {
    const path = pathBefore(lines, blocks[0].start, false);
    return { format: 'fenced-pair', edits: [{ ...(path ? { path } : {}), oldString: blocks[0].body, newString: blocks[1].body }], problems: [] };
  }
  const problems =
    blocks.length === 0
      ? ['No edit found: expected "<<<<<<< SEARCH … ======= … >>>>>>> REPLACE" blocks, or two code blocks (old text, then new text).']
      : [`Found ${blocks.length} code block${blocks.length === 1 ? '' : 's'}; expected exactly two (old text, then new text) or SEARCH/REPLACE blocks.`];
  return { format: 'none', edits: [], problems };
}

/** The file path written on the line before a block (skipping one fence opener and blank lines), if it looks like one. */
function pathBefore(lines: string[], index: number, skipFence = true): string | undefined {
  let j = index - 1;
  if (skipFence && j >= 0 && FENCE_OPEN.test(lines[j]) && !isClosingFence(lines, j)) j--;
  while (j >= 0 && lines[j].trim() === '') j--;
  return j >= 0 ? asPath(lines[j]) : undefined;
}

/** A bare fence line closes a block when an odd number of fence lines precede it. */
function isClosingFence(lines: string[], index: number): boolean {
  let fences = 0;
  for (let k = 0; k < index; k++) if (/^ {0,3}(`{3,}|~{3,})/.test(lines[k])) fences++;
  return fences % 2 === 1;
}

/** `src/a.ts`, `**src/a.ts**`, "File: src/a.ts", "# src/a.ts:", "untitled:Untitled-1" → the path; prose → undefined. */
export function asPath(line: string): string | undefined {
  let s = line.trim();
  s = s.replace(/^#+\s*/, '').replace(/^(?:file|path|filename)\s*:\s*/i, '');
  s = s.replace(/^[*_`'"]+/, '').replace(/[*_`'"]+$/, '').replace(/:$/, '');
  s = s.replace(/^[*_`'"]+/, '').replace(/[*_`'"]+$/, '');
  if (!s || /[\s<>|`*"]/.test(s)) return undefined;
  const looksLikeUri = /^[a-z][\w+.-]*:(?!\d)\S/i.test(s) && !/^[a-z]:[\\/]/i.test(s);
  if (looksLikeUri || s.includes('/') || s.includes('\\') || /\.[A-Za-z0-9_-]+$/.test(s)) return s;
  return undefined;
}
