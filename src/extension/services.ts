// The extension's long-lived parts, created in activate() and handed to commands and providers.
import type { Decorations } from './decorations';
import type { EditorTracker } from './editorTracker';
import type { Highlights } from './highlights';
import type { RequestOutcome } from './outcome';
import type { PendingEdits } from './pendingEdits';
import type { RefusalEvidence } from './refusalToast';
import type { ScratchDocs } from './scratch';

export interface Services {
  pending: PendingEdits;
  highlights: Highlights;
  decorations: Decorations;
  tracker: EditorTracker;
  scratch: ScratchDocs;
  /** The outcome of the last request, for tests and the API. */
  lastOutcome?: RequestOutcome;
  /** The last edit refused for want of a place (not found, ambiguous): Copy Correction for the Assistant quotes it. */
  lastRefusal?: RefusalEvidence & { result: Extract<RefusalEvidence['result'], { kind: 'not_found' | 'ambiguous' }> };
}
