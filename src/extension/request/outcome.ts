// What every command returns: a summary a test, another extension or a person can act on.
import type * as vscode from 'vscode';
import type { Closest, EditErrorCode, FindResult, Match, TierName } from '../../core';

export type RefusalCode =
  | EditErrorCode
  | 'no_edits'
  | 'no_target'
  // A bare file name that several workspace files have, and no person to pick one (or the pick was not among them).
  | 'ambiguous_path'
  | 'read_only'
  | 'overlap'
  | 'apply_failed'
  | 'cancelled'
  | 'no_pending'
  // The path policy (workspacePaths.ts): outside the workspace, in .git, through a symlink out, files.exclude.
  | 'unsafe_path'
  // Restricted Mode (trustGate.ts): a file that is not open, a file operation.
  | 'untrusted'
  // A binary file, or one whose bytes are not valid in its encoding: saving would corrupt it.
  | 'not_text'
  // File operations (create, delete, move):
  | 'file_exists'
  | 'no_file'
  | 'unsaved'
  | 'conflict';

export interface MatchSummary {
  tier: TierName;
  score: number;
  /** 0-based, inclusive, like `Match`. */
  startLine: number;
  endLine: number;
  needsReview: boolean;
  normalized: string[];
}

export interface EditOutcome {
  /**
   * Position in the request (0-based): the text edits first, then the file operations, each in request order —
   * the order they are applied in.
   */
  index: number;
  /** The file edited, created, deleted or moved. */
  uri?: string;
  /** Set for a file operation: create, delete or move (`rename`) the file at `uri`. */
  operation?: 'create' | 'delete' | 'rename';
  /** Where a `rename` moves the file. */
  to?: string;
  /** `resolved`: found, but not applied because the request was refused as a whole. */
  status: 'applied' | 'pending' | 'resolved' | 'already_applied' | 'refused';
  matches: MatchSummary[];
  pendingId?: string;
  code?: RefusalCode;
  message?: string;
  candidates?: MatchSummary[];
  /** How many places there are in all, when `candidates` lists only the first of them (MAX_LISTED_PLACES). */
  places?: number;
  closest?: Closest;
  /** What the edit writes (applied) or would write (pending, resolved): a unified diff of the document's lines. */
  diff?: string;
}

export interface RequestOutcome {
  /**
   * `mixed`: some edits applied at once, others wait for review. `partial`: some edits were refused and the
   * others applied (or wait for review), because the user or the caller (`applyRest`) chose so.
   */
  status: 'applied' | 'pending' | 'mixed' | 'partial' | 'already_applied' | 'refused' | 'cancelled';
  message: string;
  code?: RefusalCode;
  edits: EditOutcome[];
}

export function summarize(m: Match): MatchSummary {
  return { tier: m.tier, score: m.score, startLine: m.startLine, endLine: m.endLine, needsReview: m.needsReview, normalized: [...m.normalized] };
}

export function refused(code: RefusalCode, message: string, edits: EditOutcome[] = []): RequestOutcome {
  return { status: 'refused', code, message, edits };
}

/** What the engine found for the refused edit, and the document it looked in. */
export interface RefusalEvidence {
  uri: vscode.Uri;
  result?: FindResult;
  /** The document's text, version and language when the edit was resolved. */
  text: string;
  version: number;
  languageId: string;
  /** "Edit 2 of 3" in a request of several edits. */
  label?: string;
  snippet?: boolean;
  /** The same request again with this edit replacing every occurrence (offered for an ambiguous exact match). */
  replaceAll?: () => Promise<RequestOutcome>;
}
