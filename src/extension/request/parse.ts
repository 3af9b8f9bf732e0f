// Turns what a person pastes (chat answers, scratch documents) into old → new edits.
// Pure: no `vscode`. The dialects (SEARCH/REPLACE, tool-call JSON, unified diff, apply_patch) are read by
// src/core/formats' `parseEdits`; this module adds only what is specific to pasting into an editor:
// two bare code blocks meaning "old text, then new text". File operations (new, deleted, moved files) are
// returned beside the text edits; src/extension/request/fileOps.ts decides whether each may happen.
import { parseEdits, parseSnippetBlock, type CreateEdit, type DeleteEdit, type EditFormat, type Hint, type RenameEdit, type ReplaceEdit } from '../../core';
import { asPath } from '../../core/formats/searchReplace';
import { fencedBlocks } from '../../core/formats/text';

export interface ParsedEdit {
  /** The file named for the edit, as written (workspace-relative path, absolute path or URI). */
  path?: string;
  oldString: string;
  newString: string;
  replaceAll?: boolean;
  hint?: Hint;
  /** A bare code block (the new code only): `newString` is placed by applySnippet; `oldString` is empty. */
  snippet?: boolean;
}

/** Create, delete or move a file, as the core parsers read it (paths as written, `sourceLine` 1-based). */
export type FileOp = CreateEdit | DeleteEdit | RenameEdit;

export interface ParsedRequest {
  format: EditFormat | 'fenced-pair' | 'bare-block' | 'none';
  /** The text edits, in request order. */
  edits: ParsedEdit[];
  /** The file operations, in request order; a move comes after the text edits of the file it moves. */
  fileOps: FileOp[];
  /** Why nothing could be read, in plain words. A request with problems is never applied. */
  problems: string[];
}

export function parseEditRequest(text: string): ParsedRequest {
  const r = parseEdits(text);
  if (r.ok) {
    const edits = r.edits.filter((e): e is ReplaceEdit => e.kind === 'replace').map(toParsedEdit);
    const fileOps = r.edits.filter((e): e is FileOp => e.kind !== 'replace');
    return { format: r.format, edits, fileOps, problems: [] };
  }
  if (r.format) return { format: r.format, edits: [], fileOps: [], problems: [r.message] };
  return parseFencedPair(text.replace(/\r\n?/g, '\n').split('\n'), r.message);
}

function toParsedEdit(e: ReplaceEdit): ParsedEdit {
  const edit: ParsedEdit = { ...(e.path !== undefined ? { path: e.path } : {}), oldString: e.oldString, newString: e.newString };
  if (e.replaceAll !== undefined) edit.replaceAll = e.replaceAll;
  if (e.hint !== undefined) edit.hint = e.hint;
  return edit;
}

function parseFencedPair(lines: string[], nothingFound: string): ParsedRequest {
  const blocks = fencedBlocks(lines).map(({ start, end }) => ({ start, body: lines.slice(start + 1, end).join('\n') }));
  if (blocks.length === 2) {
    const path = pathBefore(lines, blocks[0].start);
    return { format: 'fenced-pair', edits: [{ ...(path ? { path } : {}), oldString: blocks[0].body, newString: blocks[1].body }], fileOps: [], problems: [] };
  }
  // One code block, or code with no fence at all: the new code only, placed where its lines stand in the file.
  if (blocks.length === 1 || (blocks.length === 0 && /[\p{L}\p{N}_$]{2,}/u.test(lines.join('\n')))) {
    // Unfenced, a first line that is a path names the file (`src/cart.ts`, then the code), as before a fence.
    const first = lines.findIndex((l) => l.trim() !== '');
    const pathLine = blocks.length === 0 && first >= 0 ? asPath(lines[first]) : undefined;
    const block = parseSnippetBlock((pathLine ? lines.slice(first + 1) : lines).join('\n'));
    const path = block.path ?? pathLine ?? (blocks.length === 1 ? pathBefore(lines, blocks[0].start) : undefined);
    if (block.code.trim()) return { format: 'bare-block', edits: [{ ...(path ? { path } : {}), oldString: '', newString: block.code, snippet: true }], fileOps: [], problems: [] };
  }
  const problems =
    blocks.length === 0
      ? [`${nothingFound} Two code blocks (old text, then new text) work too.`]
      : [`Found ${blocks.length} code block${blocks.length === 1 ? '' : 's'}; expected exactly two (old text, then new text) or SEARCH/REPLACE blocks.`];
  return { format: 'none', edits: [], fileOps: [], problems };
}

/** The file path written on the nearest non-blank line before a code block, if it looks like one. */
function pathBefore(lines: string[], index: number): string | undefined {
  let j = index - 1;
  while (j >= 0 && lines[j].trim() === '') j--;
  return j >= 0 ? asPath(lines[j]) : undefined;
}
