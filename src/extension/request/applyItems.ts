// The items a request writes, shared by the writer (applyEdits.ts), its observers (applyHooks.ts) and the file
// operations (fileOps.ts): kept apart from all three so their imports run one way.
import type { ResolvedEdit, Span } from './resolve';

export interface ApplyItem extends ResolvedEdit {
  pendingId?: string;
}

export interface AppliedItem {
  item: ApplyItem;
  /** The spans written (offsets before the edit). */
  spans: Span[];
  /** Where the new text now stands (offsets after the edit). */
  after: { start: number; end: number }[];
}
