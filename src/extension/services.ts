// The extension's long-lived parts, created in activate() and handed to commands and providers.
import type { Decorations } from './review/decorations';
import type { EngineThread } from './engine/engineThread';
import type { EditorTracker } from './review/editorTracker';
import type { Highlights } from './review/highlights';
import type { RefusalEvidence, RequestOutcome } from './request/outcome';
import type { PendingEdits } from './review/pendingEdits';
import type { ScratchDocs } from './review/scratch';

export interface Services {
  pending: PendingEdits;
  highlights: Highlights;
  decorations: Decorations;
  tracker: EditorTracker;
  scratch: ScratchDocs;
  /** Resolves edits in a worker, off the extension host's thread. */
  engine: EngineThread;
  /** The outcome of the last request, for tests and the API. */
  lastOutcome?: RequestOutcome;
  /** The last edit refused for want of a place (not found, ambiguous): Copy Correction for the Assistant quotes it. */
  lastRefusal?: RefusalEvidence & { result: Extract<RefusalEvidence['result'], { kind: 'not_found' | 'ambiguous' }> };
}
