// Where the edits are in a saved chat answer or a notes file: fenced code blocks, and SEARCH/REPLACE blocks,
// unified diffs and apply_patch blocks written without a fence. Each is one request the CodeLens above it
// applies. One pass over the lines (each line is looked at a bounded number of times); what a block holds is
// read by the same parser as Apply Edit from Clipboard, so a lens is shown only over text that command accepts.
import { asPath } from '../../core/formats/searchReplace';
import { fencedBlocks } from '../../core/formats/text';
import { parseEditRequest, type ParsedRequest } from '../request/parse';

export interface EditBlock {
  /** 0-based line the lens goes above: the fence, the path line, or the block's first line. */
  line: number;
  /** The request's text, as Apply Edit from Clipboard reads it. */
  text: string;
  request: ParsedRequest;
}

export interface FencedBlock {
  /** The fence's line and the block's text with its fences. */
  line: number;
  text: string;
}

const SEARCH = /^(<{5,9}|-{5,9}) ?SEARCH\s*$/;
const REPLACE = /^(?:>{5,9}|\+{5,9}) ?REPLACE\s*$/;
const BEGIN_PATCH = /^\*\*\* Begin Patch\s*$/;
const END_PATCH = /^\*\*\* End Patch\s*$/;
const GIT_HEADER = /^diff --git /;
const DIFF_LINE = /^(?:diff --git |index |--- |\+\+\+ |@@|[ +\-\\]|new file mode|deleted file mode|similarity index|rename from|rename to|old mode|new mode)/;
/** After a blank line, a diff goes on only with one of these (a "- item" list after it is prose). */
const DIFF_RESUMES = /^(?:diff --git |--- |@@| )/;

const EDIT_FORMATS = new Set<ParsedRequest['format']>(['search-replace', 'unified-diff', 'apply-patch', 'tool-call']);

function asRequest(line: number, text: string): EditBlock | undefined {
  const request = parseEditRequest(text);
  const ok = EDIT_FORMATS.has(request.format) && request.problems.length === 0 && request.edits.length + request.fileOps.length > 0;
  return ok ? { line, text, request } : undefined;
}

/**
 * The edit blocks of a document's text. Text with no fence, no SEARCH marker, no patch and no diff header holds
 * none: that is told by a few scans for those markers, before the text is split and read line by line (on a
 * 100,000-line log, that pass cost 100 ms of the extension host at every CodeLens refresh).
 */
export function editBlocksOf(text: string): { edits: EditBlock[]; bare: FencedBlock[] } {
  if (!mayHoldBlocks(text)) return { edits: [], bare: [] };
  return editBlocks(text.replace(/\r\n?/g, '\n').split('\n'));
}

/** Whether `text` has what every kind of block starts with: a fence, a SEARCH marker, a patch or a diff header. */
export function mayHoldBlocks(text: string): boolean {
  return (
    text.includes('```') ||
    text.includes('~~~') ||
    text.includes('SEARCH') ||
    text.includes('*** Begin Patch') ||
    text.includes('diff --git ') ||
    (text.includes('--- ') && text.includes('+++ '))
  );
}

/** The edit blocks of `lines` (fenced ones first-class: the fence is the block), and the fenced blocks that hold none. */
export function editBlocks(lines: readonly string[]): { edits: EditBlock[]; bare: FencedBlock[] } {
  const edits: EditBlock[] = [];
  const bare: FencedBlock[] = [];
  const fences = fencedBlocks(lines);
  let next = 0;
  const scanUnfenced = (from: number, to: number) => {
    // An opener without its closer is passed over; once one has none, no later one of its kind can have one.
    const unclosed = new Set<RegExp>();
    for (let i = from; i < to; i++) {
      const end = blockEnd(lines, i, to, unclosed);
      if (end === undefined) continue;
      // aider names the file on the line before the block.
      const start = SEARCH.test(lines[i]) && i > from && asPath(lines[i - 1]) !== undefined ? i - 1 : i;
      const block = asRequest(start, lines.slice(start, end + 1).join('\n'));
      if (block) edits.push(block);
      i = end;
    }
  };
  for (const f of fences) {
    scanUnfenced(next, f.start);
    const close = Math.min(f.end, lines.length - 1);
    const body = lines.slice(f.start + 1, f.end).join('\n');
    // The path may stand on the line before the fence (aider's whole-file and fenced SEARCH dialects).
    const path = f.start > 0 && asPath(lines[f.start - 1]) !== undefined ? `${lines[f.start - 1]}\n` : '';
    const block = asRequest(f.start, path + body);
    if (block) edits.push(block);
    else bare.push({ line: f.start, text: lines.slice(f.start, close + 1).join('\n') });
    next = f.end + 1;
  }
  scanUnfenced(next, lines.length);
  return { edits, bare };
}

/** The last line of an edit block starting at line `i` (before `to`), or undefined when none starts there. */
function blockEnd(lines: readonly string[], i: number, to: number, unclosed: Set<RegExp>): number | undefined {
  const line = lines[i];
  const until = (closer: RegExp) => {
    if (unclosed.has(closer)) return undefined;
    for (let j = i + 1; j < to; j++) if (closer.test(lines[j])) return j;
    unclosed.add(closer);
    return undefined;
  };
  if (SEARCH.test(line)) return until(REPLACE);
  if (BEGIN_PATCH.test(line)) return until(END_PATCH);
  const diffStart = GIT_HEADER.test(line) || (line.startsWith('--- ') && i + 1 < to && lines[i + 1].startsWith('+++ '));
  if (!diffStart) return undefined;
  let last = i;
  for (let j = i + 1; j < to; j++) {
    if (DIFF_LINE.test(lines[j])) last = j;
    else if (lines[j] === '' && j + 1 < to && DIFF_RESUMES.test(lines[j + 1])) continue;
    else break;
  }
  return last;
}
