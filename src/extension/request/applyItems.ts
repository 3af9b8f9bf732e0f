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
  /**
   * The document's text and version the spans were written to (shared by the items of one document): with the
   * spans, it gives the text right after the request without reading the whole document again.
   */
  before: { text: string; version: number };
}
