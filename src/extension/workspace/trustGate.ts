// Restricted Mode (package.json `capabilities.untrustedWorkspaces`: limited). In a workspace the user has not
// trusted, Fuzzy Edit still resolves edits and lets the user review and apply them in documents that are
// already open — the buffer changes, the user decides whether to save. What would reach the disk or run
// programs without that look needs trust: editing a file that is not open (auto-save would write it), creating,
// deleting or moving files, and git checkpoints (git runs the repository's own config: hooks, fsmonitor).
// Pure: callers pass vscode.workspace.isTrusted.

export type TrustNeed = 'closed_file' | 'file_operation' | 'checkpoint';

const WHY: Record<TrustNeed, string> = {
  closed_file: 'in Restricted Mode Fuzzy Edit edits only documents that are open; open the file first, or trust the workspace',
  file_operation: 'in Restricted Mode Fuzzy Edit does not create, delete or move files; trust the workspace to allow it',
  checkpoint: 'in Restricted Mode git checkpoints are not taken (git would run the repository configuration); a snapshot is kept instead',
};

/** Why `need` is not allowed now, or undefined when it is. */
export function restrictedReason(trusted: boolean, need: TrustNeed): string | undefined {
  return trusted ? undefined : WHY[need];
}
