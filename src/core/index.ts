// Public API of the engine (built to dist/core.js). Pure: no `vscode`, runs in Node, browsers and workers.
export * from './types';
export { EditError, isEditError } from './errors';
export { findMatch, applyEdit } from './engine';
export { applySnippet, parseSnippetBlock, isSnippetMarker } from './snippet';
export type { SnippetOptions, SnippetBlock } from './snippet';
export { refusal as refusalError, placeCount, MAX_LISTED_PLACES } from './messages';
export { isElisionMarker } from './tiers/elision';
export { DEFAULT_THRESHOLD } from './cascade';
export { parseEdits } from './formats';
export type { EditFormat, FileEdit, ReplaceEdit, CreateEdit, DeleteEdit, RenameEdit, ParsedEdits, ParseError, ParseResult } from './formats';
export { resolveBatch } from './batch';
export { boundedPatch } from './patch';
export type { BatchOptions, BatchResult, EditOutcome, FileResult, FileSource, RefusalCode, RefusedEdit, ResolvedEdit } from './batch';
export { checkEditPath, isGitSegment, hasGitSegment, pathKey, isInside, relativeInside, findPathConflicts } from './paths';
export type { PathCheck, SafePath, PathRefusal, PathRefusalCode, CaseOptions, NamedOperation, PathConflict, PathConflictCode, ConflictOptions } from './paths';
