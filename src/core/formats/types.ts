// What the format parsers produce: a list of file edits, independent of the dialect they were written in.
// Strings always use '\n' line endings (input is normalised): the engine adapts new text to each file's
// own line endings, so a CRLF chat answer applied to an LF file (or the reverse) does the right thing.
import type { Hint } from '../types';

/** The dialects `parseEdits` recognises. One request is read in one dialect. */
export type EditFormat = 'search-replace' | 'tool-call' | 'unified-diff' | 'apply-patch';

interface EditBase {
  /** 1-based line of the input text where this edit was written, to point a person or a model at it. */
  sourceLine: number;
}

/** Find `oldString` (approximately) and put `newString` in its place. */
export interface ReplaceEdit extends EditBase {
  kind: 'replace';
  /** The file, as written in the request. Absent when the request does not name one (a bare SEARCH block). */
  path?: string;
  oldString: string;
  newString: string;
  replaceAll?: boolean;
  /** Where the writer thought the text is (a diff hunk's start line, roo's `:start_line:`); breaks ties only. */
  hint?: Hint;
  /** apply_patch `@@ …` lines, outermost first: text the file has somewhere above the span. */
  anchor?: string[];
}

/** A new file. Refused when the file already exists. */
export interface CreateEdit extends EditBase {
  kind: 'create';
  path: string;
  content: string;
}

export interface DeleteEdit extends EditBase {
  kind: 'delete';
  path: string;
  /** What the writer believes the file holds (a deletion diff's '-' lines): the deletion is refused otherwise. */
  oldContent?: string;
}

/** Move `path` to `to`, after every replace edit addressed to `path` in the same request. */
export interface RenameEdit extends EditBase {
  kind: 'rename';
  path: string;
  to: string;
}

export type FileEdit = ReplaceEdit | CreateEdit | DeleteEdit | RenameEdit;

export interface ParsedEdits {
  ok: true;
  format: EditFormat;
  /** In the order written; never empty. */
  edits: FileEdit[];
}

/**
 * Why a request could not be read. Nothing of a request that failed to parse should be applied.
 * `format` is set when the text was recognised as that dialect but is broken; absent when no edit was found at all.
 */
export interface ParseError {
  ok: false;
  format?: EditFormat;
  /** 1-based line of the input where the problem is. */
  line: number;
  message: string;
}

export type ParseResult = ParsedEdits | ParseError;
