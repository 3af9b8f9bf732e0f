// Puts a resolved batch on disk: only files whose edits all resolved, each on its own (one failing write does
// not stop the others, and every outcome is reported).
import type { FileResult } from '../core';
import type { Workspace } from './workspace';

export type FileStatus = 'written' | 'created' | 'deleted' | 'renamed' | 'unchanged' | 'held-back' | 'failed';

export interface FileOutcome {
  file: FileResult;
  status: FileStatus;
  /** Why a write failed. */
  error?: string;
}

/** What writing `file` does (or would do, in a dry run). */
export function plannedStatus(file: FileResult): FileStatus {
  if (!file.complete) return 'held-back';
  if (file.after === undefined) return 'deleted';
  if (file.renamedTo !== undefined) return 'renamed';
  if (file.before === undefined) return 'created';
  return file.after === file.before ? 'unchanged' : 'written';
}

export function writeFiles(files: FileResult[], workspace: Workspace, dryRun: boolean): FileOutcome[] {
  return files.map((file) => {
    const status = plannedStatus(file);
    if (dryRun || status === 'held-back' || status === 'unchanged') return { file, status };
    try {
      write(file, status, workspace);
      return { file, status };
    } catch (err) {
      return { file, status: 'failed', error: (err as Error).message };
    }
  });
}

function write(file: FileResult, status: FileStatus, workspace: Workspace): void {
  if (status === 'deleted') return workspace.remove(file.path);
  const content = file.after!;
  if (status === 'renamed') {
    // The new name gets the whole new content first: a failure leaves the original in place.
    workspace.verify(file.path);
    workspace.write(file.renamedTo!, content);
    return workspace.remove(file.path);
  }
  workspace.write(file.path, content);
}
